// The scenario matchers as assertion functions, for a host whose runner has no `expect` (node:test):
// the same matcher functions Vitest and Jest register, called with a plain matcher state, and a
// failure thrown as node:assert's `AssertionError` with the matcher's message and compared values.
import { AssertionError } from 'node:assert'
import type { MatcherOutcome, MatcherState } from '../../../matchers/matcher-types.js'
import { matchers } from '../../../matchers/matchers.js'
import type { ScenarioMatchers } from '../../../matchers/scenario-matchers.js'
import { createToSatisfyJudge } from '../../../matchers/to-satisfy-judge.js'
import type { RecordingSession } from '../../recordings/session.js'

/** The scenario matchers as functions that return nothing or throw an `AssertionError`. */
export type ScenarioAssertions = {
  [K in Exclude<
    keyof ScenarioMatchers,
    'toSatisfyJudge' | 'toMatchConversationSnapshot' | 'toAgreeWithLabels'
  >]: (...args: Parameters<ScenarioMatchers[K]>) => void
} & {
  /** Asks a conversation judge (one model call, through the test's recording); await it. */
  toSatisfyJudge(...args: Parameters<ScenarioMatchers['toSatisfyJudge']>): Promise<void>
}

type Matcher = (
  this: MatcherState,
  received: unknown,
  ...args: unknown[]
) => MatcherOutcome | Promise<MatcherOutcome>

const plain = (text: string): string => text

/**
 * The assertions over `result`, negated when `isNot`. `call` names the assertion in a failure's
 * first line (`assertScenario(result)`); the judge's call goes through `recording()`, as a run's
 * calls do (with no default model: its `options.model` names it).
 *
 * @example
 * assertionFunctions(result, false, 'assertScenario', () => undefined).toHaveStatus('completed')
 */
export function assertionFunctions(
  result: unknown,
  isNot: boolean,
  call: string,
  recording: () => RecordingSession | undefined,
): ScenarioAssertions {
  const matcherHint = (name: string, received: string, args: string) =>
    `${call}(${received})${isNot ? '.not' : ''}.${name}(${args})`
  // Messages are printed as they are: no colours. The matchers read nothing else of the state.
  const utils = { DIM_COLOR: plain, EXPECTED_COLOR: plain, RECEIVED_COLOR: plain, matcherHint }
  const state = { isNot, promise: '', utils } as unknown as MatcherState
  const judge = createToSatisfyJudge({ model: () => undefined, recording })
  const all = { ...matchers, toSatisfyJudge: judge } as Record<string, Matcher>
  const verdict = (name: string, outcome: MatcherOutcome): void => {
    if (outcome.pass !== isNot) return
    const { actual, expected } = outcome
    throw new AssertionError({ message: outcome.message(), actual, expected, operator: name })
  }
  const asserted = Object.entries(all).map(([name, matcher]) => {
    const assert = (...args: unknown[]) => {
      const outcome = matcher.call(state, result, ...args)
      if (!(outcome instanceof Promise)) return verdict(name, outcome)
      return outcome.then((settled) => verdict(name, settled))
    }
    return [name, assert] as const
  })
  return Object.fromEntries(asserted) as unknown as ScenarioAssertions
}
