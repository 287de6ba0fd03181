// What every host (the Vitest setup entry, the Jest host) does with the sessions of one test
// beyond creating them: refusing calls made outside any test, and finishing a test's sessions into
// one summary and its failures.
import { RecordingError } from '../../errors/index.js'
import { RecordingSession, type RecordingSummary } from '../../recordings/session.js'
import type { RecordingStore } from '../../recordings/store.js'

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

/** What finishing a test's sessions gave: one summary (for the reporter) and the failures. */
export interface FinishedSessions {
  /** `undefined` when the test made no session (no model call) or none could finish. */
  summary: RecordingSummary | undefined
  /** Misses, refusals and files that could not be written: each one more failure of the test. */
  failures: Error[]
}

/**
 * Finishes the sessions of one test (writes or deletes its recordings): its own, when it was
 * made, and one per sample of a `samples: n` scenario (`samples` may have holes, for samples that
 * made no call). Every session finishes even when another could not write: its error is one more
 * failure, never an unhandled rejection. The summary adds up the counts; it names the first
 * sample's file when there are samples (the test's own is unused then) and says how many ran.
 */
export async function finishTestSessions(
  own: RecordingSession | undefined,
  samples: readonly (RecordingSession | undefined)[],
  testFailed: boolean,
): Promise<FinishedSessions> {
  const made = samples.filter((session) => session !== undefined)
  const all = own === undefined ? made : [own, ...made]
  const settled = await Promise.allSettled(all.map((session) => session.finish(testFailed)))
  const summaries = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const named =
    samples.length > 0 && own !== undefined ? (summaries[1] ?? summaries[0]) : summaries[0]
  let summary: RecordingSummary | undefined
  if (named !== undefined) {
    summary = { ...named, replayed: 0, recorded: 0, misses: 0 }
    for (const s of summaries) {
      summary.replayed += s.replayed
      summary.recorded += s.recorded
      summary.misses += s.misses
      summary.written ||= s.written
      summary.deleted ||= s.deleted
    }
    if (samples.length > 0) summary.samples = samples.length
  }
  return {
    summary,
    failures: [
      // A refused test fails each call with the same error: it is reported once.
      ...new Set(all.flatMap((session) => session.failures)),
      ...settled.flatMap((s) => (s.status === 'rejected' ? [toError(s.reason)] : [])),
    ],
  }
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason))
}
