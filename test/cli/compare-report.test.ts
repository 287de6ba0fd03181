import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { Comparison } from '../../src/compare/comparison.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { reportOf, runOf, testOf } from '../compare/support/report-builder.js'
import { cli } from './cli-context.js'
import { freshProject } from './cli-files.js'

// `vitest-scenario compare` on two runs' reports, neither a candidate's: `--report` names the run
// compared with `--baseline`, and without it a plain run's `<results>/results.json` (a pull
// request's own run) is compared when no candidate has a report. The views call that side
// "this run", not a candidate.

/** A fresh project folder under test-results/. */
const project = (name: string): string => freshProject('cli-compare-report', name)

function write(dir: string, path: string, report: ResultsReport): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), JSON.stringify(report))
}

/** The base branch's run: `kept` passes, `broken` passes, `edited` passes. */
const base = reportOf(
  [
    testOf({ test: 'kept', file: 'a.test.ts' }),
    testOf({ test: 'broken', file: 'a.test.ts' }),
    testOf({ test: 'edited', file: 'b.test.ts', definition: 'sha256:1111111111111111' }),
  ],
  { commit: 'b'.repeat(40), branch: 'main' },
)

/** The pull request's run: `broken` fails now, `edited`'s scenario changed. */
const pullRequest = reportOf(
  [
    testOf({ test: 'kept', file: 'a.test.ts' }),
    testOf({ test: 'broken', file: 'a.test.ts', runs: [runOf({ passed: false })] }),
    testOf({ test: 'edited', file: 'b.test.ts', definition: 'sha256:2222222222222222' }),
  ],
  { commit: 'c'.repeat(40), branch: 'feature-x', failOn: { regressed: 0 } },
)

function comparisonIn(dir: string): Comparison {
  return JSON.parse(readFileSync(join(dir, 'test-results/compare.json'), 'utf8')) as Comparison
}

function bucketsOf(comparison: Comparison): Record<string, string> {
  return Object.fromEntries(comparison.tests.map((test) => [test.test, test.bucket]))
}

describe('compare with --baseline and a plain run', () => {
  test("without a candidate report, compares the run's own test-results/results.json and calls it this run", async () => {
    const dir = project('plain-run')
    write(dir, 'baseline/results.json', base)
    write(dir, 'test-results/results.json', pullRequest)
    const run = await cli(['compare', '--baseline', 'baseline/results.json'], dir)
    // The run's own failOn ({ regressed: 0 }) fails on the one regression.
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain(
      ` Comparison  baseline baseline/results.json (bbbbbbb, main) → this run test-results/results.json (ccccccc, feature-x)`,
    )
    const comparison = comparisonIn(dir)
    expect(comparison.candidate).toEqual({
      source: 'test-results/results.json',
      createdAt: pullRequest.createdAt,
      commit: pullRequest.commit,
      branch: 'feature-x',
    })
    expect(bucketsOf(comparison)).toEqual({
      kept: 'unchanged-pass',
      broken: 'regressed',
      edited: 'not-comparable',
    })
    const markdown = readFileSync(join(dir, 'test-results/compare.md'), 'utf8')
    expect(markdown).toContain('**This run** test-results/results.json (ccccccc, feature-x)')
    expect(markdown).not.toContain('**Candidate**')
    // Every column and line that names the compared side names it as this run, never a candidate.
    expect(markdown).toContain('| | Baseline | This run | Change |')
    expect(markdown).toContain('| | Baseline | This run |')
    expect(markdown).toContain('This run − baseline:')
    expect(markdown).toMatch(/\*\*Sample 0\*\*: baseline ✅ passed, this run ❌ failed/)
    expect(markdown).not.toMatch(/candidate/i)
    const html = readFileSync(join(dir, 'test-results/compare.html'), 'utf8')
    expect(html).toContain('<b>This run</b> test-results/results.json (ccccccc, feature-x)')
    expect(html).toContain('<th class="num">This run</th>')
    expect(html).toContain('<span>Baseline → this run</span>')
    expect(html).not.toMatch(/<th>Candidate<\/th>|Candidate −/)
  })

  test('--report names the run to compare, wherever it is; the flags still win over its gates', async () => {
    const dir = project('report-flag')
    write(dir, 'main.json', base)
    write(dir, 'pr/results.json', pullRequest)
    // A candidate's report is there too: --report wins over it.
    write(dir, 'test-results/candidates/next/results.json', {
      ...base,
      candidate: { name: 'next' },
    })
    const run = await cli(
      [
        'compare',
        '--baseline',
        'main.json',
        '--report',
        'pr/results.json',
        '--fail-on-regressed',
        '1',
      ],
      dir,
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('→ this run pr/results.json (ccccccc, feature-x)')
    expect(comparisonIn(dir).candidate.source).toBe('pr/results.json')
    expect(bucketsOf(comparisonIn(dir)).broken).toBe('regressed')
  })

  test("a candidate's report still comes first when --report is not given", async () => {
    const dir = project('candidate-first')
    write(dir, 'main.json', base)
    write(dir, 'test-results/results.json', base)
    write(dir, 'test-results/candidates/next/results.json', {
      ...pullRequest,
      candidate: { name: 'next' },
    })
    const run = await cli(['compare', '--baseline', 'main.json'], dir)
    expect(run.stdout).toContain("→ candidate 'next' test-results/candidates/next/results.json")
    expect(comparisonIn(dir).candidate.candidate).toBe('next')
  })

  test('refuses --candidate with --report: both name the compared run', async () => {
    const dir = project('both')
    const run = await cli(
      ['compare', '--baseline', 'a.json', '--candidate', 'next', '--report', 'b.json'],
      dir,
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      /^\[vitest-scenario\] `vitest-scenario compare` got both --candidate and --report/,
    )
  })

  test('says which file is missing when the plain run wrote no report', async () => {
    const dir = project('no-run')
    write(dir, 'main.json', base)
    const run = await cli(['compare', '--baseline', 'main.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('The results report cannot be read: there is no such file')
    expect(run.stderr).toContain('/no-run/test-results/results.json')
    expect(existsSync(join(dir, 'test-results/compare.json'))).toBe(false)
  })

  test('refuses to compare a report with itself', async () => {
    const dir = project('itself')
    write(dir, 'test-results/results.json', pullRequest)
    const run = await cli(['compare', '--baseline', 'test-results/results.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      /^\[vitest-scenario\] `vitest-scenario compare` would compare test-results\/results\.json with itself/,
    )
    expect(existsSync(join(dir, 'test-results/compare.json'))).toBe(false)
  })

  test('--report of a file that is not there is refused with exit 2', async () => {
    const dir = project('missing-report')
    write(dir, 'main.json', base)
    const run = await cli(['compare', '--baseline', 'main.json', '--report', 'nope.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('/missing-report/nope.json')
  })

  test('without --baseline or a candidate report, says how to compare a plain run', async () => {
    const dir = project('nothing')
    const run = await cli(['compare'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('[vitest-scenario] No candidate report in test-results/candidates')
    expect(run.stderr).toContain(
      "To compare a run that is no candidate's, pass --baseline <results.json> (and --report <results.json> when it is not test-results/results.json).",
    )
  })
})
