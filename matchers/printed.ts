import { InvalidArgumentError, isScenarioError } from '../src/errors/index.js'
import { thrownMessage } from '../src/internal/describe-value.js'
import {
  currentSecretSettings,
  liveKeys,
  maskPrinted,
  maskWith,
  neutralizeControl,
  printable,
  type SecretRule,
  secretRules,
} from '../src/secrets/index.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'

/**
 * A matcher whose message and diff values are safe to print: model answers and server error
 * bodies may hold a key (an error body that echoes it) or terminal escapes. The message goes
 * through the running test's `redact` hook, secrets are masked as `[secret]`, and control
 * characters are written as visible escapes (the matcher's own colours kept).
 */
export function printedSafely<Args extends unknown[]>(
  matcher: (this: MatcherState, received: unknown, ...args: Args) => MatcherOutcome,
): (this: MatcherState, received: unknown, ...args: Args) => MatcherOutcome {
  const safe = function (this: MatcherState, received: unknown, ...args: Args): MatcherOutcome {
    let outcome: MatcherOutcome
    try {
      outcome = matcher.call(this, received, ...args)
    } catch (error) {
      // The received value passed the shape check but a deeper part of it could not be read (a
      // getter or a Proxy that throws): a clear error, never a TypeError from inside.
      if (isScenarioError(error)) throw error
      throw new InvalidArgumentError(
        `${matcher.name}() could not read its received value: ${thrownMessage(error)}`,
        'Pass what run() or runScenario() returns, unchanged.',
        undefined,
        { cause: error },
      )
    }
    // Vitest reads the message and the compared values only when the assertion fails.
    const fails = outcome.pass === (this.isNot === true)
    return fails ? safeOutcome(outcome) : outcome
  }
  Object.defineProperty(safe, 'name', { value: matcher.name })
  return safe
}

/** The outcome with its message and its diff values made printable. */
export function safeOutcome(outcome: MatcherOutcome): MatcherOutcome {
  const safe: MatcherOutcome = {
    pass: outcome.pass,
    message: () => printable(outcome.message(), currentSecretSettings()),
  }
  if ('expected' in outcome || 'actual' in outcome) {
    // The rules once per outcome, not once per string: building them reads the environment.
    const rules = secretRules(liveKeys())
    if ('expected' in outcome) safe.expected = printableValue(outcome.expected, rules)
    if ('actual' in outcome) safe.actual = printableValue(outcome.actual, rules)
  }
  return safe
}

/** A diff value with every string masked and neutralized (Vitest prints them in the diff). */
function printableValue(value: unknown, rules: readonly SecretRule[], depth = 0): unknown {
  if (typeof value === 'string') return neutralizeControl(maskWith(value, rules))
  if (depth > 20 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => printableValue(item, rules, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      neutralizeControl(maskWith(key, rules)),
      printableValue(item, rules, depth + 1),
    ]),
  )
}

/**
 * A text from a run (an answer, a question, an error message) before a message quotes or clips
 * it: through the running test's `redact` hook, secrets masked. Clipping comes after, so a cut
 * never leaves the start of a key behind.
 */
export function unclippedSafeText(text: string): string {
  return maskPrinted(text, currentSecretSettings())
}
