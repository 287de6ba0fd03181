// A command's failures are values, not thrown errors: each step returns either what it found or
// the message and exit code to stop with, and the command prints the message once.
import { formatMessage } from '../errors/index.js'

/** Why a command stops: the message to print (it starts with `[vitest-scenario]`) and the exit code. */
export interface CliFailure {
  code: 1 | 2
  message: string
}

/** What a step of a command gives back: its value, or why the command stops. */
export type CliResult<T> = { ok: true; value: T } | { ok: false; failure: CliFailure }

/** A step's value. */
export function ok<T>(value: T): CliResult<T> {
  return { ok: true, value }
}

/**
 * A step's failure: `what` happened (to what), `subjects` listed below it, and `fix`, what to do.
 * Exit code 2 for bad usage or input, 1 for an operation that failed.
 */
export function fail<T = never>(
  code: 1 | 2,
  what: string,
  fix: string,
  subjects: readonly string[] = [],
): CliResult<T> {
  return { ok: false, failure: { code, message: formatMessage({ what, fix, subjects }) } }
}

/** Node's error as one line: its code and message (never a stack). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === undefined ? error.message : `${code}: ${error.message}`
  }
  return String(error)
}
