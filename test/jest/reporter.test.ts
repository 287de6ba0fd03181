// The Jest reporter driven as Jest drives it (constructor, onRunStart, onTestFileResult per test
// file, onRunComplete), with Jest-shaped results made of plain objects and the records a worker
// would write, appended here with the worker side's own function.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Reporter } from '@jest/reporters'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { type ScenarioMeta, scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { failureHeadline, jestState, jestTestModule } from '../../src/hosts/jest/jest-results.js'
import JestScenarioReporterDefault, {
  type JestAssertionResultLike,
  type JestGlobalConfigLike,
  JestScenarioReporter,
  type JestScenarioReporterOptions,
  type JestTestFileResultLike,
} from '../../src/hosts/jest/reporter.js'
import {
  appendScenarioRecord,
  RESULTS_DIR_ENV,
  resultsFile,
  type ScenarioTestRecord,
} from '../../src/hosts/jest/results-channel.js'
import { collectEntries } from '../../src/reporter/collect-entries.js'
import { readResultsReport } from '../../src/results/read-results.js'
import { runScenario } from '../../src/runner/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { pushback } from '../reporter/sample-results.js'
import { resultsDir } from '../support/paths.js'

// Jest's own reporter type takes the class: the structural shapes stay in step with Jest's.
const asJestReporter = (reporter: JestScenarioReporter): Reporter => reporter

let scenario: ScenarioMeta

beforeAll(async () => {
  const definition = pushback()
  scenario = scenarioMeta(definition, [
    await runScenario(definition, { model: scriptedModel(['Venetoclax', 'Venetoclax']) }),
  ])
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

/** A test as Jest reports it. */
function assertion(
  fullName: string,
  status = 'passed',
  extra: Partial<JestAssertionResultLike> = {},
): JestAssertionResultLike {
  return { fullName, status, failureMessages: [], duration: 12.4, ...extra }
}

/** One test file's Jest result and what its worker wrote: records, or raw lines. */
interface FileRun {
  result: JestTestFileResultLike
  records: (ScenarioTestRecord | string)[]
}

function fileRun(
  root: string,
  file: string,
  tests: JestAssertionResultLike[],
  records: (ScenarioTestRecord | string)[],
): FileRun {
  return { result: { testFilePath: join(root, file), testResults: tests }, records }
}

interface Run {
  root: string
  /** Everything written to stderr. */
  stderr: string
  /** The results folder the reporter named, and whether it was left behind. */
  folder: string | undefined
  report(path: string): string | undefined
  reporter: JestScenarioReporter
}

/** A fresh folder under test-results/ to use as Jest's rootDir. */
function rootFor(name: string): string {
  const root = join(resultsDir, 'jest-reporter-unit', name)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  return root
}

/**
 * Runs the reporter over `files` as Jest would: each file's records are written while the run
 * goes on (the worker side), then Jest reports the file.
 */
function runReporter(
  root: string,
  files: (root: string) => FileRun[],
  options: {
    reporter?: JestScenarioReporterOptions
    config?: Partial<JestGlobalConfigLike>
    stepSummary?: string
  } = {},
): Run {
  vi.stubEnv('GITHUB_STEP_SUMMARY', options.stepSummary ?? '')
  vi.stubEnv('NO_COLOR', '1')
  vi.stubEnv('FORCE_COLOR', '0')
  const printed: string[] = []
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk))
    return true
  })
  const reporter = new JestScenarioReporter(
    { rootDir: root, ...options.config },
    options.reporter ?? { markdown: 'out/scenarios.md', html: 'out/scenarios.html' },
    { firstRun: true, previousSuccess: true },
  )
  const folder = process.env[RESULTS_DIR_ENV]
  reporter.onRunStart()
  for (const { result, records } of files(root)) {
    for (const record of records) {
      if (typeof record === 'string') {
        appendFileSync(resultsFile(folder ?? '', result.testFilePath), record)
      } else {
        expect(appendScenarioRecord(result.testFilePath, record)).toBe(true)
      }
    }
    reporter.onTestFileResult({ path: result.testFilePath }, result, {})
  }
  reporter.onRunComplete(new Set(), {})
  vi.mocked(process.stderr.write).mockRestore()
  const report = (path: string) => {
    const file = join(root, path)
    return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined
  }
  return { root, stderr: printed.join(''), folder, report, reporter }
}

describe('options', () => {
  test('takes markdown and html paths, or nothing; the default export is the class', () => {
    const config = { rootDir: rootFor('options') }
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const plain = new JestScenarioReporter(config, {})
    expect(plain.options).toEqual({})
    plain.onRunComplete()
    const both = new JestScenarioReporter(config, { html: 'r.html', markdown: 'r.md' })
    expect(both.options).toEqual({ html: 'r.html', markdown: 'r.md' })
    both.onRunComplete()
    expect(JestScenarioReporterDefault).toBe(JestScenarioReporter)
    expect(asJestReporter(both).getLastError?.()).toBeUndefined()
  })

  test('an invalid option is an error that says how to fix it in jest.config.js', () => {
    const before = process.env[RESULTS_DIR_ENV]
    const make = () => new JestScenarioReporter({ rootDir: '/tmp' }, { htm: 'x.html' })
    expect(make).toThrow(InvalidArgumentError)
    expect(make).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] new JestScenarioReporter(globalConfig, options) has an invalid option
        - unknown key 'htm' in options; valid keys: 'markdown', 'html', 'json', 'github'
      Fix them in jest.config.js: reporters: ['default', ['vitest-scenario/jest/reporter', { markdown: 'test-results/scenarios.md' }]].
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => new JestScenarioReporter({ rootDir: '/tmp' }, { html: '' })).toThrow(
      "`html`: a file path relative to Jest's rootDir, e.g. 'test-results/scenarios.html', got ''",
    )
    // Invalid options stop Jest before a results folder is made.
    expect(process.env[RESULTS_DIR_ENV]).toBe(before)
  })
})

describe('the results folder', () => {
  test('is made under the OS temp folder in the constructor, named in the variable, and removed at the end', () => {
    vi.stubEnv(RESULTS_DIR_ENV, 'from-a-parent-run')
    const reporter = new JestScenarioReporter({ rootDir: rootFor('folder') }, {})
    const dir = process.env[RESULTS_DIR_ENV] ?? ''
    expect(dir.startsWith(join(tmpdir(), 'vitest-scenario-jest-'))).toBe(true)
    expect(statSync(dir).isDirectory()).toBe(true)
    reporter.onRunComplete()
    expect(existsSync(dir)).toBe(false)
    // The variable is put back as the run found it.
    expect(process.env[RESULTS_DIR_ENV]).toBe('from-a-parent-run')
  })

  test('two reporters of one run share it: the records reach both, the last one removes it', () => {
    const root = rootFor('two-reporters')
    const config = { rootDir: root }
    const first = new JestScenarioReporter(config, { markdown: 'one.md' })
    const second = new JestScenarioReporter(config, { markdown: 'two.md' })
    const dir = process.env[RESULTS_DIR_ENV] ?? ''
    const result: JestTestFileResultLike = {
      testFilePath: join(root, 'a.test.ts'),
      testResults: [assertion('keeps BCL2')],
    }
    appendScenarioRecord(result.testFilePath, { test: 'keeps BCL2', scenario })
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    for (const reporter of [first, second]) reporter.onTestFileResult({}, result, {})
    first.onRunComplete()
    expect(existsSync(dir)).toBe(true)
    second.onRunComplete()
    expect(existsSync(dir)).toBe(false)
    expect(process.env[RESULTS_DIR_ENV]).toBeUndefined()
    for (const name of ['one.md', 'two.md']) {
      expect(readFileSync(join(root, name), 'utf8')).toContain('keeps BCL2')
    }
  })
})

describe('entries from Jest results and records', () => {
  test('pairs records with the tests of their names, with status, errors, duration and project', () => {
    const root = '/repo'
    const red = '\u001b[31m'
    const { file, module, unmatched } = jestTestModule(
      {
        testFilePath: '/repo/test/a.test.ts',
        displayName: { name: 'unit' },
        testResults: [
          assertion('plain test'),
          assertion('group passes'),
          assertion('group fails', 'failed', {
            duration: 30,
            failureMessages: [
              `Error: ${red}[vitest-scenario] An outcome criterion is false\u001b[39m\n  - kept\n    at Object.<anonymous> (/repo/test/a.test.ts:3:1)\n    at run (node:internal)`,
            ],
          }),
          assertion('group was retried', 'passed', { invocations: 2, duration: null }),
        ],
      },
      [
        // Finished in another order than the file lists them.
        { ok: true, record: { test: 'group fails', scenario } },
        {
          ok: true,
          record: {
            test: 'group passes',
            scenario,
            recording: { file: 'r.json', mode: 'replay', replayed: 2, recorded: 0, misses: 0 },
          },
        },
        { ok: true, record: { test: 'group was retried', scenario: { version: 0 } } },
        { ok: true, record: { test: 'group was retried', scenario } },
      ],
      root,
    )
    expect(file).toBe('test/a.test.ts')
    expect(unmatched).toEqual([])
    const entries = collectEntries([module])
    expect(entries.map((e) => [e.test, e.state, e.durationMs, e.project])).toEqual([
      ['group passes', 'passed', 12, 'unit'],
      ['group fails', 'failed', 30, 'unit'],
      // The last attempt's record is the test's.
      ['group was retried', 'passed', undefined, 'unit'],
    ])
    expect(entries[0]?.recording).toEqual({
      replayed: 2,
      recorded: 0,
      misses: 0,
      files: ['r.json'],
      mode: 'replay',
    })
    expect(entries[1]?.errors).toEqual([
      'Error: [vitest-scenario] An outcome criterion is false\n  - kept',
    ])
    expect(entries.every((e) => e.file === 'test/a.test.ts')).toBe(true)
  })

  test("maps Jest's statuses onto the reports' states: a test that did not run is skipped", () => {
    const statuses = ['passed', 'failed', 'pending', 'skipped', 'todo', 'disabled', 'focused']
    expect(statuses.map(jestState)).toEqual([
      'passed',
      'failed',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      // Unknown to the reports: collectEntries shows it as pending.
      'focused',
    ])
  })

  test('.each tests of one name take the records in order', () => {
    const { module } = jestTestModule(
      {
        testFilePath: '/r/a.test.ts',
        testResults: [assertion('row', 'passed'), assertion('row', 'failed')],
      },
      [
        { ok: true, record: { test: 'row', scenario } },
        { ok: true, record: { test: 'row', scenario: { ...scenario, name: 'second' } } },
      ],
      '/r',
    )
    expect(collectEntries([module]).map((e) => [e.state, e.scenario.name])).toEqual([
      ['passed', scenario.name],
      ['failed', 'second'],
    ])
  })

  test('a record of no test that ran, and a line that is no record, come back unmatched', () => {
    const { module, unmatched } = jestTestModule(
      {
        testFilePath: '/r/a.test.ts',
        testResults: [assertion('skipped one', 'pending')],
      },
      [
        { ok: true, record: { test: 'renamed', scenario } },
        { ok: true, record: { test: 'skipped one', scenario } },
        { ok: false, line: 3, problem: 'not JSON (a worker stopped mid-write?)' },
      ],
      '/r',
    )
    expect([...module.children.allTests()]).toEqual([])
    expect(unmatched).toEqual([
      { kind: 'line', line: 3, problem: 'not JSON (a worker stopped mid-write?)' },
      { kind: 'test', test: 'renamed', reason: 'no test' },
      { kind: 'test', test: 'skipped one', reason: 'not run' },
    ])
  })

  test('a failure message loses its colours and its stack', () => {
    expect(
      failureHeadline(
        '\u001b[2mexpect(\u001b[22mreceived\u001b[2m).toHaveStatus()\n\nExpected: completed\n    at x (a.ts:1:1)',
      ),
    ).toBe('expect(received).toHaveStatus()\n\nExpected: completed')
  })
})

describe('a run', () => {
  test('prints the terminal report on stderr and writes the Markdown and HTML reports', () => {
    const run = runReporter(rootFor('reports'), (root) => [
      fileRun(
        root,
        'test/b.test.ts',
        [assertion('gives in', 'failed', { failureMessages: ['Error: boom\n    at x (b:1:1)'] })],
        [{ test: 'gives in', scenario }],
      ),
      fileRun(
        root,
        'test/a.test.ts',
        [assertion('plain'), assertion('keeps BCL2')],
        [{ test: 'keeps BCL2', scenario }],
      ),
    ])
    expect(run.stderr).toContain(' ✓ test/a.test.ts > keeps BCL2')
    expect(run.stderr).toContain('     completed · 2 turns · ask → challenge → END')
    expect(run.stderr).toContain(' × test/b.test.ts > gives in')
    expect(run.stderr).toContain(' Scenarios  1 passed | 1 failed (2) · 4 turns')
    expect(run.stderr).toContain(' Scenario reports: out/scenarios.md, out/scenarios.html')
    // Files in path order, whatever order Jest finished them in.
    expect(run.stderr.indexOf('test/a.test.ts')).toBeLessThan(run.stderr.indexOf('test/b.test.ts'))
    expect(run.stderr).not.toContain('[vitest-scenario]')
    const markdown = run.report('out/scenarios.md') ?? ''
    expect(markdown).toContain('```mermaid')
    expect(markdown).toContain('keeps BCL2')
    expect(markdown).toContain('gives in')
    expect(markdown).toContain('boom')
    const html = run.report('out/scenarios.html') ?? ''
    expect(html).toContain('<svg class="graph"')
    expect(html).toContain('keeps BCL2')
    expect(html).toContain('gives in')
    expect(run.reporter.getLastError()).toBeUndefined()
    expect(existsSync(run.folder ?? '')).toBe(false)
  })

  test('warns about unmatched records and bad lines, and reports the rest', () => {
    const run = runReporter(rootFor('unmatched'), (root) => [
      fileRun(
        root,
        'test/a.test.ts',
        [assertion('keeps BCL2')],
        [
          { test: 'keeps BCL2', scenario },
          { test: 'renamed since', scenario },
          '{"test": "cut off',
          '\n',
          '[1, 2]\n',
        ],
      ),
    ])
    expect(run.stderr).toContain(' Scenarios  1 passed (1)')
    expect(run.stderr).toContain(
      [
        '[vitest-scenario] 3 scenario records of test/a.test.ts could not be matched to a test Jest ran; they are left out of the scenario reports',
        '  - line 3 of its results file: not JSON (a worker stopped mid-write?)',
        '  - line 4 of its results file: not a record with a `test` name',
        "  - 'renamed since': no test of this name in Jest's results for the file (did the file fail to run?)",
        `Run the reporter and Jest's workers from the same vitest-scenario install, and leave the ${RESULTS_DIR_ENV} variable to the reporter (it names the run's results folder).`,
      ].join('\n'),
    )
    expect(run.reporter.getLastError()).toBeUndefined()
    expect(run.report('out/scenarios.md')).toContain('keeps BCL2')
  })

  test('a record whose scenario data is malformed is left out with a warning', () => {
    const run = runReporter(rootFor('malformed'), (root) => [
      fileRun(
        root,
        'test/a.test.ts',
        [assertion('old'), assertion('empty')],
        [
          { test: 'old', scenario: { ...scenario, version: 0 } },
          { test: 'empty' } as ScenarioTestRecord,
        ],
      ),
    ])
    expect(run.stderr).toMatch(
      /\[vitest-scenario\] The scenario data of 2 tests in test\/a\.test\.ts could not be read; they are left out of the scenario reports\n {2}- 'old': .*\n {2}- 'empty': .*\nRun the reporter and Jest's workers from the same vitest-scenario install/,
    )
    expect(run.report('out/scenarios.md')).toContain('No scenario tests ran.')
  })

  test('a results file that cannot be read is a warning, not a crash', () => {
    const run = runReporter(rootFor('unreadable'), (root) => {
      const result: JestTestFileResultLike = {
        testFilePath: join(root, 'test/a.test.ts'),
        testResults: [assertion('keeps BCL2')],
      }
      // A folder where the file should be: reading it fails with EISDIR.
      mkdirSync(resultsFile(process.env[RESULTS_DIR_ENV] ?? '', result.testFilePath))
      return [{ result, records: [] }]
    })
    expect(run.stderr).toContain(
      '[vitest-scenario] The scenario records of test/a.test.ts could not be read (EISDIR',
    )
    expect(run.reporter.getLastError()).toBeUndefined()
  })

  test('a report that cannot be written is an error naming the file and the fix, not a throw', () => {
    const root = rootFor('unwritable')
    writeFileSync(join(root, 'blocker'), 'a file, not a folder\n')
    const run = runReporter(
      root,
      (r) => [fileRun(r, 'a.test.ts', [assertion('one')], [{ test: 'one', scenario }])],
      { reporter: { markdown: 'blocker/scenarios.md', html: 'out/scenarios.html' } },
    )
    expect(run.stderr).toContain(
      `[vitest-scenario] Could not write the Markdown report (EEXIST: a part of the path is a file, not a folder); the test results are unaffected\n  - file: ${join(root, 'blocker/scenarios.md')}\nPoint the scenario reporter's \`markdown\` option (in jest.config.js) at a file in a folder you can write to, or remove what stands in the way.`,
    )
    expect(run.stderr).toContain(' Scenario reports: out/scenarios.html')
    expect(run.report('out/scenarios.html')).toContain('<svg class="graph"')
    expect(run.reporter.getLastError()).toBeUndefined()
  })

  test('appends the Markdown report to GITHUB_STEP_SUMMARY', () => {
    const root = rootFor('step-summary')
    const summary = join(root, 'step-summary.md')
    writeFileSync(summary, '## Earlier step output\n')
    runReporter(
      root,
      (r) => [fileRun(r, 'a.test.ts', [assertion('one')], [{ test: 'one', scenario }])],
      { reporter: {}, stepSummary: summary },
    )
    const text = readFileSync(summary, 'utf8')
    expect(text.startsWith('## Earlier step output\n# Scenario report')).toBe(true)
    expect(text).toContain('```mermaid')
  })

  test('under --shard, the reports written are named as the shard’s', () => {
    const run = runReporter(
      rootFor('shard'),
      (r) => [fileRun(r, 'a.test.ts', [assertion('one')], [{ test: 'one', scenario }])],
      { config: { shard: { shardIndex: 2, shardCount: 3 } } },
    )
    expect(run.stderr).toContain(
      ' Scenario reports of shard 2/3: out/scenarios.md, out/scenarios.html',
    )
  })

  test('prints nothing without scenario tests, and leaves the records alone when asked nothing', () => {
    const run = runReporter(
      rootFor('no-scenarios'),
      (r) => [fileRun(r, 'a.test.ts', [assertion('plain')], [])],
      // Asked nothing: not even the JSON report, which is written by default.
      { reporter: { json: false } },
    )
    expect(run.stderr).toBe('')
  })

  test('writes the JSON report when a test ran, with no scenario test in it', () => {
    const root = rootFor('json-no-scenarios')
    const run = runReporter(root, (r) => [fileRun(r, 'a.test.ts', [assertion('plain')], [])], {
      reporter: {},
    })
    expect(run.stderr).toBe(' Scenario reports: test-results/results.json\n\n')
    expect(readResultsReport(join(root, 'test-results/results.json'))).toMatchObject({
      host: 'jest',
      tests: [],
    })
  })
})

test('a reporter that fails itself says so on stderr, and Jest’s run goes on', () => {
  const root = rootFor('fails-itself')
  const printed: string[] = []
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk))
    return true
  })
  const reporter = new JestScenarioReporter({ rootDir: root }, {})
  const dir = process.env[RESULTS_DIR_ENV] ?? ''
  // A result whose tests cannot be listed: collecting the entries throws.
  const broken = {
    testFilePath: join(root, 'a.test.ts'),
    get testResults(): JestAssertionResultLike[] {
      throw new Error('no tests here')
    },
  }
  appendScenarioRecord(broken.testFilePath, { test: 't', scenario })
  reporter.onTestFileResult({}, broken, {})
  expect(() => reporter.onRunComplete()).not.toThrow()
  expect(printed.join('')).toContain(
    "[vitest-scenario] The Jest scenario reporter failed (no tests here); the scenarios of the test file are left out of its reports, the test results are unaffected\n  - test file: a.test.ts\nThis is a bug in vitest-scenario: please report it with this message. Until it is fixed, remove 'vitest-scenario/jest/reporter' from the reporters in jest.config.js to run without the scenario reports.",
  )
  expect(existsSync(dir)).toBe(false)
})
