import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { transcriptHash } from '../../src/calibration/transcript-hash.js'
import { VITEST_REPORTER_HOST } from '../../src/reporter/reporter-options.js'
import { writeReports } from '../../src/reporter/write-reports.js'
import {
  judgedReport,
  labelOf,
  labelsFile,
  projectWith,
} from '../calibration/support/labelled-run.js'

const LABELS = 'test/__labels__/refunds.test.ts.labels.json'

const entries = judgedReport([
  ['met', 'unmet'],
  ['unmet', 'inconclusive'],
]).tests

/** Writes the Markdown and HTML reports of `entries` in `root`; returns their texts. */
function reportsIn(root: string): { markdown: string; html: string } {
  const { failures } = writeReports(
    entries,
    { markdown: 'out/report.md', html: 'out/report.html', json: false },
    root,
    VITEST_REPORTER_HOST,
    { host: 'vitest', testsRan: true },
  )
  expect(failures).toEqual([])
  return {
    markdown: readFileSync(join(root, 'out/report.md'), 'utf8'),
    html: readFileSync(join(root, 'out/report.html'), 'utf8'),
  }
}

describe("the reports' calibration section", () => {
  test("shows the run's judges against the labels of its test files, per criterion and overall", () => {
    const root = projectWith(undefined, {
      [LABELS]: labelsFile([
        labelOf(0, 0, 'met'),
        labelOf(0, 1, 'unmet'),
        labelOf(1, 0, 'met'),
        labelOf(1, 1, 'unmet'),
        { ...labelOf(1, 0, 'met'), transcript: transcriptHash('older'), sample: 1, note: 'x' },
        labelOf(5, 0, 'met'),
      ]),
    })
    const { markdown, html } = reportsIn(root)
    expect(markdown).toContain('## Calibration')
    expect(markdown).toContain(`human labels in \`${LABELS}\``)
    expect(markdown).toContain(
      '| polite refund | Asks for the order number | 2 | 50% | 0.00 | 50% [9.5%–90.5%] | — | 1 / 1 / 0 / 0 | 0 |',
    )
    expect(markdown).toContain(
      '| polite refund | Never blames the customer | 2 | 100% | — | — | 100% [34.2%–100%] | 0 / 0 / 0 / 2 | 1 |',
    )
    expect(markdown).toContain(
      '| **overall** |  | 4 | 75% | 0.50 | 50% [9.5%–90.5%] | 100% [34.2%–100%] | 1 / 1 / 0 / 2 | 1 |',
    )
    expect(markdown).toContain('Labels not counted: 1 stale')
    expect(markdown).toContain('1 missing (the run has nothing to compare)')
    expect(markdown.indexOf('## Calibration')).toBeLessThan(
      markdown.indexOf('## ✅') === -1 ? markdown.indexOf('## ❌') : markdown.indexOf('## ✅'),
    )
    expect(html).toContain('<h2>Calibration</h2>')
    expect(html).toContain('<td>Asks for the order number</td><td>2</td><td>50%</td>')
    expect(html).toContain('<td><b>overall</b></td><td></td><td>4</td><td>75%</td><td>0.50</td>')
  })

  test('no labels files, no section; a broken one is named in the section', () => {
    expect(reportsIn(projectWith(undefined, {})).markdown).not.toContain('Calibration')
    const { markdown, html } = reportsIn(projectWith(undefined, { [LABELS]: '{ not json' }))
    expect(markdown).toContain('## Calibration')
    expect(markdown).toMatch(
      /> ⚠️ \\\[vitest-scenario\\\] The labels file .*refunds\.test\.ts\.labels\.json is not JSON/,
    )
    expect(markdown).toContain('| **overall** |  | 0 | — | — | — | — | 0 / 0 / 0 / 0 | 0 |')
    expect(html).toMatch(/<p class="bad">\[vitest-scenario\] The labels file .*is not JSON/)
  })
})
