// The transcripts a scenario's conversation judges read, for human labels: each judged run keeps
// the hash of what its judges read (a label is filed under it) and, within a budget of its own,
// the text itself, so `vitest-scenario label` can show the conversation without the test's
// results at hand. Failed runs first, as with the other texts.
import { transcriptHash } from '../../../calibration/transcript-hash.js'
import { renderTranscript } from '../../../models/transcript-text.js'
import type { ScenarioExecutionResult } from '../../../state/types.js'
import { clip } from './describe-when.js'
import { MAX_TRANSCRIPT_TEXT } from './meta-limits.js'
import type { ScenarioRunMeta } from './meta-schema.js'
import { failedFirst, type MetaWriter } from './meta-writer.js'

/**
 * How many characters of judged transcripts one scenario's meta keeps in all: 20 samples of a
 * 10,000-character conversation. Past it a run keeps the hash and no text (the labeller says so).
 */
export const TRANSCRIPT_BUDGET = 200_000

/**
 * Adds `transcript` to every run that a conversation judge judged: the hash of the transcript
 * as the judge read it (before masking: the label is of what the judge saw), and its masked
 * text while the budget lasts.
 */
export function addTranscripts(
  runs: ScenarioRunMeta[],
  results: readonly ScenarioExecutionResult[],
  write: MetaWriter,
): void {
  let budget = TRANSCRIPT_BUDGET
  for (const index of failedFirst(runs)) {
    const run = runs[index]
    const result = results[index]
    // A result from before judges (or a hand-made one) may have no judgements at all.
    if (run === undefined || result === undefined || !judged(result)) continue
    const full = renderTranscript(result)
    run.transcript = { hash: transcriptHash(full) }
    // Masked whole, then clipped here: the run says when its text was cut.
    const masked = write.text(full, `runs.${index}.transcript.text`, Number.POSITIVE_INFINITY)
    const text = clip(masked, MAX_TRANSCRIPT_TEXT)
    if (text.length > budget) continue
    budget -= text.length
    run.transcript.text = text
    if (text !== masked) run.transcript.clipped = true
  }
}

/** Whether a conversation judge gave the run a judgement (an error is not one). */
function judged(result: ScenarioExecutionResult): boolean {
  const judgements = result.judgements
  return typeof judgements === 'object' && judgements !== null && Object.keys(judgements).length > 0
}
