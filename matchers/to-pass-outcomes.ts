import { InvalidArgumentError, quoteList } from '../src/errors/index.js'
import { assertReadable } from '../src/internal/assert-readable.js'
import { describeValue } from '../src/internal/describe-value.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState, MatcherUtils } from './matcher-types.js'
import { formatList, formatValue } from './text.js'
import type { Verdict } from './verdict.js'

/**
 * Passes when the run's boolean outcome criteria hold (`result.outcomeResults`), all of them or
 * the ones named; on a result set, when they hold in every sample. Numeric criteria are reported,
 * never asserted.
 *
 * @example
 * expect(result).toPassOutcomes()
 * expect(result).toPassOutcomes(['kept-answer'])
 */
export function toPassOutcomes(
  this: MatcherState,
  received: unknown,
  names?: string | readonly string[],
): MatcherOutcome {
  const wanted = readNames(names)
  const args =
    wanted === undefined ? '' : typeof names === 'string' ? formatValue(names) : formatList(wanted)
  return judgeReceived(this, { name: 'toPassOutcomes', args }, received, (result) =>
    outcomesVerdict(result, wanted, this.utils),
  )
}

function outcomesVerdict(
  result: ScenarioExecutionResult,
  wanted: readonly string[] | undefined,
  utils: MatcherUtils,
): Verdict {
  const names = checkedNames(result, wanted)
  const failed = names.filter((name) => result.outcomeResults[name] !== true)
  const head =
    names.length === 1
      ? `The outcome criterion ${failed.length === 0 ? 'passed' : 'failed'}:`
      : failed.length === 0
        ? `All ${names.length} outcome criteria passed:`
        : `${failed.length} of ${names.length} outcome criteria failed:`
  const lines = names.map((name) =>
    result.outcomeResults[name] === true
      ? `  ${utils.EXPECTED_COLOR('✓')} ${name}`
      : `  ${utils.RECEIVED_COLOR('✗')} ${name}`,
  )
  return {
    pass: failed.length === 0,
    summary: [head, ...lines],
    notes: result.diagnostics.filter((d) => d.kind === 'outcome').map((d) => d.message),
    diff: {
      expected: Object.fromEntries(names.map((name) => [name, true])),
      actual: Object.fromEntries(names.map((name) => [name, result.outcomeResults[name]])),
    },
  }
}

/** The boolean criteria to check: the named ones (each must exist and be boolean), else all. */
function checkedNames(result: ScenarioExecutionResult, wanted: readonly string[] | undefined) {
  const entries = Object.entries(result.outcomeResults)
  const booleans = entries.filter(([, value]) => typeof value === 'boolean').map(([name]) => name)
  if (wanted === undefined) {
    if (booleans.length > 0) return booleans
    throw new InvalidArgumentError(
      `toPassOutcomes() found no boolean outcome criteria in the result of '${result.scenarioId}'`,
      "Add one in the builder, e.g. s.addOutcome('kept-answer', lastTurn({ verifyResult: true })).",
    )
  }
  for (const name of wanted) {
    const value = result.outcomeResults[name]
    if (typeof value === 'boolean' && Object.hasOwn(result.outcomeResults, name)) continue
    if (typeof value === 'number') {
      throw new InvalidArgumentError(
        `Outcome '${name}' of '${result.scenarioId}' is numeric (${value}); toPassOutcomes() checks boolean criteria`,
        `Compare its value instead: expect(result.outcomeResults['${name}']).toBe(${value}).`,
      )
    }
    const known = booleans.length === 0 ? 'none' : quoteList(booleans)
    throw new InvalidArgumentError(
      `Unknown outcome '${name}' in toPassOutcomes() for '${result.scenarioId}'`,
      `Boolean outcome criteria of this scenario: ${known}.`,
    )
  }
  return [...wanted]
}

function readNames(names: unknown): readonly string[] | undefined {
  if (names === undefined) return undefined
  if (typeof names === 'string') return [names]
  assertReadable(names, 'toPassOutcomes(names)')
  if (Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string')) {
    return names
  }
  throw new InvalidArgumentError(
    `toPassOutcomes() takes an outcome name or a non-empty list of names, got ${describeValue(names)}`,
    'Leave it out to check every boolean outcome criterion.',
  )
}
