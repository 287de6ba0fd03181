// The `vitest-scenario` bin's commands, picked by the first argument.
import { formatMessage } from '../errors/index.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { compareCommand } from './compare-command.js'
import { githubCommand } from './github-command.js'
import { promoteCommand } from './promote-command.js'
import { USAGE } from './usage.js'

/** Runs the command `args` name (the bin's arguments); returns the exit code. */
export async function runCli(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [command, ...rest] = args
  if (command === '--help' || command === '-h' || command === 'help') {
    context.stdout(USAGE)
    return 0
  }
  if (command === 'compare') {
    if (rest.includes('--help') || rest.includes('-h')) return help(context)
    return compareCommand(rest, context)
  }
  if (command === 'github') {
    if (rest.includes('--help') || rest.includes('-h')) return help(context)
    return githubCommand(rest, context)
  }
  if (command === 'promote') {
    if (rest.includes('--help') || rest.includes('-h')) return help(context)
    return promoteCommand(rest, context)
  }
  const what = command === undefined ? 'No command given' : `Unknown command '${command}'`
  context.stderr(
    `${formatMessage({ what, fix: 'Run `vitest-scenario compare`, `vitest-scenario github` or `vitest-scenario promote <candidate>`; the usage follows.' })}\n\n${USAGE}`,
  )
  return 2
}

function help(context: CliContext): ExitCode {
  context.stdout(USAGE)
  return 0
}
