import { InvalidArgumentError, quoteList } from '../src/errors/index.js'
import { assertReadable } from '../src/internal/assert-readable.js'
import { describeValue } from '../src/internal/describe-value.js'
import { voteTallyText } from '../src/outcomes/vote-tally.js'
import { getOwn } from '../src/state/own-keys.js'
import type { JudgeResult, ScenarioExecutionResult } from '../src/state/types.js'
import { firstItems, MAX_LISTED, MORE_KEY } from './first-items.js'
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
    outcomesVerdict(result, wanted, this.utils, this.isNot === true),
  )
}

function outcomesVerdict(
  result: ScenarioExecutionResult,
  wanted: readonly string[] | undefined,
  utils: MatcherUtils,
  isNot: boolean,
): Verdict {
  const names = checkedNames(result, wanted)
  const failed = names.filter((name) => result.outcomeResults[name] !== true)
  // An error is not a verdict: counted and worded apart from a criterion that failed.
  const errored = failed.filter((name) => Object.hasOwn(result.outcomeErrors, name))
  // A long list shows the criteria that failed first, and counts what it leaves out.
  const ordered =
    names.length <= MAX_LISTED
      ? names
      : [...failed, ...names.filter((name) => result.outcomeResults[name] === true)]
  const { shown, more } = firstItems(ordered)
  const lines = shown.flatMap((name) => criterionLines(result, name, utils))
  if (more > 0) lines.push(`  ${moreCriteria(more, failed.length - shown.length)}`)
  const expected: Record<string, unknown> = Object.fromEntries(shown.map((name) => [name, true]))
  const actual: Record<string, unknown> = Object.fromEntries(
    shown.map((name) => [name, result.outcomeResults[name]]),
  )
  if (more > 0) {
    // The same text on both sides: the runner shows it as unchanged.
    expected[MORE_KEY] = moreCriteria(more, failed.length - shown.length)
    actual[MORE_KEY] = expected[MORE_KEY]
  }
  return {
    // A criterion that could not be evaluated fails the assertion both ways: `.not` asks for a
    // verdict of "failed", and an error is none.
    pass: errored.length > 0 ? isNot : failed.length === 0,
    summary: [head(names.length, failed.length, errored.length), ...lines],
    notes: result.diagnostics.filter((d) => d.kind === 'outcome').map((d) => d.message),
    diff: { expected, actual },
  }
}

/** `… and 990 more criteria (980 failed)`: the criteria a long list leaves out. */
function moreCriteria(count: number, failed: number): string {
  const noun = count === 1 ? 'criterion' : 'criteria'
  return `… and ${count} more ${noun} (${Math.max(0, failed)} failed)`
}

function head(count: number, failed: number, errored: number): string {
  const errors =
    errored === 0
      ? ''
      : ` (${errored === failed && count === 1 ? 'it' : errored} could not be evaluated: an error, not a verdict)`
  if (count === 1) {
    if (failed === 0) return 'The outcome criterion passed:'
    return errored === 1
      ? 'The outcome criterion could not be evaluated (an error, not a verdict):'
      : 'The outcome criterion failed:'
  }
  if (failed === 0) return `All ${count} outcome criteria passed:`
  return `${failed} of ${count} outcome criteria failed${errors}:`
}

/**
 * A criterion's line: ✓ or ✗ and its name; for one that failed, the reason its callable gave,
 * or the error that kept it from being evaluated, and each judge criterion that was not met with
 * the judge's reasoning.
 */
function criterionLines(
  result: ScenarioExecutionResult,
  name: string,
  utils: MatcherUtils,
): string[] {
  if (result.outcomeResults[name] === true) return [`  ${utils.EXPECTED_COLOR('✓')} ${name}`]
  const mark = utils.RECEIVED_COLOR('✗')
  const error = getOwn(result.outcomeErrors, name)
  const reason = getOwn(result.outcomeReasons, name)
  let line = `  ${mark} ${name}`
  if (error !== undefined)
    line += ` — could not be evaluated, ${error.category} error: ${error.message}`
  else if (reason !== undefined) line += ` — ${reason}`
  return [line, ...judgementLines(getOwn(result.judgements, name))]
}

/**
 * Each unmet or inconclusive judge criterion, with the judge's reasoning under it (and the tally
 * of its votes when the judge was asked several times).
 */
export function judgementLines(judgement: JudgeResult | undefined, indent = '      '): string[] {
  if (judgement === undefined) return []
  return judgement.criteria.flatMap(({ criterion, verdict, reasoning, votes }) => {
    if (verdict === 'met') return []
    const tally = voteTallyText(
      verdict,
      votes?.map((v) => v.verdict),
    )
    return [
      `${indent}${verdict}${tally === undefined ? '' : ` (${tally})`}: ${criterion}`,
      ...reasoning.split('\n').map((l) => `${indent}  ${l}`),
    ]
  })
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
