import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { request } from 'node:http'
import { availableParallelism } from 'node:os'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Options of {@link startLlamaServer}. */
export interface StartServerOptions {
  readonly serverPath: string
  readonly modelPath: string
  /** The model name the server reports and accepts (`--alias`). */
  readonly alias: string
  /** The API key clients must send (`--api-key`). */
  readonly apiKey: string
  /** Where the server's whole log is written. */
  readonly logPath: string
  /** How long to wait for the port and then for `/health` (default 60 s). */
  readonly readyTimeoutMs?: number
}

/** A running llama-server. */
export interface RunningLlamaServer {
  /** The OpenAI-compatible base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string
  readonly port: number
  readonly pid: number
  readonly logPath: string
  /** Milliseconds from spawn to `/health` answering 200. */
  readonly startMs: number
  /** Sends SIGTERM and waits for the exit (SIGKILL after 5 s). */
  stop(): Promise<void>
}

const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/

/** The HTTP status of `GET /health` (public even with `--api-key`), or 0 when unreachable. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/health', agent: false, timeout: 2000 },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
    req.end()
  })
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/**
 * Starts llama-server on 127.0.0.1 with an ephemeral port (`--port 0`), reads the port from its
 * log line `listening on http://127.0.0.1:<port>`, and waits until `/health` answers 200.
 * One slot (`-np 1`), so requests are served one at a time and temperature-0 output repeats.
 * Rejects, quoting the end of the server's log, if it exits or is not ready in time.
 */
export async function startLlamaServer(options: StartServerOptions): Promise<RunningLlamaServer> {
  const timeoutMs = options.readyTimeoutMs ?? 60_000
  await mkdir(dirname(options.logPath), { recursive: true })
  const logFile = createWriteStream(options.logPath)
  logFile.on('error', () => {}) // the log is a debugging aid; the server runs without it
  // LLAMA_ARG_* variables would change the server's settings behind the tests' back.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('LLAMA_ARG_')),
  )
  const args = [
    '--model',
    options.modelPath,
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--ctx-size',
    '4096',
    '--parallel',
    '1',
    '--threads',
    String(Math.min(2, availableParallelism())),
    '--alias',
    options.alias,
    '--api-key',
    options.apiKey,
    '--no-ui',
    '--log-colors',
    'off',
  ]
  const started = performance.now()
  const child = spawn(options.serverPath, args, {
    cwd: dirname(options.serverPath),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Not left running if the test process exits without its teardown (a crash, process.exit).
  const killOnExit = (): void => {
    child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)

  let log = ''
  const failure = (why: string): Error =>
    new Error(`llama-server ${why} (log: ${options.logPath}):\n${log.slice(-3000)}`)
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(failure(`printed no port within ${timeoutMs / 1000} s`))
    }, timeoutMs)
    const onData = (chunk: Buffer): void => {
      if (!logFile.writableEnded) logFile.write(chunk)
      if (log.length < 100_000) log += chunk.toString('utf8')
      const match = listening.exec(log)
      if (match?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(failure(`could not be started: ${error.message}`))
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(failure(`exited before listening (code ${code}, signal ${signal})`))
    })
  }).catch((error: unknown) => {
    process.removeListener('exit', killOnExit)
    logFile.end()
    throw error
  })

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, 5000))) {
        child.kill('SIGKILL')
        await waitForExit(child, 5000)
      }
    }
    await new Promise<void>((resolve) => logFile.end(resolve))
  }

  const deadline = Date.now() + timeoutMs
  while ((await healthStatus(port)) !== 200) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw failure('exited before it was ready')
    }
    if (Date.now() > deadline) {
      await stop()
      throw failure(`was not healthy within ${timeoutMs / 1000} s`)
    }
    await sleep(50)
  }
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    pid: child.pid ?? -1,
    logPath: options.logPath,
    startMs: performance.now() - started,
    stop,
  }
}
