import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, test } from 'vitest'
import type { LabelsFile } from '../../src/calibration/labels-file.js'
import { transcriptHash } from '../../src/calibration/transcript-hash.js'
import { writeResultsReport } from '../../src/results/write-results.js'
import { judgedReport, labelOf, labelsFile } from '../calibration/support/labelled-run.js'
import { prepareSample, runVitest, vitestVersion } from '../support/sample-project.js'

// 10 conversations: the judge finds criterion 1 met on 9 of the 10 labelled met, and criterion 2
// unmet on 9 of the 10 labelled unmet.
const verdicts = Array.from(
  { length: 10 },
  (_, i) => [i === 0 ? 'unmet' : 'met', i === 1 ? 'met' : 'unmet'] as const,
)
const LABELS = 'test/__labels__/refunds.test.ts.labels.json'

function write(dir: string, labels: LabelsFile): void {
  writeResultsReport(join(dir, 'test-results/results.json'), judgedReport(verdicts))
  const file = join(dir, LABELS)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(labels))
}

test(`toAgreeWithLabels passes and fails as the labels say, in a real Vitest ${vitestVersion} run`, () => {
  const dir = prepareSample('calibration-matcher')
  const labels = verdicts.flatMap((_, i) => [labelOf(i, 0, 'met'), labelOf(i, 1, 'unmet')])
  write(dir, labelsFile(labels))
  const first = runVitest(dir)
  expect(first.output).toMatch(
    /✓ agreement\.test\.ts > the judge agrees with the labels well enough/,
  )
  expect(first.output).toContain(
    'FAIL  agreement.test.ts > fails on purpose: a TPR gate its interval cannot reach',
  )
  expect(first.output).toContain(
    'The judge agrees with 18 of 20 labels (verdicts from test-results/results.json).',
  )
  expect(first.output).toContain('✗ TPR lower bound 59.6% < 95%')
  expect(first.output).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/)
  expect(first.code).toBe(1)

  // Every conversation changed since it was labelled: nothing counts, and both fail saying so.
  write(dir, labelsFile(labels.map((label) => ({ ...label, transcript: transcriptHash('older') }))))
  const stale = runVitest(dir)
  expect(stale.output).toContain(
    'No label was counted: all 20 labels are stale (the conversations changed since). Relabel them with `npx vitest-scenario label`.',
  )
  expect(stale.output).toMatch(/Tests\s+2 failed \(2\)/)
  expect(stale.code).toBe(1)
}, 120_000)
