import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { parseOptions } from '../internal/options-schema.js'
import { modelConfigSchema } from '../models/model-config-schema.js'
import { isRecordingSession, type RecordingSession } from '../recordings/session.js'
import { readResultsReport } from '../results/read-results.js'
import { DEFAULT_RESULTS_PATH } from '../results/results-report.js'
import type { CalibrationJudge } from './agreement-gates.js'
import type { Calibration } from './calibration.js'
import { summarize } from './calibration-of.js'
import { matchLabels } from './match-labels.js'
import { type LabelsInput, readLabelsInput, shown } from './read-labels-input.js'
import { rejudge } from './rejudge.js'

/** The rules of `calibrateJudge`'s options, the one place they live. */
const calibrateOptionsSchema = z.strictObject(
  {
    /** The last run's results; `test-results/results.json` under `root` by default. */
    results: z.string('a path').min(1, 'a path, not empty').optional(),
    /** Where relative paths start; the working directory by default. */
    root: z.string('a path').min(1, 'a path, not empty').optional(),
    /** Another judge to calibrate: the labelled transcripts are judged again with it. */
    judge: z
      .strictObject(
        {
          model: modelConfigSchema,
          instructions: z.string('a string').optional(),
          votes: z
            .number('an odd whole number ≥ 1')
            .int('an odd whole number ≥ 1')
            .min(1, 'an odd whole number ≥ 1')
            .refine((n) => n % 2 === 1, 'an odd whole number ≥ 1 (a tie has no majority)')
            .optional(),
        },
        { error: 'an object { model, instructions?, votes? }' },
      )
      .optional(),
    /** The recording session the re-judge's calls go through; none: they go live. */
    recording: z
      .custom<RecordingSession>(isRecordingSession, {
        error: 'a RecordingSession (from vitest-scenario/host)',
      })
      .optional(),
  },
  { error: 'an options object { results?, root?, judge?, recording? }' },
)

/**
 * Options of `calibrateJudge`: the results to compare with (`results`, relative to `root`), and
 * `judge` to calibrate another judge than the run's (its `model`, `instructions`, `votes`), its
 * calls made through `recording`.
 */
export interface CalibrateJudgeOptions extends z.input<typeof calibrateOptionsSchema> {}

const FIX =
  "Write calibrateJudge('test/__labels__/refunds.test.ts.labels.json', { results?, root?, judge?: { model, instructions?, votes? } })."

/**
 * Measures a conversation judge against human labels: each current label (same test, sample,
 * outcome, criterion and transcript hash as the last run's results) against the run's verdict —
 * or, with `judge`, against that judge's verdict on the transcript the run kept. Per criterion and
 * overall: n, agreement, Cohen's κ, TPR and TNR with 95 % Wilson intervals, and the confusion
 * matrix (`met` is the positive class; `inconclusive` counts as not met). Stale labels (the
 * conversation changed) and missing ones (the run has nothing to compare) are listed, not used.
 * Runner-free: the re-judge's calls record and replay through `recording`.
 *
 * @example
 * const calibration = await calibrateJudge('test/__labels__/refunds.test.ts.labels.json')
 * calibration.overall.kappa // 0.82
 */
export async function calibrateJudge(
  labels: LabelsInput,
  options?: CalibrateJudgeOptions,
): Promise<Calibration> {
  const where = 'calibrateJudge(labels, options)'
  assertReadable(labels, where)
  const checked = parseOptions(calibrateOptionsSchema, options ?? {}, { where, fix: FIX })
  const root = resolve(checked.root ?? process.cwd())
  const results = resolve(root, checked.results ?? DEFAULT_RESULTS_PATH)
  const files = readLabelsInput(labels, root, 'calibrateJudge(labels)')
  if (!existsSync(results)) {
    throw new InvalidArgumentError(
      `calibrateJudge() found no results at ${results}: the judge's verdicts come from the last run's results`,
      'Run the suite first (its scenario reporter writes test-results/results.json), or pass { results: "<path of a results.json>" }.',
    )
  }
  const report = readResultsReport(results)
  const matched = matchLabels(files, report.tests)
  if (checked.judge === undefined) {
    return summarize(matched.current, matched.stale, matched.missing, shown(results, root))
  }
  const again = await rejudge(matched.current, {
    model: checked.judge.model,
    instructions: checked.judge.instructions,
    votes: checked.judge.votes,
    recording: checked.recording,
  })
  return summarize(
    again.pairs,
    matched.stale,
    [...matched.missing, ...again.missing],
    shown(results, root),
  )
}

/**
 * `calibrate` (a host's bound `calibrateJudge`, whose re-judge records through the running test)
 * of what a matcher received, paths relative to `root()` (the working directory when it gives
 * none), with the matcher's `judge` when it has one: what a host hands `createToAgreeWithLabels`.
 */
export function calibrateUnder(
  root: () => string | undefined,
  calibrate: typeof calibrateJudge = calibrateJudge,
): (labels: unknown, judge?: CalibrationJudge) => Promise<Calibration> {
  return (labels, judge) => {
    const at = root()
    const options: CalibrateJudgeOptions = at === undefined ? {} : { root: at }
    if (judge !== undefined) options.judge = judge
    return calibrate(labels as LabelsInput, options)
  }
}
