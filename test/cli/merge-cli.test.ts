import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { ResultsReport } from '../../src/results/results-report.js'
import { reportOf, testOf } from '../compare/support/report-builder.js'
import { cli } from './cli-context.js'
import { freshProject, writeText } from './cli-files.js'

// `vitest-scenario merge`: shards' reports given as files or folders merged into one written
// report, and every refusal (exit 2) or failed write (exit 1) said once on stderr, nothing written.
// mergeResultsReports itself is test/results/merge-reports.test.ts; real shards are
// test/reporter/shards-merge.test.ts.

/** A fresh project folder under test-results/. */
const project = (name: string): string => freshProject('cli-merge', name)

const write = writeText

const SHA = '0123456789abcdef0123456789abcdef01234567'

/** Shard `i`'s report JSON: one test file of its own, run with `--shard=i/2`. */
function shard(i: number, overrides: Partial<ResultsReport> = {}): string {
  return JSON.stringify(
    reportOf([testOf({ test: `test ${i}`, file: `suite-${i}.test.ts` })], {
      commit: SHA,
      createdAt: `2026-02-0${i}T00:00:00.000Z`,
      command: { execArgv: [], argv: ['vitest.mjs', 'run', `--shard=${i}/2`], cwd: '' },
      ...overrides,
    }),
  )
}

function readReport(path: string): ResultsReport {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultsReport
}

describe('merge', () => {
  test('merges reports given as folders into test-results/results.json by default', async () => {
    const dir = project('folders')
    write(join(dir, 'shard-1/results.json'), shard(1))
    write(join(dir, 'shard-2/results.json'), shard(2))
    const run = await cli(['merge', 'shard-1', 'shard-2'], dir)
    expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toBe('Merged 2 reports (2 tests) into test-results/results.json\n')
    const merged = readReport(join(dir, 'test-results/results.json'))
    expect(merged.tests.map((test) => test.test)).toEqual(['test 1', 'test 2'])
    expect(merged.command?.argv).toEqual(['vitest.mjs', 'run'])
    expect(merged.createdAt).toBe('2026-02-02T00:00:00.000Z')
  })

  test('merges files into --out, over one of its inputs if asked', async () => {
    const dir = project('files')
    write(join(dir, 'a.json'), shard(1))
    write(join(dir, 'b.json'), shard(2))
    const run = await cli(['merge', 'a.json', 'b.json', '--out', 'a.json'], dir)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('into a.json')
    expect(readReport(join(dir, 'a.json')).tests).toHaveLength(2)
    expect(existsSync(join(dir, 'test-results'))).toBe(false)
  })

  test.each([
    ['no reports', [], '[vitest-scenario] `vitest-scenario merge` needs the reports to merge'],
    ['an unknown flag', ['a.json', '--shard=1/2'], "Unknown option '--shard"],
    [
      'a report that is not there',
      ['a.json', 'missing.json'],
      '[vitest-scenario] The results report cannot be read: there is no such file',
    ],
    ['a folder without results.json', ['a.json', 'empty'], '/refusals/empty/results.json\n'],
    [
      'a file that is not a report',
      ['a.json', 'package.json'],
      "it is not a vitest-scenario results report (its kind is missing, not 'vitest-scenario.results')",
    ],
    [
      'reports of different commits',
      ['a.json', 'other-commit.json'],
      '[vitest-scenario] The reports are not shards of one run: their commits differ\n  - a.json: "0123456789abcdef0123456789abcdef01234567"\n  - other-commit.json: "ffffffffffffffffffffffffffffffffffffffff"',
    ],
    ['reports of different runners', ['a.json', 'jest.json'], 'their test runners differ'],
    ['reports of different candidates', ['a.json', 'candidate.json'], 'their candidates differ'],
    ['reports with different gates', ['a.json', 'gates.json'], 'their `failOn` gates differ'],
    [
      'reports with different recordings folders',
      ['a.json', 'recordings.json'],
      'their recordings folders differ',
    ],
    [
      'a report given twice',
      ['a.json', 'b.json', 'a.json'],
      'a test file is in more than one of them (a report given twice, or reports of different runs)\n  - suite-1.test.ts (in a.json, a.json)',
    ],
  ])('refuses %s with exit 2, writing nothing', async (_, args, expected) => {
    const dir = project('refusals')
    write(join(dir, 'a.json'), shard(1))
    write(join(dir, 'b.json'), shard(2))
    write(join(dir, 'package.json'), '{"name":"x"}')
    mkdirSync(join(dir, 'empty'))
    write(join(dir, 'other-commit.json'), shard(2, { commit: 'f'.repeat(40) }))
    write(join(dir, 'jest.json'), shard(2, { host: 'jest' }))
    write(join(dir, 'candidate.json'), shard(2, { candidate: { name: 'next' } }))
    write(join(dir, 'gates.json'), shard(2, { failOn: { regressed: 0 } }))
    write(join(dir, 'recordings.json'), shard(2, { recordingsDir: 'rec' }))
    const run = await cli(['merge', ...args], dir)
    expect(run.code, run.stderr).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(expected)
    expect(run.stderr.match(/\[vitest-scenario\]/g)).toHaveLength(1)
    expect(existsSync(join(dir, 'test-results'))).toBe(false)
  })

  test('fails with exit 1 when the merged report cannot be written', async () => {
    const dir = project('unwritable')
    write(join(dir, 'a.json'), shard(1))
    write(join(dir, 'blocker'), 'a file where a folder should be')
    const run = await cli(['merge', 'a.json', '--out', 'blocker/results.json'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^\[vitest-scenario\] Could not write the merged report to blocker\/results\.json: (ENOTDIR|EEXIST)/,
    )
    expect(run.stderr).toContain('Pass --out <results.json> with a file in a folder')
  })

  test('--help prints the usage with the merge command', async () => {
    const run = await cli(['merge', '--help'], project('help'))
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('merge <results.json | dir>... [--out <results.json>]')
  })
})
