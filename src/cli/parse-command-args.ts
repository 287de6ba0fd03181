// Parsing a command's arguments with Node's own parser, its errors turned into the bin's messages.
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { type CliResult, fail, ok } from './cli-failure.js'

type Options = NonNullable<ParseArgsConfig['options']>

/** What `parseArgs` gives for `options`: each value a string or a boolean, when given. */
export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

/** Parses `args` of `command` strictly: an unknown flag or a missing value is a usage error. */
export function parseCommandArgs(
  command: string,
  args: readonly string[],
  options: Options,
): CliResult<ParsedArgs> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
    })
    return ok({ values: values as ParsedArgs['values'], positionals })
  } catch (error) {
    // Node's own message names the flag (ERR_PARSE_ARGS_UNKNOWN_OPTION, …).
    const message = error instanceof Error ? error.message : String(error)
    return fail(
      2,
      `Bad arguments for \`vitest-scenario ${command}\`: ${message}`,
      'Run `vitest-scenario --help` for the usage.',
    )
  }
}

/** A flag's value as a number of at least 0 (`integer`: a whole number), or a usage error. */
export function numberFlag(
  flag: string,
  value: string | boolean | undefined,
  integer: boolean,
): CliResult<number | undefined> {
  if (value === undefined) return ok(undefined)
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  if (Number.isFinite(parsed) && parsed >= 0 && (!integer || Number.isInteger(parsed))) {
    return ok(parsed)
  }
  return fail(
    2,
    `--${flag} takes ${integer ? 'a whole number, at least 0' : 'a number, at least 0'}; got '${String(value)}'`,
    `Write e.g. --${flag} ${integer ? '0' : '10'}.`,
  )
}
