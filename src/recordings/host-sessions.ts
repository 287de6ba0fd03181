// What every host (the Vitest setup entry, the Jest host) does with the sessions of one test
// beyond creating them: refusing calls made outside any test, and one summary for a test whose
// calls went to several recordings.
import { RecordingError } from '../errors/index.js'
import { RecordingSession, type RecordingSummary } from './session.js'
import type { RecordingStore } from './store.js'

/** A session that refuses every call with `error` (nothing is read or written). */
export function refusingSession(error: RecordingError, store: RecordingStore): RecordingSession {
  return new RecordingSession({
    file: '',
    displayFile: '',
    test: '',
    mode: 'replay',
    command: '',
    refuse: error,
    store,
  })
}

/** A session that refuses every call: made outside any test, in `replay` mode. */
export function outsideTestSession(store: RecordingStore): RecordingSession {
  const error = new RecordingError(
    {
      what: 'A model call was made outside any test, so it cannot be replayed',
      fix: 'Make model calls inside a test (not in beforeAll or at import time), or set VITEST_SCENARIO_RECORD=off to call the model live.',
    },
    '',
  )
  return refusingSession(error, store)
}

/**
 * One summary for a test whose calls went to several recordings (its samples): counts summed,
 * the file named is the first sample's when there are samples (the test's own is unused then).
 * `ownFirst`: whether `summaries` starts with the test's own session's (a host that makes that
 * session only when a call needs it passes `false` when it never did).
 */
export function mergeSummaries(
  summaries: RecordingSummary[],
  samples: number,
  ownFirst = true,
): RecordingSummary {
  const named =
    (samples > 0 && ownFirst ? summaries[1] : undefined) ?? (summaries[0] as RecordingSummary)
  const merged: RecordingSummary = { ...named, replayed: 0, recorded: 0, misses: 0 }
  for (const s of summaries) {
    merged.replayed += s.replayed
    merged.recorded += s.recorded
    merged.misses += s.misses
    merged.written ||= s.written
    merged.deleted ||= s.deleted
  }
  return samples === 0 ? merged : { ...merged, samples }
}
