import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { ScenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { sampleEntries } from '../reporter/sample-results.js'
import { resultsDir } from '../support/paths.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'
import { moduleOf, runReporter, testCase } from './support/report-harness.js'

// The promise: a report that cannot be written (a read-only folder, a path whose parent is a
// file, a folder where the file should be, an unwritable GITHUB_STEP_SUMMARY) is reported on
// stderr as a `[vitest-scenario]` error naming the file and the fix. It is not a crash: the other
// reports are written, the terminal report is printed, and a run whose tests passed exits 0.
let meta: ScenarioMeta

beforeAll(async () => {
  meta = (await sampleEntries())[0]?.scenario as ScenarioMeta
})

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A folder under test-results/ with a regular file `blocker` in it, to put paths under. */
function blockedFolder(name: string): string {
  const folder = join(resultsDir, 'reliability-reports', `${name}-paths`)
  mkdirSync(join(folder, 'a-folder'), { recursive: true })
  writeFileSync(join(folder, 'blocker'), 'a file, not a folder\n')
  return folder
}

describe('a report that cannot be written is reported, and the others are written', () => {
  test('Markdown under a file (EEXIST), HTML onto a folder (EISDIR), step summary under a file (ENOTDIR)', () => {
    const folder = blockedFolder('all-fail')
    const output = runReporter('write-all-fail', [moduleOf(testCase('one', { scenario: meta }))], {
      reporter: {
        markdown: join(folder, 'blocker/scenarios.md'),
        html: join(folder, 'a-folder'),
        json: join(folder, 'blocker/results.json'),
      },
      stepSummary: join(folder, 'blocker/summary.md'),
    })
    expect(output.errors).toHaveLength(4)
    const [markdown, html, json, summary] = output.errors
    // (mkdir says EEXIST where a file stands in place of a folder, open says ENOTDIR.)
    expect(markdown).toBe(
      `[vitest-scenario] Could not write the Markdown report (EEXIST: a part of the path is a file, not a folder); the test results are unaffected\n  - file: ${join(folder, 'blocker/scenarios.md')}\nPoint the scenario reporter's \`markdown\` option (in vitest.config.ts) at a file in a folder you can write to, or remove what stands in the way.\nDocs: node_modules/vitest-scenario/docs/reference/errors.md#report_failed`,
    )
    expect(html).toMatch(
      /^\[vitest-scenario\] Could not write the HTML report \(EISDIR: the path is a folder\); the test results are unaffected\n {2}- file: .*a-folder\n/,
    )
    expect(json).toMatch(
      /^\[vitest-scenario\] Could not write the JSON report \(EEXIST: a part of the path is a file, not a folder\); the test results are unaffected\n {2}- file: .*blocker\/results\.json\nPoint the scenario reporter's `json` option/,
    )
    // Nothing half-written is left beside it.
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(summary).toMatch(
      /^\[vitest-scenario\] Could not write the GitHub step summary \(ENOTDIR: a part of the path is a file, not a folder\); the test results are unaffected\n {2}- file: .*blocker\/summary\.md\nGITHUB_STEP_SUMMARY must name a file the job can write/,
    )
    // The terminal report is printed all the same, and lists no report as written.
    expect(output.terminal).toContain(' Scenarios  1 passed (1)')
    expect(output.terminal).not.toContain('Scenario reports:')
  })

  test('one report failing does not keep the others from being written', () => {
    const folder = blockedFolder('one-fails')
    const output = runReporter('write-one-fails', [moduleOf(testCase('one', { scenario: meta }))], {
      reporter: { markdown: join(folder, 'blocker/scenarios.md'), html: 'out/scenarios.html' },
    })
    expect(output.errors).toHaveLength(1)
    expect(output.html).toContain('<svg class="graph"')
    expect(output.stepSummary).toContain('# Scenario report')
    expect(output.terminal).toContain(' Scenario reports: out/scenarios.html')
  })

  test('a step summary that is a folder (EISDIR)', () => {
    const folder = blockedFolder('summary-folder')
    const output = runReporter(
      'write-summary-folder',
      [moduleOf(testCase('one', { scenario: meta }))],
      {
        stepSummary: join(folder, 'a-folder'),
      },
    )
    expect(output.errors).toEqual([
      expect.stringMatching(
        /^\[vitest-scenario\] Could not write the GitHub step summary \(EISDIR: the path is a folder\)/,
      ),
    ])
    expect(output.markdown).toContain('# Scenario report')
  })

  // Root writes through file modes, so a read-only folder stops only other users.
  test.skipIf(process.getuid?.() === 0)(
    'a read-only folder (EACCES) (skipped as root, where file modes do not stop writes)',
    () => {
      const folder = blockedFolder('read-only')
      chmodSync(join(folder, 'a-folder'), 0o555)
      try {
        const output = runReporter(
          'write-read-only',
          [moduleOf(testCase('one', { scenario: meta }))],
          {
            reporter: { html: join(folder, 'a-folder/scenarios.html') },
          },
        )
        expect(output.errors).toEqual([
          expect.stringMatching(
            /Could not write the HTML report \((EACCES|EPERM): no permission to write there\)/,
          ),
        ])
      } finally {
        chmodSync(join(folder, 'a-folder'), 0o755)
      }
    },
  )
})

test('a spawned run whose tests pass exits 0 although no report could be written', {
  timeout: 180_000,
}, async () => {
  const dir = prepareSample('reporter')
  // `reports/` (where the config puts both reports) is a file; the step summary is a folder.
  writeFileSync(join(dir, 'reports'), 'in the way\n')
  mkdirSync(join(dir, 'summary-folder'))
  const run = await runVitestAsync(
    dir,
    [],
    { CI: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary-folder') },
    { configReporters: true },
  )
  expect(run.code, run.output).toBe(0)
  expect(run.stdout).toContain(' Scenarios ')
  for (const kind of ['Markdown report', 'HTML report', 'GitHub step summary']) {
    expect(run.stderr).toContain(`[vitest-scenario] Could not write the ${kind}`)
  }
  expect(run.stderr).toContain(`file: ${join(dir, 'reports/scenarios.md')}`)
  expect(run.output).not.toMatch(/Unhandled|ENOTDIR: not a directory/)
  expect(readFileSync(join(dir, 'reports'), 'utf8')).toBe('in the way\n')
  expect(existsSync(join(dir, 'summary-folder/scenarios.md'))).toBe(false)
})
