import type { ResultsTest } from '../results/results-report.js'
import type { Calibration, CriterionCalibration, MissingLabel, StaleLabel } from './calibration.js'
import type { LabelledPair } from './labelled-pair.js'
import { matchLabels, type SourcedLabels } from './match-labels.js'
import { agreementStats } from './statistics/agreement-stats.js'
import { addConfusion, type Confusion, countPair, emptyConfusion } from './statistics/confusion.js'

/**
 * The calibration of a run's own judge verdicts (its results' `tests`) against `files`: what
 * `calibrateJudge` returns without a re-judge, and what the reports show. `results` names the
 * results in the calibration.
 */
export function calibrationOf(
  files: readonly SourcedLabels[],
  tests: readonly ResultsTest[],
  results: string,
): Calibration {
  const matched = matchLabels(files, tests)
  return summarize(matched.current, matched.stale, matched.missing, results)
}

/** The statistics of `pairs`, per criterion (in the order first met) and overall. */
export function summarize(
  pairs: readonly LabelledPair[],
  stale: StaleLabel[],
  missing: MissingLabel[],
  results: string,
): Calibration {
  const groups = new Map<
    string,
    { outcome: string; criterion: string; files: Set<string>; table: Confusion }
  >()
  const overall = emptyConfusion()
  for (const pair of pairs) {
    const key = JSON.stringify([pair.place.outcome, pair.place.criterion])
    let group = groups.get(key)
    if (group === undefined) {
      group = {
        outcome: pair.place.outcome,
        criterion: pair.place.criterion,
        files: new Set(),
        table: emptyConfusion(),
      }
      groups.set(key, group)
    }
    group.files.add(pair.place.file)
    countPair(group.table, pair.label, pair.verdict)
  }
  const criteria: CriterionCalibration[] = []
  for (const group of groups.values()) {
    addConfusion(overall, group.table)
    const [file] = group.files
    criteria.push({
      outcome: group.outcome,
      criterion: group.criterion,
      ...(group.files.size === 1 && file !== undefined ? { file } : {}),
      ...agreementStats(group.table),
    })
  }
  return { overall: agreementStats(overall), criteria, stale, missing, results }
}
