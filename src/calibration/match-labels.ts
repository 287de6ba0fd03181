// Each label set against the last run: the same test, sample, outcome and criterion, and the same
// conversation (transcript hash). A label whose conversation changed is stale, one the run has
// nothing for is missing: both are reported and never counted, so an old label cannot vouch for
// a judge on a conversation nobody looked at.
import { InvalidArgumentError } from '../errors/index.js'
import type { ScenarioRunMeta } from '../hosts/core/meta/meta-schema.js'
import type { ResultsTest } from '../results/results-report.js'
import type { LabelPlace, MissingLabel, StaleLabel } from './calibration.js'
import type { LabelsFile } from './labels-file.js'
import type { JudgeVerdict, LabelVerdict } from './statistics/confusion.js'

/** A labels file and where it came from (its path relative to the root, or `'(content)'`). */
export interface SourcedLabels {
  source: string
  content: LabelsFile
}

/** A label whose conversation is the one the last run judged. */
export interface CurrentLabel {
  place: LabelPlace
  label: LabelVerdict
  /** The run's verdict on the criterion. */
  verdict: JudgeVerdict
  /** The run (sample) the label is about. */
  run: ScenarioRunMeta
  /** The judge's criteria in the run, in their order (what a re-judge asks again). */
  criteria: string[]
}

/** The labels sorted against a run's results. */
export interface MatchedLabels {
  current: CurrentLabel[]
  stale: StaleLabel[]
  missing: MissingLabel[]
}

/**
 * Sorts every label of `files` against the tests of a run's results. Throws when a labels file's
 * test file is not among them at all: those labels are about tests the run did not run, not about
 * a judge.
 */
export function matchLabels(
  files: readonly SourcedLabels[],
  tests: readonly ResultsTest[],
): MatchedLabels {
  const matched: MatchedLabels = { current: [], stale: [], missing: [] }
  const byFile = new Map<string, ResultsTest[]>()
  for (const test of tests) {
    const list = byFile.get(test.file) ?? []
    list.push(test)
    byFile.set(test.file, list)
  }
  for (const { source, content } of files) {
    const tests = byFile.get(content.file)
    if (tests === undefined) {
      throw new InvalidArgumentError(
        `The labels in ${source} are about ${content.file}, which the last run's results do not have`,
        `Run ${content.file} (the results then have its judges' verdicts), or point calibrateJudge at the results of a run that ran it ({ results: '…/results.json' }).`,
      )
    }
    for (const label of content.labels) {
      const place: LabelPlace = {
        labels: source,
        file: content.file,
        test: label.test,
        ...(label.project === undefined ? {} : { project: label.project }),
        sample: label.sample,
        outcome: label.outcome,
        criterion: label.criterion,
      }
      const found = findCriterion(tests, place)
      if (!found.ok) {
        matched.missing.push({ ...place, reason: found.reason })
        continue
      }
      const hash = found.run.transcript?.hash
      if (hash === undefined) {
        matched.missing.push({ ...place, reason: 'the run kept no transcript hash' })
        continue
      }
      if (hash !== label.transcript) {
        matched.stale.push({ ...place, labelled: label.transcript, current: hash })
        continue
      }
      matched.current.push({
        place,
        label: label.verdict,
        verdict: found.verdict,
        run: found.run,
        criteria: found.criteria,
      })
    }
  }
  return matched
}

type Found =
  | { ok: true; run: ScenarioRunMeta; verdict: JudgeVerdict; criteria: string[] }
  | { ok: false; reason: string }

function findCriterion(tests: readonly ResultsTest[], place: LabelPlace): Found {
  const test = tests.find((t) => t.test === place.test && t.project === place.project)
  if (test === undefined) {
    const where = place.project === undefined ? '' : ` in project ${JSON.stringify(place.project)}`
    return { ok: false, reason: `no test ${JSON.stringify(place.test)}${where} in the results` }
  }
  const runs = test.scenario.runs
  const run = runs[place.sample]
  if (run === undefined) {
    return {
      ok: false,
      reason: `no sample ${place.sample} (the test ran ${runs.length} ${runs.length === 1 ? 'sample' : 'samples'})`,
    }
  }
  const judgement =
    run.judgements === undefined
      ? undefined
      : Object.hasOwn(run.judgements, place.outcome)
        ? run.judgements[place.outcome]
        : undefined
  if (judgement === undefined) {
    return { ok: false, reason: `no judge verdict for outcome ${JSON.stringify(place.outcome)}` }
  }
  const criterion = judgement.criteria.find((c) => c.criterion === place.criterion)
  if (criterion === undefined) {
    return {
      ok: false,
      reason:
        judgement.omitted === undefined
          ? `the judge of ${JSON.stringify(place.outcome)} has no such criterion`
          : `the judge of ${JSON.stringify(place.outcome)} has no such criterion among those the results kept (${judgement.omitted} left out)`,
    }
  }
  return {
    ok: true,
    run,
    verdict: criterion.verdict,
    criteria: judgement.criteria.map((c) => c.criterion),
  }
}
