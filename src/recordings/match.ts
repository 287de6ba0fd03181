import type { RecordingMode } from './mode.js'
import type { RecordedInteraction, RecordingFile } from './recording-file.js'

/** What one call is matched against: the session's loaded recording and where the test stands. */
export interface MatchState<I = RecordedInteraction> {
  mode: Exclude<RecordingMode, 'off'>
  /**
   * Set when no call of the session may be answered: the test may not use its recording (a
   * duplicate name, a call outside any test), or its file could not be read or parsed.
   */
  refusal: Error | undefined
  /** The recording file as loaded, or `undefined` when the test has none. */
  recording: RecordingFile | undefined
  /** The recording's interactions (model calls, or MCP requests) by key, in recorded order. */
  byKey: ReadonlyMap<string, readonly I[]>
  /** Whether a call of this test already went live against an existing recording (mode `all`). */
  diverged: boolean
}

/** One call as matching sees it: its request key and how many earlier calls of the test had it. */
export interface MatchCall {
  key: string
  /** How many calls with this key this test was answered before (replayed or recorded). */
  occurrence: number
}

/** What to do with one call; the session carries it out. */
export type Decision<I = RecordedInteraction> =
  /** Answer from the recording. */
  | { kind: 'replay'; interaction: I }
  /**
   * Call the model live and keep the answer. `previous` is the interaction this call replaces
   * (re-recording an unchanged answer keeps its duration, so no byte changes); `diverges` is
   * set when the call leaves an existing recording (from then on every call goes live).
   */
  | { kind: 'record'; previous: I | undefined; diverges: boolean }
  /** No recorded answer, and this mode may not record one: the call fails with the miss report. */
  | { kind: 'miss'; reason: string }
  /** The call may not be answered at all: it fails with `error`. */
  | { kind: 'refuse'; error: Error }

/**
 * Decides one call from the mode, the loaded recording, the divergence flag and the occurrence
 * count, and changes nothing: the session applies the decision. The rules (see docs/design.md,
 * Recordings): `rerecord` records every call; otherwise a recorded interaction at this key and
 * occurrence replays until the test diverged; a call without one is recorded in `all`, and in
 * `new` when the test has no recording or a `partial` one; anything else is a miss.
 *
 * @example
 * match({ mode: 'replay', refusal: undefined, recording, byKey, diverged: false }, { key, occurrence: 0 })
 * // { kind: 'replay', interaction } when the recording has the call, else { kind: 'miss', reason }
 */
export function match<I = RecordedInteraction>(state: MatchState<I>, call: MatchCall): Decision<I> {
  if (state.refusal !== undefined) return { kind: 'refuse', error: state.refusal }
  const { mode, recording } = state
  const recorded = mode === 'rerecord' ? undefined : state.byKey.get(call.key)?.[call.occurrence]
  if (recorded !== undefined && !state.diverged) return { kind: 'replay', interaction: recorded }
  const mayRecord =
    mode === 'all' ||
    mode === 'rerecord' ||
    (mode === 'new' && (recording === undefined || recording.status === 'partial'))
  if (!mayRecord) return { kind: 'miss', reason: missReason(mode, recording) }
  return {
    kind: 'record',
    previous: state.byKey.get(call.key)?.[call.occurrence],
    diverges: recording !== undefined,
  }
}

function missReason(mode: RecordingMode, recording: RecordingFile | undefined): string {
  if (recording === undefined) return 'no recording file exists'
  if (mode === 'new') {
    return 'the recording is complete and no recorded request matches this one (did the prompt, model or options change?)'
  }
  return 'no recorded request matches this one'
}
