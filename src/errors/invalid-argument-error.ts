import { quoteList } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/** A builder method, factory or option was given a value it cannot take (a programmer error). */
export class InvalidArgumentError extends ScenarioError {
  override name = 'InvalidArgumentError'

  constructor(what: string, fix?: string, subjects?: readonly string[]) {
    super('invalid_argument', { what, fix, subjects })
  }
}

/**
 * Throws when `value` has keys outside `valid`: unknown keys are an error, never ignored.
 *
 * @example
 * assertKnownKeys(spec, ['question', 'stateUpdate'], "addNode('ask', spec)")
 */
export function assertKnownKeys(value: object, valid: readonly string[], where: string): void {
  const unknown = Object.keys(value).filter((k) => !valid.includes(k))
  if (unknown.length === 0) return
  const noun = unknown.length === 1 ? 'key' : 'keys'
  throw new InvalidArgumentError(
    `Unknown ${noun} ${quoteList(unknown)} in ${where}`,
    `Valid keys: ${quoteList(valid)}.`,
  )
}

/** Throws unless `value` is one of `valid`, naming the valid values. */
export function assertOneOf<T extends string>(
  value: unknown,
  valid: readonly T[],
  what: string,
): asserts value is T {
  if (typeof value === 'string' && (valid as readonly string[]).includes(value)) return
  throw new InvalidArgumentError(
    `Unknown ${what} ${typeof value === 'string' ? `'${value}'` : String(value)}`,
    `Valid values: ${quoteList(valid)}.`,
  )
}
