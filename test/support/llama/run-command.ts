import { spawn } from 'node:child_process'

/** Options for {@link runCommand}. */
export interface RunCommandOptions {
  /** Working directory; the current one when absent. */
  readonly cwd?: string
  /** Extra environment variables on top of this process's environment. */
  readonly env?: Readonly<Record<string, string>>
}

/** The most output kept for an error message. */
const tailLimit = 4000

/**
 * Runs a command without a shell and resolves with its standard output. Rejects with an error
 * that names the command and quotes the end of its output when it cannot start or exits non-zero.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-tailLimit)
    })
    child.on('error', (error) => {
      reject(new Error(`could not run \`${command}\`: ${error.message}`, { cause: error }))
    })
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve(stdout)
        return
      }
      const how = signal === null ? `exited with code ${code}` : `was killed by ${signal}`
      const output = `${stderr}\n${stdout.slice(-tailLimit)}`.trim()
      reject(
        new Error(
          `\`${[command, ...args].join(' ')}\` ${how}${output === '' ? '' : `:\n${output}`}`,
        ),
      )
    })
  })
}
