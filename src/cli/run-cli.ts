// The `vitest-scenario` bin's commands, picked by the first argument.
import { formatMessage } from '../errors/index.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { compareCommand } from './compare-command.js'
import { githubCommand } from './github-command.js'
import { labelCommand } from './label-command.js'
import { mergeCommand } from './merge-command.js'
import { promoteCommand } from './promote-command.js'
import { USAGE } from './usage.js'

/** One command of the bin: its arguments after the command's name in, the exit code out. */
type Command = (args: readonly string[], context: CliContext) => ExitCode | Promise<ExitCode>

/** The bin's commands by name. */
const COMMANDS: Readonly<Record<string, Command>> = {
  compare: compareCommand,
  github: githubCommand,
  label: labelCommand,
  merge: mergeCommand,
  promote: promoteCommand,
}

/** Runs the command `args` name (the bin's arguments); returns the exit code. */
export async function runCli(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [command, ...rest] = args
  if (command === '--help' || command === '-h' || command === 'help') return help(context)
  const run =
    command === undefined
      ? undefined
      : Object.hasOwn(COMMANDS, command)
        ? COMMANDS[command]
        : undefined
  if (run !== undefined) {
    if (rest.includes('--help') || rest.includes('-h')) return help(context)
    return run(rest, context)
  }
  const what = command === undefined ? 'No command given' : `Unknown command '${command}'`
  context.stderr(
    `${formatMessage({ what, fix: 'Run `vitest-scenario compare`, `vitest-scenario github`, `vitest-scenario label`, `vitest-scenario merge <results.json>...` or `vitest-scenario promote <candidate>`; the usage follows.' })}\n\n${USAGE}`,
  )
  return 2
}

function help(context: CliContext): ExitCode {
  context.stdout(USAGE)
  return 0
}
