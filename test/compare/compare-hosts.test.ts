import { readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Comparison, TestComparison } from '../../src/compare/comparison.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { repoRoot } from '../support/paths.js'
import { type RunResult, run } from '../support/run.js'
import { prepareSample, runNodeTestAsync, spawnAsync } from '../support/sample-project.js'
import { baselineModels, candidateModels } from './compare-models.js'

// `vitest-scenario compare` under Jest and node:test, not only Vitest: each host's sample project
// (test/projects/compare-jest, test/projects/compare-node-test) records its baseline against one
// loopback server and candidate `next` against another; then the packed package's bin, given no
// baseline report, replays the baseline itself by running the candidate report's recorded command
// (`node --experimental-vm-modules …/jest.js`, `node --test --test-reporter=…`) offline.
let base: ScriptedServer
let candidate: ScriptedServer
const KEY = 'test-key-fake-compare-hosts'

beforeAll(async () => {
  base = await startOpenAIServer({ created: 1_700_000_000 })
  base.setDefaultReply(baselineModels)
  candidate = await startOpenAIServer({ created: 1_700_000_000 })
  candidate.setDefaultReply(candidateModels())
})

afterAll(async () => {
  await base?.close()
  await candidate?.close()
})

/** A run recording what is missing, against the servers, with the fake key. */
const RECORD = {
  CI: '',
  VITEST_SCENARIO_RECORD: 'new',
  OPENAI_API_KEY: KEY,
  VITEST_SCENARIO_CANDIDATE: undefined,
  VITEST_SCENARIO_RESULTS: undefined,
}

/** The packed package's bin, run by Node in the project, offline: no server URL, no key, CI. */
function bin(dir: string, args: string[]): RunResult {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries({
    ...process.env,
    CI: 'true',
    OPENAI_API_KEY: undefined,
    SCENARIO_BASE_URL: undefined,
    SCENARIO_CANDIDATE_URL: undefined,
    VITEST_SCENARIO_CANDIDATE: undefined,
    VITEST_SCENARIO_RECORD: undefined,
    VITEST_SCENARIO_RESULTS: undefined,
  })) {
    if (value !== undefined) env[name] = value
  }
  return run(
    process.execPath,
    [join(dir, 'node_modules/vitest-scenario/dist/src/cli/main.js'), ...args],
    { cwd: dir, env, timeoutMs: 120_000 },
  )
}

const readJson = <T>(dir: string, path: string): T =>
  JSON.parse(readFileSync(join(dir, path), 'utf8')) as T

const states = (report: ResultsReport) =>
  new Map(report.tests.map((t) => [t.test.split(':')[0], t.state]))

function byName(comparison: Comparison, prefix: string): TestComparison {
  const found = comparison.tests.find((t) => t.test.startsWith(prefix))
  if (found === undefined) throw new Error(`no test '${prefix}…' in compare.json`)
  return found
}

/** The same review on each host: baseline, candidate, compare with the baseline replayed. */
async function review(
  host: 'jest' | 'node-test',
  dir: string,
  runHost: (env: Record<string, string | undefined>) => Promise<RunResult>,
  command: RegExp,
): Promise<void> {
  const servers = { SCENARIO_BASE_URL: base.baseURL, SCENARIO_CANDIDATE_URL: candidate.baseURL }
  const baseline = await runHost({ ...RECORD, ...servers })
  // The baseline model gets FIXED wrong.
  expect(baseline.code, baseline.output).toBe(1)
  const recorded = readJson<ResultsReport>(dir, 'test-results/results.json')
  expect(recorded.host).toBe(host)
  expect(states(recorded)).toEqual(
    new Map([
      ['fixed', 'failed'],
      ['regressed', 'passed'],
      ['steady', 'passed'],
    ]),
  )

  const next = await runHost({ ...RECORD, ...servers, VITEST_SCENARIO_CANDIDATE: 'next' })
  // The candidate model gets ROUTE wrong.
  expect(next.code, next.output).toBe(1)
  const report = readJson<ResultsReport>(dir, 'test-results/candidates/next/results.json')
  expect(report).toMatchObject({ host, candidate: { name: 'next' }, failOn: { regressed: 0 } })
  // The command compare runs again: the host's own, with its flags and arguments.
  expect([...(report.command?.execArgv ?? []), ...(report.command?.argv ?? [])].join(' ')).toMatch(
    command,
  )
  expect(states(report)).toEqual(
    new Map([
      ['fixed', 'passed'],
      ['regressed', 'failed'],
      ['steady', 'passed'],
    ]),
  )

  const requests = base.requests.length + candidate.requests.length
  const result = bin(dir, ['compare', '--candidate', 'next', '--no-color'])
  // One regression is more than the reporter's failOn: { regressed: 0 }.
  expect(result.code, result.output).toBe(1)
  // The replay answered every call from the committed recordings.
  expect(base.requests.length + candidate.requests.length).toBe(requests)
  expect(result.stderr).toContain(
    'Replaying the baseline from the committed recordings into test-results/baseline/results.json',
  )
  const replayed = readJson<ResultsReport>(dir, 'test-results/baseline/results.json')
  expect(replayed.host).toBe(host)
  expect(replayed.candidate).toBeUndefined()
  expect(replayed.createdAt > recorded.createdAt).toBe(true)
  expect(states(replayed)).toEqual(states(recorded))
  for (const t of replayed.tests) expect(t.recording?.misses ?? 0, t.test).toBe(0)

  const comparison = readJson<Comparison>(dir, 'test-results/compare.json')
  expect(comparison).toMatchObject({
    kind: 'vitest-scenario.compare',
    baseline: { source: 'test-results/baseline/results.json' },
    candidate: { source: 'test-results/candidates/next/results.json', candidate: 'next' },
    counts: {
      fixed: 1,
      regressed: 1,
      flaky: 0,
      'not-comparable': 0,
      'unchanged-pass': 1,
      'unchanged-fail': 0,
    },
  })
  expect(byName(comparison, 'fixed')).toMatchObject({ bucket: 'fixed', driver: 'deterministic' })
  expect(byName(comparison, 'regressed')).toMatchObject({
    bucket: 'regressed',
    driver: 'deterministic',
  })
  expect(byName(comparison, 'steady')).toMatchObject({ bucket: 'unchanged-pass' })
  expect(comparison.gates).toEqual({
    results: [expect.objectContaining({ gate: 'regressed', limit: 0, actual: 1, passed: false })],
    failed: true,
  })
  const file = host === 'jest' ? 'suite.test.ts' : 'suite.test.mjs'
  for (const line of [
    '1 regressed · 1 fixed · 0 flaky · 0 not comparable · 0 unchanged, failing · 1 unchanged, passing (3 tests)',
    `× ${file} > regressed: names the inhibitor [deterministic]`,
    "outcome 'names venetoclax': true → false",
    '✗ 1 test regressed; failOn.regressed allows 0',
  ]) {
    expect(result.stdout).toContain(line)
  }

  // A flag loosens the gate; against the replayed report, nothing runs again.
  const lenient = bin(dir, [
    'compare',
    '--no-color',
    '--baseline',
    'test-results/baseline/results.json',
    '--fail-on-regressed',
    '1',
  ])
  expect(lenient.code, lenient.output).toBe(0)
}

describe('compare replays the baseline through each host’s own command', () => {
  test('Jest: node --experimental-vm-modules jest.js', async () => {
    const dir = prepareSample('compare-jest')
    // Jest in the project's own node_modules, run as its package.json script runs it, so the
    // report names the script relative to the project, as it would in a user's project.
    symlinkSync(join(repoRoot, 'node_modules/jest'), join(dir, 'node_modules/jest'), 'dir')
    const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js']
    // Two files and two workers: the tests run in Jest's workers, the reporter in its parent.
    await review(
      'jest',
      dir,
      (env) => spawnAsync(dir, [...jest, '--maxWorkers=2'], env),
      /^--experimental-vm-modules node_modules\/jest\/bin\/jest\.js --maxWorkers=2$/,
    )
  }, 120_000)

  test('node:test: node --test with the scenario reporter', async () => {
    const dir = prepareSample('compare-node-test')
    const reporters = [
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scenario-reporter.mjs',
      '--test-reporter-destination=stdout',
    ]
    const files = ['suite.test.mjs', 'steady.test.mjs']
    await review(
      'node-test',
      dir,
      (env) => runNodeTestAsync(dir, [...reporters, ...files], env),
      /^--test .*--test-reporter=\.\/scenario-reporter\.mjs .*\bsuite\.test\.mjs \S*steady\.test\.mjs$/,
    )
  }, 120_000)
})
