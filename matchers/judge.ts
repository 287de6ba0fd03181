import type { ScenarioResultSet } from '../src/samples/index.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { firstItems, listedItems, MORE_KEY } from './first-items.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { readReceived } from './received.js'
import { plural } from './text.js'
import { transcriptLines } from './transcript.js'
import type { Judge, Verdict } from './verdict.js'

/** How a matcher was called: its name and its arguments as the message's first line shows them. */
export interface MatcherCall {
  name: string
  args: string
}

// The samples a set's message details; the rest are counted.
const MAX_SAMPLES = 3
const MAX_NOTES = 3

/**
 * Runs a per-result matcher on what it received. On a result set the matcher holds when it holds
 * for every sample, and `.not` when it holds for no sample: a set where only some samples match
 * fails both ways, and the message names the samples at fault.
 */
export function judgeReceived(
  state: MatcherState,
  call: MatcherCall,
  received: unknown,
  judge: Judge,
): MatcherOutcome {
  const subject = readReceived(received, call.name)
  if (subject.kind === 'set') return judgeSet(state, call, subject.set, judge)
  const verdict = judge(subject.result)
  const message = () =>
    [hint(state, call, 'result'), '', ...resultLines(subject.result, verdict, state, true)].join(
      '\n',
    )
  return withDiff(state, { pass: verdict.pass, message }, verdict.diff)
}

/** The first line of a message: `expect(result).not.toHaveStatus('completed')`. */
export function hint(state: MatcherState, call: MatcherCall, received: string): string {
  return state.utils.matcherHint(call.name, received, call.args, {
    isNot: state.isNot,
    promise: state.promise,
  })
}

/** Adds the compared values (for Vitest's diff) to a failing positive assertion only. */
export function withDiff(
  state: MatcherState,
  outcome: MatcherOutcome,
  diff: Verdict['diff'],
): MatcherOutcome {
  if (state.isNot || outcome.pass || diff === undefined) return outcome
  return { ...outcome, expected: diff.expected, actual: diff.actual }
}

function judgeSet(
  state: MatcherState,
  call: MatcherCall,
  set: ScenarioResultSet,
  judge: Judge,
): MatcherOutcome {
  const verdicts = set.results.map(judge)
  // Vitest leaves `isNot` undefined on a positive assertion.
  const isNot = state.isNot === true
  // The samples at fault: those that fail a positive assertion, or that match under `.not`.
  const atFault = verdicts.flatMap((v, i) => (v.pass === isNot ? [i] : []))
  const message = () => setMessage(state, call, set.results, verdicts, atFault)
  const pass = isNot ? atFault.length > 0 : atFault.length === 0
  return withDiff(state, { pass, message }, setDiff(verdicts, atFault))
}

/**
 * The compared values of the samples at fault keyed by `sample i`: of the first `MAX_LISTED`
 * with a diff, the others counted under `…`.
 */
function setDiff(
  verdicts: readonly Verdict[],
  atFault: readonly number[],
): Verdict['diff'] | undefined {
  const diffs = atFault.flatMap((i) => {
    const diff = verdicts[i]?.diff
    return diff === undefined ? [] : [[`sample ${i}`, diff] as const]
  })
  if (diffs.length === 0) return undefined
  const { shown, more } = firstItems(diffs)
  const expected: Record<string, unknown> = Object.fromEntries(
    shown.map(([key, d]) => [key, d.expected]),
  )
  const actual: Record<string, unknown> = Object.fromEntries(
    shown.map(([key, d]) => [key, d.actual]),
  )
  if (more > 0) {
    // The same text on both sides: the runner shows it as unchanged.
    expected[MORE_KEY] = plural(more, 'more sample')
    actual[MORE_KEY] = plural(more, 'more sample')
  }
  return { expected, actual }
}

function setMessage(
  state: MatcherState,
  call: MatcherCall,
  results: readonly ScenarioExecutionResult[],
  verdicts: readonly Verdict[],
  atFault: readonly number[],
): string {
  const how = state.isNot ? 'match' : 'do not match'
  const lines = [
    hint(state, call, 'results'),
    '',
    `${atFault.length} of ${plural(results.length, 'sample')} ${how}:`,
  ]
  atFault.slice(0, MAX_SAMPLES).forEach((i, k) => {
    const result = results[i] as ScenarioExecutionResult
    const verdict = verdicts[i] as Verdict
    const [first = '', ...rest] = resultLines(result, verdict, state, k === 0)
    lines.push(`sample ${i}: ${first}`, ...rest)
  })
  const more = atFault.length - MAX_SAMPLES
  if (more > 0) {
    const rest = listedItems(atFault.slice(MAX_SAMPLES).map(String))
    lines.push(`… and ${plural(more, 'more sample')}: ${rest}`)
  }
  return lines.join('\n')
}

/** The summary, the transcript (unless left out) and the notes of one verdict. */
function resultLines(
  result: ScenarioExecutionResult,
  verdict: Verdict,
  state: MatcherState,
  withTranscript: boolean,
): string[] {
  const lines = [...verdict.summary]
  if (withTranscript) {
    // A result from before seeds existed has no `seed`: it had none.
    const seeded = result.seed?.length ?? 0
    const max = verdict.wholeTurns === true ? Number.POSITIVE_INFINITY : undefined
    lines.push(...transcriptLines(result.history, verdict.turns, state.utils, seeded, max))
    if (verdict.moreTurns !== undefined) lines.push(state.utils.DIM_COLOR(`  ${verdict.moreTurns}`))
  }
  const notes = [...new Set(verdict.notes ?? [])].slice(0, MAX_NOTES)
  for (const note of notes) lines.push(state.utils.DIM_COLOR(`Note: ${note}`))
  return lines
}
