// What `calibrateJudge` returns: plain JSON (a test can snapshot it, a script can write it), the
// judge's agreement with the labels per criterion and overall, and the labels it could not use.
import type { AgreementStats } from './statistics/agreement-stats.js'

/** Where a label points: a test's sample and one criterion of one of its judges. */
export interface LabelPlace {
  /** The labels file the label came from (relative to the root), or `'(content)'`. */
  labels: string
  /** The test file, as the labels file names it. */
  file: string
  /** The test's full name. */
  test: string
  project?: string | undefined
  /** The index of the sample (run) in the test's results. */
  sample: number
  /** The outcome the judge belongs to. */
  outcome: string
  criterion: string
}

/** A label of a conversation that has changed since it was labelled: reported, not used. */
export interface StaleLabel extends LabelPlace {
  /** The transcript hash the label was given for. */
  labelled: string
  /** The transcript hash of the last run. */
  current: string
}

/** A label the last run has nothing to compare with: reported, not used. */
export interface MissingLabel extends LabelPlace {
  /** What the run lacks, e.g. `no sample 3 (the test ran 2)`. */
  reason: string
}

/** The agreement on one judge criterion. */
export interface CriterionCalibration extends AgreementStats {
  outcome: string
  criterion: string
  /** The test file, when every label of the criterion came from one. */
  file?: string | undefined
}

/** A judge measured against human labels: see `calibrateJudge`. */
export interface Calibration {
  /** Over every current label. */
  overall: AgreementStats
  /** Per criterion (outcome and criterion text), in the order the labels first name them. */
  criteria: CriterionCalibration[]
  stale: StaleLabel[]
  missing: MissingLabel[]
  /**
   * The results file whose verdicts (or transcripts, when re-judged) were compared, relative to
   * the root (absolute outside it); `'this run'` in a report.
   */
  results: string
}
