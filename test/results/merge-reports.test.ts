import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import {
  mergeResultsReports,
  tryMergeResultsReports,
  withoutShard,
} from '../../src/results/merge-reports.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { reportOf, runOf, testOf } from '../compare/support/report-builder.js'

// Merging a sharded run's JSON reports: what the merged report holds, and every refusal of
// reports that are not shards of one run, each naming what differs and in which report.

const SHA = '8c8633c0d9e1f2a3b4c5d6e7f8091a2b3c4d5e6f'

/** Shard `i` of a Vitest run of commit SHA: one test file, run with `--shard=i/2`. */
function shard(i: number, overrides: Partial<ResultsReport> = {}): ResultsReport {
  return reportOf(
    [
      testOf({ test: `first of ${i}`, file: `suite-${i}.test.ts` }),
      testOf({ test: `second of ${i}`, file: `suite-${i}.test.ts`, runs: [runOf(), runOf()] }),
    ],
    {
      commit: SHA,
      branch: 'feature',
      createdAt: `2026-01-0${i}T10:00:00.000Z`,
      command: {
        execArgv: [],
        argv: ['node_modules/vitest/vitest.mjs', 'run', `--shard=${i}/2`],
        cwd: '',
      },
      failOn: { regressed: 0, worse: true },
      ...overrides,
    },
  )
}

/** The refusal's message; fails the test when the reports merged. */
function refusal(reports: unknown[], sources?: string[]): string {
  const merged = tryMergeResultsReports(reports as ResultsReport[], sources)
  if (merged.ok) throw new Error('the reports merged')
  expect(merged.error).toBeInstanceOf(InvalidArgumentError)
  return merged.error.message
}

describe('mergeResultsReports', () => {
  test("holds every shard's tests in the order given, the latest time and the command without --shard", () => {
    const merged = mergeResultsReports([shard(2), shard(1)])
    expect(merged.tests.map((test) => test.test)).toEqual([
      'first of 2',
      'second of 2',
      'first of 1',
      'second of 1',
    ])
    expect(merged).toMatchObject({
      kind: 'vitest-scenario.results',
      version: 1,
      host: 'vitest',
      commit: SHA,
      branch: 'feature',
      createdAt: '2026-01-02T10:00:00.000Z',
      command: { execArgv: [], argv: ['node_modules/vitest/vitest.mjs', 'run'], cwd: '' },
      failOn: { regressed: 0, worse: true },
    })
    // The definition hashes travel with the tests: a comparison of the merged report needs them.
    expect(merged.tests.every((test) => test.scenario.definition !== undefined)).toBe(true)
  })

  test('removes `--shard x/y` given as two arguments, in Jest’s and Node’s flags alike', () => {
    expect(withoutShard(['jest.js', '--shard', '1/3', '--ci'])).toEqual(['jest.js', '--ci'])
    expect(withoutShard(['--shard=2/3', 'a', '--shard'])).toEqual(['a'])
    expect(withoutShard(['--test', '--test-shard=1/2', '--test-shard', '2/2'])).toEqual(['--test'])
    expect(withoutShard(['--sharded', 'x'])).toEqual(['--sharded', 'x'])
    const jest = (i: number) =>
      shard(i, {
        host: 'jest',
        command: {
          execArgv: ['--experimental-vm-modules'],
          argv: ['node_modules/jest/bin/jest.js', '--shard', `${i}/2`],
          cwd: '',
        },
      })
    expect(mergeResultsReports([jest(1), jest(2)]).command?.argv).toEqual([
      'node_modules/jest/bin/jest.js',
    ])
  })

  test('leaves the command out when the shards ran different commands, or one has none', () => {
    const other = shard(2, {
      command: {
        execArgv: [],
        argv: ['node_modules/vitest/vitest.mjs', 'run', '-t', 'x'],
        cwd: '',
      },
    })
    expect(mergeResultsReports([shard(1), other]).command).toBeUndefined()
    const none = shard(2)
    delete none.command
    expect(mergeResultsReports([shard(1), none]).command).toBeUndefined()
  })

  test('names the branch only when every shard names the same one', () => {
    expect(mergeResultsReports([shard(1), shard(2, { branch: 'main' })]).branch).toBeUndefined()
  })

  test('keeps the candidate and the recordings folder the shards share', () => {
    const candidate = (i: number) =>
      shard(i, { candidate: { name: 'next', fork: 1 }, recordingsDir: 'recordings' })
    expect(mergeResultsReports([candidate(1), candidate(2)])).toMatchObject({
      candidate: { name: 'next', fork: 1 },
      recordingsDir: 'recordings',
    })
  })

  test('merges one report into itself, its --shard removed', () => {
    const merged = mergeResultsReports([shard(1)])
    expect(merged.tests).toHaveLength(2)
    expect(merged.command?.argv).toEqual(['node_modules/vitest/vitest.mjs', 'run'])
  })

  test.each([
    ['commits', { commit: 'f'.repeat(40) }, `b.json: "${'f'.repeat(40)}"`],
    ['commits', { commit: undefined }, 'b.json: (none)'],
    ['test runners', { host: 'jest' as const }, 'b.json: "jest"'],
    ['candidates', { candidate: { name: 'next' } }, 'b.json: {"name":"next"}'],
    [
      '`failOn` gates',
      { failOn: { regressed: 1, worse: true } },
      'b.json: {"regressed":1,"worse":true}',
    ],
    ['recordings folders', { recordingsDir: 'elsewhere' }, 'b.json: "elsewhere"'],
  ])('refuses reports whose %s differ, listing each report’s', (label, overrides, line) => {
    const message = refusal([shard(1), shard(2, overrides)], ['a.json', 'b.json'])
    expect(message).toContain(
      `[vitest-scenario] The reports are not shards of one run: their ${label} differ`,
    )
    expect(message).toContain(`  - ${line}`)
    expect(message).toContain("Merge only the reports of one run's shards")
  })

  test('compares the gates key by key, not by the order of their keys', () => {
    const merged = mergeResultsReports([
      shard(1, { failOn: { regressed: 0, worse: true } }),
      shard(2, { failOn: { worse: true, regressed: 0 } }),
    ])
    expect(merged.tests).toHaveLength(4)
  })

  test('refuses a report given twice: its test file is in both', () => {
    const message = refusal([shard(1), shard(2), shard(1)], ['a.json', 'b.json', 'c.json'])
    expect(message).toContain('a test file is in more than one of them')
    expect(message).toContain('  - suite-1.test.ts (in a.json, c.json)')
  })

  test('tells the same file of two projects apart, and lists at most ten overlapping files', () => {
    const project = (name: string) =>
      shard(1, { tests: [testOf({ test: 't', file: 'x.test.ts', project: name })] })
    expect(mergeResultsReports([project('unit'), project('e2e')]).tests).toHaveLength(2)
    const many = reportOf(
      Array.from({ length: 12 }, (_, i) => testOf({ test: 't', file: `f${i}.test.ts` })),
      { commit: SHA },
    )
    const message = refusal([many, many])
    expect(message).toContain('12 test files are in more than one of them')
    expect(message).toContain('  - f9.test.ts (in report 1, report 2)')
    expect(message).not.toContain('f10.test.ts')
    expect(message).toContain('  - and 2 more')
  })

  test('throws the refusal as an InvalidArgumentError', () => {
    expect(() => mergeResultsReports([shard(1), shard(2, { host: 'jest' })])).toThrow(
      InvalidArgumentError,
    )
  })

  test.each([
    ['not an array', 'shards', 'needs an array of results reports'],
    ['an empty array', [], 'got no report to merge'],
    ['a report that is not one', [shard(1), { kind: 'other' }], 'report 2'],
    [
      'a test that does not fit',
      [shard(1), shard(2, { tests: [{ test: 1 }] as never })],
      'tests.0',
    ],
  ])('refuses %s with what to pass', (_, reports, expected) => {
    const message = refusal(reports as unknown[])
    expect(message).toMatch(/^\[vitest-scenario\] /)
    expect(message).toContain(expected)
  })

  test('refuses arguments it cannot read (a revoked Proxy) with its own error, not a TypeError', () => {
    const { proxy, revoke } = Proxy.revocable([shard(1)], {})
    revoke()
    expect(() => mergeResultsReports(proxy)).toThrow(InvalidArgumentError)
    expect(refusal(proxy as unknown[])).toMatch(
      /^\[vitest-scenario\] mergeResultsReports\(reports, sources\) could not read its arguments/,
    )
    const sources = Proxy.revocable(['a.json'], {})
    sources.revoke()
    expect(() => mergeResultsReports([shard(1)], sources.proxy)).toThrow(InvalidArgumentError)
  })

  test('refuses sources that do not name each report', () => {
    const message = refusal([shard(1), shard(2)], ['only-one.json'])
    expect(message).toContain('needs one source name per report (2)')
  })
})
