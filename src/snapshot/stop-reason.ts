// Which stop reasons a run's status already says, so transcripts and reports name only the others.
import type { ScenarioStatus, StopReason } from '../state/types.js'

/**
 * The stop reasons each status implies: `end` and `terminal` both complete a run (the path shows
 * where), `turn_limit` is what `limit_reached` meant before budgets, and a run error names
 * `error` or `aborted` itself. Only another reason (a spent `budget`) is worth a word.
 */
const IMPLIED: Readonly<Record<ScenarioStatus, readonly string[]>> = {
  completed: ['end', 'terminal'],
  limit_reached: ['turn_limit'],
  error: ['error', 'aborted'],
}

/**
 * The stop reason to show beside `status`, or `undefined` when the status already says it (or
 * the result, from before stop reasons, has none).
 *
 * @example
 * shownStopReason('limit_reached', 'budget') // 'budget'
 * shownStopReason('completed', 'terminal') // undefined
 */
export function shownStopReason(
  status: ScenarioStatus,
  reason: StopReason | string | undefined,
): string | undefined {
  if (reason === undefined || IMPLIED[status]?.includes(reason) === true) return undefined
  return reason
}
