// The JSON report: where it goes, what it says about the run, how it is written, and how a reader
// refuses a file that is not one (with the file and what is wrong).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { reportMask } from '../../src/hosts/core/meta/meta-text.js'
import type { ScenarioEntry } from '../../src/reporter/scenario-entry.js'
import {
  parseResultsReport,
  readResultsReport,
  tryReadResultsReport,
} from '../../src/results/read-results.js'
import { resultsTarget } from '../../src/results/results-path.js'
import { DEFAULT_RESULTS_PATH, type ResultsReport } from '../../src/results/results-report.js'
import { resultsReport, writeResultsReport } from '../../src/results/write-results.js'
import { sampleEntries } from '../reporter/sample-results.js'
import { repoRoot, resultsDir } from '../support/paths.js'

const dir = join(resultsDir, 'results-report-unit')
let entries: ScenarioEntry[] = []

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  entries = await sampleEntries()
})

afterEach(() => {
  vi.unstubAllEnvs()
})

const clean = {
  GITHUB_SHA: undefined,
  GITHUB_HEAD_REF: undefined,
  GITHUB_REF_NAME: undefined,
}

describe('resultsTarget', () => {
  test('the option, a candidate folder beside it, and the variable over both', () => {
    expect(resultsTarget(undefined, '/p', {})).toEqual({
      file: join('/p', DEFAULT_RESULTS_PATH),
      candidate: undefined,
    })
    expect(resultsTarget('out/run.json', '/p', { VITEST_SCENARIO_CANDIDATE: 'gpt-5.1' })).toEqual({
      file: '/p/out/candidates/gpt-5.1/results.json',
      candidate: 'gpt-5.1',
    })
    expect(resultsTarget(false, '/p', {})).toEqual({ file: undefined, candidate: undefined })
    const env = { VITEST_SCENARIO_CANDIDATE: 'next', VITEST_SCENARIO_RESULTS: 'base/results.json' }
    expect(resultsTarget(false, '/p', env)).toEqual({
      file: '/p/base/results.json',
      candidate: 'next',
    })
  })

  test('a candidate name that would climb out of the folder is a problem, not a path', () => {
    const target = resultsTarget(undefined, '/p', { VITEST_SCENARIO_CANDIDATE: '../../etc' })
    expect(target).toMatchObject({ problem: expect.stringContaining("'../../etc'") })
  })
})

describe('resultsReport', () => {
  test('says the commit, branch, candidate with its fork, command, recordings folder and gates', () => {
    vi.stubEnv('GITHUB_SHA', 'abc123')
    vi.stubEnv('GITHUB_HEAD_REF', '')
    vi.stubEnv('GITHUB_REF_NAME', 'feature/x')
    const argv = process.argv
    process.argv = [
      argv[0] ?? 'node',
      join(repoRoot, 'bin/run.js'),
      '--key=sk-proj-abcdefghijklmnopqrstuvwx',
    ]
    let report: ResultsReport
    try {
      report = resultsReport(
        entries,
        {
          host: 'jest',
          options: {
            recordingsDir: join(repoRoot, 'fixtures/recordings'),
            failOn: { regressed: 0, worse: true },
            candidates: { next: { fork: 2 } },
          },
        },
        { root: repoRoot, candidate: 'next', mask: reportMask() },
      )
    } finally {
      process.argv = argv
    }
    expect(report).toMatchObject({
      kind: 'vitest-scenario.results',
      version: 1,
      commit: 'abc123',
      branch: 'feature/x',
      host: 'jest',
      candidate: { name: 'next', fork: 2 },
      recordingsDir: 'fixtures/recordings',
      failOn: { regressed: 0, worse: true },
      command: { execArgv: process.execArgv, cwd: '' },
    })
    // The script relative to the root; a key on the command line masked.
    expect(report.command?.argv).toEqual(['bin/run.js', '--key=[secret]'])
    expect(Date.parse(report.createdAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(report.tests).toHaveLength(entries.length)
    expect(parseResultsReport(JSON.parse(JSON.stringify(report)), 'x').ok).toBe(true)
  })

  test("outside Actions, git's commit and branch", () => {
    for (const [name, value] of Object.entries(clean)) vi.stubEnv(name, value)
    const report = resultsReport(
      [],
      { host: 'vitest' },
      { root: repoRoot, candidate: undefined, mask: (t) => t },
    )
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim()
    expect(report.commit).toBe(head)
    expect(report.candidate).toBeUndefined()
    expect(report.failOn).toBeUndefined()
  })

  test("a run that merged shards' results (`--merge-reports`) has no command to replay", () => {
    const report = resultsReport(
      [],
      { host: 'vitest', merged: true },
      { root: repoRoot, candidate: undefined, mask: (t) => t },
    )
    expect(report.command).toBeUndefined()
    expect('command' in report).toBe(false)
    const ran = resultsReport(
      [],
      { host: 'vitest', merged: false },
      { root: repoRoot, candidate: undefined, mask: (t) => t },
    )
    expect(ran.command).toBeDefined()
  })

  test('with no git on PATH, or outside a checkout, no commit and no failure', () => {
    for (const [name, value] of Object.entries(clean)) vi.stubEnv(name, value)
    vi.stubEnv('PATH', '')
    const report = resultsReport(
      [],
      { host: 'node-test' },
      { root: repoRoot, candidate: undefined, mask: (t) => t },
    )
    expect(report.commit).toBeUndefined()
    expect(report.branch).toBeUndefined()
    vi.unstubAllEnvs()
    for (const [name, value] of Object.entries(clean)) vi.stubEnv(name, value)
    const outside = mkdtemp()
    const elsewhere = resultsReport(
      [],
      { host: 'node-test' },
      { root: outside, candidate: undefined, mask: (t) => t },
    )
    expect(elsewhere.commit).toBeUndefined()
  })
})

describe('writeResultsReport and readResultsReport', () => {
  test('writes whole (no temporary file left) and reads back the same report', () => {
    const file = join(dir, 'nested/results.json')
    const report = resultsReport(
      entries,
      { host: 'vitest' },
      { root: repoRoot, candidate: undefined, mask: (t) => t },
    )
    writeResultsReport(file, report)
    writeResultsReport(file, report)
    expect(readdirSync(join(dir, 'nested'))).toEqual(['results.json'])
    expect(readResultsReport(file)).toEqual(JSON.parse(JSON.stringify(report)))
  })

  test('a missing file, a folder, no JSON, another kind or version: the file and what is wrong', () => {
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text)
      return join(dir, name)
    }
    const cases: [string, RegExp][] = [
      [
        join(dir, 'none.json'),
        /there is no such file[\s\S]*Run the tests with a scenario reporter first/,
      ],
      [dir, /it is a folder/],
      [write('text.json', 'not json'), /it is not JSON \(/],
      [
        write('kind.json', '{"kind":"other"}'),
        /not a vitest-scenario results report \(its kind is a string of 5 characters/,
      ],
      [
        write('version.json', '{"kind":"vitest-scenario.results","version":7}'),
        /it is version the number 7; this vitest-scenario reads version 1/,
      ],
    ]
    for (const [file, message] of cases) {
      expect(() => readResultsReport(file)).toThrow(message)
      const read = tryReadResultsReport(file)
      expect(read.ok).toBe(false)
      if (!read.ok) {
        expect(read.error.message).toMatch(/^\[vitest-scenario\] The results report cannot be read/)
        expect(read.error.subjects).toContain(`file: ${file}`)
      }
    }
  })

  test('every bad test is listed with its name and problem', () => {
    const report = JSON.parse(
      JSON.stringify(
        resultsReport(
          entries,
          { host: 'vitest' },
          { root: repoRoot, candidate: undefined, mask: (t) => t },
        ),
      ),
    ) as { tests: Record<string, unknown>[] }
    const [first, second] = report.tests
    if (first === undefined || second === undefined) throw new Error('sample entries missing')
    first.state = 'exploded'
    second.scenario = { ...(second.scenario as object), version: 9 }
    const read = parseResultsReport(report, 'broken.json')
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.error.what).toBe(
      `The results report cannot be read: 2 of its ${report.tests.length} tests do not fit the report's shape`,
    )
    expect(read.error.subjects[1]).toMatch(
      /^tests\.0 \(".+"\): state: a string of 8 characters, not a test state$/,
    )
    expect(read.error.subjects[2]).toMatch(
      /^tests\.1 \(".+"\): scenario\.version: the number 9; this reporter reads version 1/,
    )
  })

  test('a report field that does not fit is named', () => {
    const read = parseResultsReport(
      {
        kind: 'vitest-scenario.results',
        version: 1,
        createdAt: 'yesterday',
        host: 'vitest',
        tests: [],
      },
      'r.json',
    )
    expect(read.ok).toBe(false)
    if (!read.ok)
      expect(read.error.subjects).toContain(
        'createdAt: a string of 9 characters, not an ISO 8601 time',
      )
  })
})

function mkdtemp(): string {
  const folder = join(tmpdir(), `vitest-scenario-results-${process.pid}-${Date.now()}`)
  mkdirSync(folder, { recursive: true })
  return folder
}

// The report file is JSON text a person can read in a diff.
test('the file is indented JSON ending in a newline', () => {
  const file = join(dir, 'pretty.json')
  writeResultsReport(
    file,
    resultsReport([], { host: 'vitest' }, { root: repoRoot, candidate: undefined, mask: (t) => t }),
  )
  const text = readFileSync(file, 'utf8')
  expect(text.startsWith('{\n  "kind": "vitest-scenario.results",')).toBe(true)
  expect(text.endsWith('}\n')).toBe(true)
})
