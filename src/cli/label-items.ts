// What `vitest-scenario label` walks: one item per judge criterion of every judged conversation
// (a test's sample) of the last run that kept its transcript text, in the report's order, with the
// label a person already gave it, if any. A label of the same conversation is done (walked again
// only with `--all`); a label of another conversation (its transcript hash changed) is stale and
// walked again, so a label never silently grades a conversation nobody read.
import type { Label, LabelsFile } from '../calibration/labels-file.js'
import type { ResultsReport } from '../results/results-report.js'

/** The judge's decision on one criterion, as the report keeps it. */
export interface JudgeDecision {
  verdict: 'met' | 'unmet' | 'inconclusive'
  reasoning?: string | undefined
  /** Each vote of a self-consistent judge (`judge(…, { votes })`), when it voted. */
  votes?: readonly { verdict: string }[] | undefined
}

/** One criterion of one judged conversation, to label. */
export interface LabelItem {
  /** The test file, relative to the project root, as the report writes it. */
  file: string
  test: string
  project?: string | undefined
  sample: number
  /** How many samples the test ran. */
  samples: number
  outcome: string
  criterion: string
  /** The judged transcript: its hash (the label's key) and its masked text. */
  transcript: { hash: string; text: string; clipped: boolean }
  judge: JudgeDecision
  /** The label already given to this criterion of this test and sample, if any. */
  previous?: Label | undefined
  /** Set when `previous` is of another conversation: the transcript changed since. */
  stale: boolean
}

/** Which conversations to walk. */
export interface LabelFilters {
  /** Only tests whose file contains this text. */
  file?: string | undefined
  /** Only tests whose full name contains this text. */
  test?: string | undefined
  /** Walk criteria already labelled for the same transcript too. */
  all?: boolean | undefined
}

/** The items to walk, and counts of what was left out (the start screen says them). */
export interface LabelWalkPlan {
  items: LabelItem[]
  /** Criteria already labelled for the same transcript, left out (without `--all`). */
  done: number
  /** Judged conversations of the filtered tests, whether or not they kept their text. */
  judged: number
  /** Judged conversations that kept no transcript text (past the report's budget): not walkable. */
  withoutText: number
  /** Judged conversations in the whole report, before the filters. */
  judgedInReport: number
}

/**
 * The label items of `report`: every criterion of every judge of every judged sample that kept
 * its transcript text, filtered by `filters`; `labelsOf(file)` gives the labels file already
 * written for a test file (or undefined).
 */
export function labelItems(
  report: ResultsReport,
  labelsOf: (file: string) => LabelsFile | undefined,
  filters: LabelFilters = {},
): LabelWalkPlan {
  const plan: LabelWalkPlan = { items: [], done: 0, judged: 0, withoutText: 0, judgedInReport: 0 }
  for (const entry of report.tests) {
    const runs = entry.scenario.runs
    const selected =
      (filters.file === undefined || entry.file.includes(filters.file)) &&
      (filters.test === undefined || entry.test.includes(filters.test))
    for (const [sample, run] of runs.entries()) {
      const judgements = Object.entries(run.judgements ?? {})
      if (judgements.length === 0 || run.transcript === undefined) continue
      plan.judgedInReport += 1
      if (!selected) continue
      plan.judged += 1
      const { text } = run.transcript
      if (text === undefined) {
        plan.withoutText += 1
        continue
      }
      const labels = labelsOf(entry.file)?.labels ?? []
      for (const [outcome, judgement] of judgements) {
        for (const decided of judgement.criteria) {
          const key = {
            test: entry.test,
            project: entry.project,
            sample,
            outcome,
            criterion: decided.criterion,
          }
          const previous = labels.find((label) => sameKey(label, key))
          const stale = previous !== undefined && previous.transcript !== run.transcript.hash
          if (previous !== undefined && !stale && filters.all !== true) {
            plan.done += 1
            continue
          }
          const votes = (decided as { votes?: unknown }).votes
          plan.items.push({
            file: entry.file,
            test: entry.test,
            project: entry.project,
            sample,
            samples: runs.length,
            outcome,
            criterion: decided.criterion,
            transcript: {
              hash: run.transcript.hash,
              text,
              clipped: run.transcript.clipped === true,
            },
            judge: {
              verdict: decided.verdict,
              reasoning: decided.reasoning,
              votes: Array.isArray(votes) ? (votes as { verdict: string }[]) : undefined,
            },
            previous,
            stale,
          })
        }
      }
    }
  }
  return plan
}

/** The label a person gives `item`: `verdict`, and `note` when they wrote one. */
export function labelOf(item: LabelItem, verdict: Label['verdict'], note?: string): Label {
  const label: Label = {
    test: item.test,
    sample: item.sample,
    outcome: item.outcome,
    criterion: item.criterion,
    transcript: item.transcript.hash,
    verdict,
  }
  if (item.project !== undefined) label.project = item.project
  if (note !== undefined && note !== '') label.note = note
  return label
}

/** Whether two items are of the same conversation (test, project and sample). */
export function sameConversation(a: LabelItem, b: LabelItem | undefined): boolean {
  return (
    b !== undefined &&
    a.file === b.file &&
    a.test === b.test &&
    a.project === b.project &&
    a.sample === b.sample
  )
}

function sameKey(
  label: Label,
  key: {
    test: string
    project?: string | undefined
    sample: number
    outcome: string
    criterion: string
  },
): boolean {
  return (
    label.test === key.test &&
    label.project === key.project &&
    label.sample === key.sample &&
    label.outcome === key.outcome &&
    label.criterion === key.criterion
  )
}
