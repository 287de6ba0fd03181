import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { TestModule, Vitest } from 'vitest/node'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import ScenarioReporterDefault, { ScenarioReporter } from '../../src/hosts/vitest/reporter/index.js'
import type { TestCaseLike, TestModuleLike } from '../../src/reporter/collect-entries.js'
import { collectEntries, recordingStats } from '../../src/reporter/collect-entries.js'
import { colorsEnabled } from '../../src/reporter/terminal.js'
import { readResultsReport } from '../../src/results/read-results.js'
import { runScenario } from '../../src/runner/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { resultsDir } from '../support/paths.js'
import { pushback } from './sample-results.js'

const root = join(resultsDir, 'reporter-unit')

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A test case as the reporter API gives it. */
function testCase(name: string, meta: object, state = 'passed'): TestCaseLike {
  return {
    fullName: name,
    module: { relativeModuleId: 'test/a.test.ts' },
    project: { name: '' },
    meta: () => meta,
    result: () => ({
      state,
      errors: state === 'failed' ? [{ message: '\u001b[31mboom\u001b[39m\n\ndiff' }] : [],
    }),
    diagnostic: () => ({ duration: 12.4 }),
  }
}

function moduleOf(...tests: TestCaseLike[]): TestModuleLike {
  return { children: { allTests: () => tests } }
}

async function meta() {
  const definition = pushback()
  return scenarioMeta(definition, [
    await runScenario(definition, { model: scriptedModel(['Venetoclax', 'Venetoclax']) }),
  ])
}

/** A reporter initialised with a stand-in for Vitest that keeps what it logs. */
function reporterWith(options?: ConstructorParameters<typeof ScenarioReporter>[0]) {
  const logged: string[] = []
  const reporter = new ScenarioReporter(options)
  reporter.onInit({
    config: { root },
    logger: { log: (text: string) => logged.push(text), outputStream: { isTTY: false } },
  } as unknown as Vitest)
  return { reporter, logged }
}

describe('options', () => {
  test('takes markdown and html paths, or nothing; the default export is the class', () => {
    expect(new ScenarioReporter().options).toEqual({})
    expect(new ScenarioReporter({ html: 'r.html', markdown: 'r.md' }).options).toEqual({
      html: 'r.html',
      markdown: 'r.md',
    })
    expect(ScenarioReporterDefault).toBe(ScenarioReporter)
  })

  test('an unknown key is an error naming the valid ones', () => {
    const make = () => new ScenarioReporter({ htm: 'x.html' } as never)
    expect(make).toThrow(InvalidArgumentError)
    expect(make).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] new ScenarioReporter(options) has an invalid option
        - unknown key 'htm' in options; valid keys: 'markdown', 'html', 'json', 'github'
      Fix them in vitest.config.ts: reporters: [['vitest-scenario/reporter', { markdown: 'test-results/scenarios.md' }]].
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('a path must be a non-empty string', () => {
    expect(() => new ScenarioReporter({ html: '' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] new ScenarioReporter(options) has an invalid option
        - \`html\`: a file path relative to the Vitest root, e.g. 'test-results/scenarios.html', got ''
      Fix them in vitest.config.ts: reporters: [['vitest-scenario/reporter', { markdown: 'test-results/scenarios.md' }]].
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => new ScenarioReporter({ markdown: 3 } as never)).toThrow(
      /`markdown`: a file path relative to the Vitest root, e.g. 'test-results\/scenarios.md', got 3/,
    )
    expect(() => new ScenarioReporter('x.html' as never)).toThrow(InvalidArgumentError)
  })
})

describe('collectEntries', () => {
  test('keeps tests with scenario meta, with their state, errors, duration and recording', async () => {
    const scenario = await meta()
    const entries = collectEntries([
      moduleOf(
        testCase('plain test', {}),
        testCase('a scenario', {
          scenario,
          recording: { file: 'r.json', mode: 'replay', replayed: 2, recorded: 0, misses: 0 },
        }),
        testCase('a failing scenario', { scenario }, 'failed'),
        testCase('old meta', { scenario: { ...scenario, version: 0 } }),
      ),
    ])
    expect(entries.map((e) => [e.test, e.state])).toEqual([
      ['a scenario', 'passed'],
      ['a failing scenario', 'failed'],
    ])
    expect(entries[0]).toMatchObject({
      file: 'test/a.test.ts',
      durationMs: 12,
      recording: { replayed: 2, recorded: 0, misses: 0, files: ['r.json'], mode: 'replay' },
    })
    // Every line of the message, its colours out.
    expect(entries[1]?.errors).toEqual(['boom\n\ndiff'])
  })

  test('sums a list of recording summaries (one per sample)', () => {
    expect(
      recordingStats([
        { file: 'a.sample-0.json', mode: 'new', replayed: 1, recorded: 2, misses: 0 },
        { file: 'a.sample-1.json', mode: 'new', replayed: 3, recorded: 0, misses: 1 },
      ]),
    ).toEqual({
      replayed: 4,
      recorded: 2,
      misses: 1,
      files: ['a.sample-0.json', 'a.sample-1.json'],
      mode: 'new',
    })
    expect(recordingStats(undefined)).toBeUndefined()
  })
})

describe('onTestRunEnd', () => {
  test('logs a block per scenario and a summary through the Vitest logger, and writes the reports', async () => {
    rmSync(root, { recursive: true, force: true })
    vi.stubEnv('GITHUB_STEP_SUMMARY', '')
    const { reporter, logged } = reporterWith({
      markdown: 'out/scenarios.md',
      html: 'out/scenarios.html',
    })
    const scenario = await meta()
    reporter.onTestRunEnd([
      moduleOf(testCase('keeps BCL2', { scenario })),
    ] as unknown as TestModule[])
    expect(logged).toHaveLength(1)
    const text = logged[0] ?? ''
    expect(text).toContain(' ✓ test/a.test.ts > keeps BCL2')
    expect(text).toContain('     completed · 2 turns · ask → challenge → END')
    expect(text).toContain('     outcomes ✓ kept')
    // An agent as the model counts no tokens: no line of zeros under the scenario.
    expect(text).not.toContain('     tokens')
    expect(text).toContain(' Scenarios  1 passed (1) · 2 turns · tokens 0 recorded, 0 spent now')
    expect(text).toContain(' Scenario reports: out/scenarios.md, out/scenarios.html')
    expect(readFileSync(join(root, 'out/scenarios.md'), 'utf8')).toContain('```mermaid')
    expect(readFileSync(join(root, 'out/scenarios.html'), 'utf8')).toContain('<svg class="graph"')
  })

  test('shows the tokens of a scenario that counted some', async () => {
    const scenario = await meta()
    const run = scenario.runs[0]
    if (run === undefined) throw new Error('no run')
    run.usage.now = { input: 1200, output: 34, cached: 0, turns: 2 }
    const { reporter, logged } = reporterWith()
    reporter.onTestRunEnd([
      moduleOf(testCase('keeps BCL2', { scenario })),
    ] as unknown as TestModule[])
    expect(logged[0]).toContain('     tokens 0 recorded, 1,234 spent now\n')
  })

  test('appends the Markdown report to GITHUB_STEP_SUMMARY, also without a markdown option', async () => {
    mkdirSync(root, { recursive: true })
    const summary = join(root, 'step-summary.md')
    writeFileSync(summary, '## Earlier step output\n')
    vi.stubEnv('GITHUB_STEP_SUMMARY', summary)
    const { reporter, logged } = reporterWith()
    reporter.onTestRunEnd([
      moduleOf(testCase('keeps BCL2', { scenario: await meta() })),
    ] as unknown as TestModule[])
    const text = readFileSync(summary, 'utf8')
    expect(text.startsWith('## Earlier step output\n# Scenario report')).toBe(true)
    expect(text).toContain('```mermaid')
    // No Markdown file: the JSON report is the one report written by default.
    expect(logged[0]).toContain(' Scenario reports: test-results/results.json\n')
  })

  test('prints nothing without scenario tests, but still writes the reports it was asked for', () => {
    rmSync(root, { recursive: true, force: true })
    vi.stubEnv('GITHUB_STEP_SUMMARY', '')
    const { reporter, logged } = reporterWith({ html: 'empty.html' })
    reporter.onTestRunEnd([moduleOf(testCase('plain', {}))] as unknown as TestModule[])
    expect(logged).toEqual([' Scenario reports: empty.html, test-results/results.json\n'])
    expect(readFileSync(join(root, 'empty.html'), 'utf8')).toContain('No scenario tests ran.')
    // A test ran, so the JSON report says so: no scenario tests among them.
    expect(readResultsReport(join(root, 'test-results/results.json'))).toMatchObject({
      host: 'vitest',
      tests: [],
    })
  })
})

test('colours follow NO_COLOR, FORCE_COLOR and the terminal', () => {
  expect(colorsEnabled({ isTTY: true }, {})).toBe(true)
  expect(colorsEnabled({ isTTY: false }, {})).toBe(false)
  expect(colorsEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
  expect(colorsEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true)
  expect(colorsEnabled({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false)
})
