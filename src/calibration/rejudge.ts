// Calibrating another judge (a model, instructions, votes) against the same labels: each labelled
// conversation's transcript, as the run kept it, judged again with the outcome's criteria in their
// original order. The request is the one a run makes for that transcript, so the calls record and
// replay like a run's.
import { InvalidArgumentError, ScenarioError } from '../errors/index.js'
import { type JudgeConversationOptions, judgeTranscriptText } from '../models/judge-conversation.js'
import type { RecordingSession } from '../recordings/session.js'
import type { MissingLabel } from './calibration.js'
import type { LabelledPair } from './labelled-pair.js'
import type { CurrentLabel } from './match-labels.js'
import type { JudgeVerdict } from './statistics/confusion.js'

/** The judge to calibrate instead of the run's: its model, instructions and votes. */
export interface RejudgeSettings {
  model: JudgeConversationOptions['model']
  instructions?: string | undefined
  /** Calls per conversation; each criterion takes the majority verdict (none: inconclusive). */
  votes?: number | undefined
  recording?: RecordingSession | undefined
}

/**
 * The verdicts of `settings`' judge on the conversations of `current`: one judge call (or `votes`)
 * per labelled (test, sample, outcome). A label whose run kept no transcript text becomes missing.
 * A call that fails throws: a failed judge is an error, never a verdict.
 */
export async function rejudge(
  current: readonly CurrentLabel[],
  settings: RejudgeSettings,
): Promise<{ pairs: LabelledPair[]; missing: MissingLabel[] }> {
  const pairs: LabelledPair[] = []
  const missing: MissingLabel[] = []
  const asked = new Map<string, Map<string, JudgeVerdict>>()
  // In label order, one conversation at a time: identical requests are answered by a recording
  // in the order they were made, so the order must not depend on timing.
  for (const item of current) {
    const transcript = item.run.transcript
    if (transcript?.text === undefined || transcript.clipped === true) {
      // A clipped transcript is not what the run's judge read: judging it would grade another
      // conversation than the one labelled.
      const reason =
        transcript?.text === undefined
          ? 'the run kept no transcript text to judge again (past the transcripts’ budget)'
          : 'the run kept only part of the transcript, too little to judge again'
      missing.push({ ...item.place, reason })
      continue
    }
    const text = transcript.text
    const key = JSON.stringify([
      item.place.file,
      item.place.project,
      item.place.test,
      item.place.sample,
      item.place.outcome,
    ])
    let verdicts = asked.get(key)
    if (verdicts === undefined) {
      verdicts = await judgeAgain(text, item, settings)
      asked.set(key, verdicts)
    }
    const verdict = verdicts.get(item.place.criterion)
    if (verdict === undefined) {
      throw new InvalidArgumentError(
        `calibrateJudge() lost the verdict on ${JSON.stringify(item.place.criterion)}`,
      )
    }
    pairs.push({ place: item.place, label: item.label, verdict })
  }
  return { pairs, missing }
}

async function judgeAgain(
  text: string,
  item: CurrentLabel,
  settings: RejudgeSettings,
): Promise<Map<string, JudgeVerdict>> {
  // The judge's own votes: `votes` calls, each criterion's majority (none: inconclusive).
  const judged = await judgeTranscriptText(text, item.criteria, {
    model: settings.model,
    ...(settings.instructions === undefined ? {} : { instructions: settings.instructions }),
    ...(settings.votes === undefined ? {} : { votes: settings.votes }),
    ...(settings.recording === undefined ? {} : { recording: settings.recording }),
  })
  if (!judged.ok) {
    const { place } = item
    throw new ScenarioError(
      judged.error.category === 'recording' ? 'recording_missing' : 'model_call_failed',
      {
        what: `calibrateJudge() could not judge ${place.file} › ${place.test} (sample ${place.sample}, outcome ${JSON.stringify(place.outcome)}) again: ${judged.error.message}`,
        fix: 'Check the judge’s model and its endpoint, or record the calls (VITEST_SCENARIO_RECORD=all) before replaying them.',
      },
    )
  }
  const verdicts = new Map<string, JudgeVerdict>()
  for (const { criterion, verdict } of judged.judgement.criteria) {
    if (!verdicts.has(criterion)) verdicts.set(criterion, verdict)
  }
  return verdicts
}
