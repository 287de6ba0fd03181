// A labelled run for the calibration tests: a results report whose runs were judged (with the
// transcript hash and text a judged run keeps) and labels files for it, written as real files
// under test-results/ so calibrateJudge reads them as it reads a project's.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  LABELS_KIND,
  LABELS_VERSION,
  type Label,
  type LabelsFile,
} from '../../../src/calibration/labels-file.js'
import { transcriptHash } from '../../../src/calibration/transcript-hash.js'
import type { ResultsReport } from '../../../src/results/results-report.js'
import { writeResultsReport } from '../../../src/results/write-results.js'
import { reportOf, runOf, testOf } from '../../compare/support/report-builder.js'
import { repoRoot } from '../../support/paths.js'

export const FILE = 'test/refunds.test.ts'
export const TEST = 'refunds > asks first'
export const OUTCOME = 'polite refund'
export const CRITERIA = ['Asks for the order number', 'Never blames the customer'] as const

/** The transcript sample `i` kept. */
export const transcriptOf = (i: number): string => `Turn 0 (node ask):\n  user: refund ${i}`

type Verdict = 'met' | 'unmet' | 'inconclusive'

/** A results report of one test whose sample `i` the judge gave `verdicts[i]` (one per criterion). */
export function judgedReport(verdicts: readonly (readonly Verdict[])[]): ResultsReport {
  const runs = verdicts.map((list, i) => {
    const run = runOf({
      judgements: {
        [OUTCOME]: {
          verdict: list.every((v) => v === 'met') ? 'pass' : 'fail',
          criteria: CRITERIA.map((criterion, k) => ({ criterion, verdict: list[k] ?? 'met' })),
        },
      },
    })
    run.transcript = { hash: transcriptHash(transcriptOf(i)), text: transcriptOf(i) }
    return run
  })
  return reportOf([testOf({ test: TEST, file: FILE, runs })])
}

/** A label of sample `sample`, criterion `k`, filed under that sample's transcript hash. */
export function labelOf(sample: number, k: number, verdict: 'met' | 'unmet'): Label {
  return {
    test: TEST,
    sample,
    outcome: OUTCOME,
    criterion: CRITERIA[k] ?? '',
    transcript: transcriptHash(transcriptOf(sample)),
    verdict,
  }
}

/** A labels file of FILE holding `labels`. */
export function labelsFile(labels: Label[], file = FILE): LabelsFile {
  return { kind: LABELS_KIND, version: LABELS_VERSION, file, labels }
}

/** A fresh project folder under test-results/ with the report and labels files written. */
export function projectWith(
  report: ResultsReport | undefined,
  labels: Record<string, LabelsFile | string>,
): string {
  const parent = join(repoRoot, 'test-results', 'calibration')
  mkdirSync(parent, { recursive: true })
  const root = mkdtempSync(join(parent, 'project-'))
  if (report !== undefined) writeResultsReport(join(root, 'test-results/results.json'), report)
  for (const [path, content] of Object.entries(labels)) {
    const file = join(root, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(
      file,
      typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
    )
  }
  return root
}
