import { describeValue } from '../internal/describe-value.js'
import { quoteList } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/** A builder method, factory or option was given a value it cannot take (a programmer error). */
export class InvalidArgumentError extends ScenarioError {
  override name = 'InvalidArgumentError'

  constructor(what: string, fix?: string, subjects?: readonly string[], options?: ErrorOptions) {
    super('invalid_argument', { what, fix, subjects }, options)
  }
}

/** Throws unless `value` is one of `valid`, naming the valid values. */
export function assertOneOf<T extends string>(
  value: unknown,
  valid: readonly T[],
  what: string,
): asserts value is T {
  if (typeof value === 'string' && (valid as readonly string[]).includes(value)) return
  throw new InvalidArgumentError(
    `Unknown ${what} ${describeValue(value)}`,
    `Valid values: ${quoteList(valid)}.`,
  )
}
