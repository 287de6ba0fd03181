import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Comparison, TestComparison } from '../../src/compare/comparison.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { type RunResult, run } from '../support/run.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'
import { baselineModels, candidateModels } from './compare-models.js'

// A user's whole review of a model change, on test/projects/compare with the packed package: record
// the baseline against one loopback server, run candidate `next` against another, let the bin's
// `compare` replay the baseline from the committed recordings and compare, check every bucket,
// driver and statistic, then `promote` and replay the promoted recordings offline.
let base: ScriptedServer
let candidate: ScriptedServer
let dir: string
const KEY = 'test-key-fake-compare'

beforeAll(async () => {
  base = await startOpenAIServer({ created: 1_700_000_000 })
  base.setDefaultReply(baselineModels)
  candidate = await startOpenAIServer({ created: 1_700_000_000 })
  candidate.setDefaultReply(candidateModels())
  dir = prepareSample('compare')
})

afterAll(async () => {
  await base?.close()
  await candidate?.close()
})

/** A run recording what is missing, against the servers, with the fake key. */
const record = (env: Record<string, string | undefined> = {}) =>
  runVitestAsync(
    dir,
    [],
    {
      CI: '',
      VITEST_SCENARIO_RECORD: 'new',
      OPENAI_API_KEY: KEY,
      SCENARIO_BASE_URL: base.baseURL,
      SCENARIO_CANDIDATE_URL: candidate.baseURL,
      ...env,
    },
    { configReporters: true },
  )

/** Offline: no server URL, no key, CI. */
const OFFLINE = {
  CI: 'true',
  OPENAI_API_KEY: undefined,
  SCENARIO_BASE_URL: undefined,
  SCENARIO_CANDIDATE_URL: undefined,
  VITEST_SCENARIO_CANDIDATE: undefined,
  VITEST_SCENARIO_RECORD: undefined,
}

/** The packed package's bin, run by Node in the project, offline. */
function bin(args: string[]): RunResult {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries({ ...process.env, ...OFFLINE })) {
    if (value !== undefined) env[name] = value
  }
  return run(
    process.execPath,
    [join(dir, 'node_modules/vitest-scenario/dist/src/cli/main.js'), ...args],
    {
      cwd: dir,
      env,
      timeoutMs: 180_000,
    },
  )
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(dir, path), 'utf8')) as T

function recordingsUnder(folder: string): Map<string, string> {
  return new Map(
    [...projectFiles(dir, join(dir, folder))].filter(([path]) => !path.includes('/.candidates/')),
  )
}

function byName(comparison: Comparison, prefix: string): TestComparison {
  const found = comparison.tests.find((t) => t.test.startsWith(prefix))
  if (found === undefined) throw new Error(`no test '${prefix}…' in compare.json`)
  return found
}

const NAMES = ['fixed', 'judge', 'route', 'flaky', 'outage', 'steady', 'stubborn'] as const

describe('compare a candidate model with the baseline, then promote it', () => {
  let baselineFiles: Map<string, string>
  let candidateReport: ResultsReport

  test('the baseline records against its server (two tests fail on the baseline model)', async () => {
    const result = await record()
    expect(result.code, result.output).toBe(1)
    baselineFiles = recordingsUnder('__recordings__')
    // One file per test, five for the sampled one.
    expect(baselineFiles.size).toBe(11)
    const report = readJson<ResultsReport>('test-results/results.json')
    expect(report.candidate).toBeUndefined()
    expect(new Map(report.tests.map((t) => [t.test.split(':')[0], t.state]))).toEqual(
      new Map([
        ['fixed', 'failed'],
        ['judge', 'passed'],
        ['route', 'passed'],
        ['flaky', 'passed'],
        ['outage', 'passed'],
        ['steady', 'passed'],
        ['stubborn', 'failed'],
      ]),
    )
    expect(candidate.requests).toHaveLength(0)
  }, 180_000)

  test('the candidate run records beside the baseline, never touching it', async () => {
    const judged = base.requests.length
    const result = await record({ VITEST_SCENARIO_CANDIDATE: 'next' })
    expect(result.code, result.output).toBe(1)
    expect(recordingsUnder('__recordings__')).toEqual(baselineFiles)
    const files = [...projectFiles(dir, join(dir, '__recordings__/.candidates/next'))].map(
      ([p]) => p,
    )
    expect(files.length).toBeGreaterThanOrEqual(10)
    // The candidate's server answered every answering call; the baseline's only judged.
    expect(
      candidate.requests.every((r) => (r.body as { model: string }).model === 'next-model'),
    ).toBe(true)
    const since = base.requests.slice(judged)
    expect(since.length).toBeGreaterThan(0)
    expect(since.every((r) => (r.body as { model: string }).model === 'judge-model')).toBe(true)
    candidateReport = readJson<ResultsReport>('test-results/candidates/next/results.json')
    expect(candidateReport.candidate).toMatchObject({ name: 'next' })
    expect(candidateReport.failOn).toEqual({ regressed: 5 })
    expect(candidateReport.command?.argv.join(' ')).toContain('vitest')
  }, 180_000)

  test('compare replays the baseline offline and puts each test in its bucket, with its driver and statistics', () => {
    const requests = base.requests.length + candidate.requests.length
    const result = bin(['compare', '--no-color'])
    // Two regressions are within the config's failOn: { regressed: 5 }.
    expect(result.code, result.output).toBe(0)
    expect(base.requests.length + candidate.requests.length).toBe(requests)
    expect(result.stderr).toContain(
      'Replaying the baseline from the committed recordings into test-results/baseline/results.json',
    )
    const replayed = readJson<ResultsReport>('test-results/baseline/results.json')
    expect(replayed.candidate).toBeUndefined()
    expect(replayed.tests.every((t) => t.recording === undefined || t.recording.misses === 0)).toBe(
      true,
    )

    const comparison = readJson<Comparison>('test-results/compare.json')
    expect(comparison).toMatchObject({
      kind: 'vitest-scenario.compare',
      version: 1,
      baseline: { source: 'test-results/baseline/results.json' },
      candidate: { source: 'test-results/candidates/next/results.json', candidate: 'next' },
      counts: {
        fixed: 1,
        regressed: 2,
        flaky: 1,
        'not-comparable': 1,
        'unchanged-pass': 1,
        'unchanged-fail': 1,
      },
    })
    expect(comparison.tests).toHaveLength(NAMES.length)
    // Worst first: the regressions lead.
    expect(comparison.tests.slice(0, 2).map((t) => t.bucket)).toEqual(['regressed', 'regressed'])

    expect(byName(comparison, 'fixed')).toMatchObject({ bucket: 'fixed', driver: 'deterministic' })
    const fixedChanges = byName(comparison, 'fixed').pairs[0]?.changes ?? []
    expect(fixedChanges).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'verify', turn: 0 })]),
    )

    const flip = byName(comparison, 'judge')
    expect(flip).toMatchObject({ bucket: 'regressed', driver: 'judge' })
    const flipPair = flip.pairs[0]
    expect(flipPair?.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'judge', name: 'names a drug' })]),
    )
    expect(flipPair?.changes.some((c) => ['status', 'path', 'verify'].includes(c.kind))).toBe(false)
    const reasonings = (side: 'baseline' | 'candidate') =>
      JSON.stringify(flipPair?.[side]?.judgements['names a drug'])
    expect(reasonings('baseline')).toContain('The answer names venetoclax, a BCL-2 inhibitor.')
    expect(reasonings('candidate')).toContain('The answer names no drug.')

    const route = byName(comparison, 'route')
    expect(route).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
    expect(route.pairs[0]?.baseline?.path).toEqual(['ask', 'confirm'])
    expect(route.pairs[0]?.candidate?.path).toEqual(['ask', 'correct'])
    expect(route.pairs[0]?.firstDifferingTurn).toBe(0)
    expect(route.pairs[0]?.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'path' })]),
    )

    const flaky = byName(comparison, 'flaky')
    expect(flaky.bucket).toBe('flaky')
    expect(flaky.driver).toBeUndefined()
    expect(flaky.pairs).toHaveLength(5)
    expect(flaky.baseline).toMatchObject({ passes: 5, n: 5, passRate: 1 })
    expect(flaky.candidate).toMatchObject({ passes: 3, n: 5, passRate: 0.6 })
    expect(flaky.statistics).toMatchObject({
      n: 5,
      baselinePasses: 5,
      candidatePasses: 3,
      lost: 2,
      gained: 0,
      verdict: 'no evidence',
    })
    // Two discordant pairs, both lost: p = 2 · (1/2)² = 0.5.
    expect(flaky.statistics?.pValue).toBeCloseTo(0.5, 12)
    expect(flaky.statistics?.difference).toBeCloseTo(-0.4, 12)
    const interval = flaky.statistics?.interval
    expect(interval?.confidence).toBe(0.95)
    expect(interval?.low).toBeLessThan(-0.4)
    expect(interval?.high).toBeGreaterThan(0)
    expect(interval?.low).toBeGreaterThanOrEqual(-1)

    const outage = byName(comparison, 'outage')
    expect(outage.bucket).toBe('not-comparable')
    expect(outage.reason).toMatch(/server_error|503/)
    expect(outage.pairs[0]?.candidate?.infrastructure).toMatch(/server_error|503/)

    expect(byName(comparison, 'steady')).toMatchObject({ bucket: 'unchanged-pass' })
    expect(byName(comparison, 'steady').delta.tokens).toBe(0)
    expect(byName(comparison, 'stubborn')).toMatchObject({ bucket: 'unchanged-fail' })

    // Over the suite: 10 comparable pairs (the outage left out), 4 lost, 1 gained;
    // p = 2 · (1 + 5) / 2⁵ = 0.375.
    expect(comparison.statistics).toMatchObject({
      n: 10,
      baselinePasses: 8,
      candidatePasses: 5,
      lost: 4,
      gained: 1,
      verdict: 'no evidence',
    })
    expect(comparison.statistics?.pValue).toBeCloseTo(0.375, 12)
    expect(comparison.statistics?.difference).toBeCloseTo(-0.3, 12)
    // next-model costs twice base-model; the judge's price is the same on both sides.
    expect(comparison.totals.baseline.cost).toBeGreaterThan(0)
    expect(comparison.totals.costChange).toBeGreaterThan(0)
    expect(comparison.gates).toEqual({
      results: [expect.objectContaining({ gate: 'regressed', limit: 5, actual: 2, passed: true })],
      failed: false,
    })

    // The terminal text: counts, the regressions first with their drivers, the statistics.
    const text = result.stdout
    expect(text.includes(String.fromCharCode(27))).toBe(false)
    expect(text).toContain(
      '2 regressed · 1 fixed · 1 flaky · 1 not comparable · 1 unchanged, failing · 1 unchanged, passing (7 tests)',
    )
    expect(text).toContain('× suite.test.ts > judge: explains BCL-2 [judge]')
    expect(text).toContain("judge 'names a drug': pass (1/1 met) → fail (0/1 met; 1:unmet)")
    expect(text).toContain('× suite.test.ts > route: confirms the inhibitor [deterministic]')
    expect(text).toContain('? suite.test.ts > outage: names the inhibitor')
    expect(text).toMatch(/server_error/)
    expect(text).toContain('~ suite.test.ts > flaky: names the inhibitor, sampled')
    expect(text).toMatch(
      /5\/5 \(100%\) → 3\/5 \(60%\) · Δ −40 pts \(95% CI −\d+…\+\d+ pts\) · McNemar p = 0\.5 · no evidence/,
    )
    expect(text).toContain('✓ suite.test.ts > fixed: names the inhibitor [deterministic]')
    expect(text).toMatch(
      /Suite +8\/10 → 5\/10 passed · Δ −30 pts \(95% CI −\d+…\+\d+ pts\) · McNemar p = 0\.375 · no evidence/,
    )
    const at = (name: string) => text.indexOf(name)
    expect(at('judge: explains BCL-2')).toBeLessThan(at('fixed: names the inhibitor'))
    expect(at('route: confirms the inhibitor')).toBeLessThan(at('fixed: names the inhibitor'))
    expect(text).toContain(
      'Wrote test-results/compare.json, test-results/compare.md, test-results/compare.html',
    )

    const markdown = readFileSync(join(dir, 'test-results/compare.md'), 'utf8')
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(60 * 1024)
    expect(markdown).toMatch(/^# Comparison: candidate next$/m)
    for (const row of [
      '| 🔴 regressed | 2 |',
      '| 🟢 fixed | 1 |',
      '| 🟡 flaky | 1 |',
      '| ⚪ not comparable | 1 |',
      '| ⚫ unchanged, failing | 1 |',
      '| ✅ unchanged, passing | 1 |',
    ]) {
      expect(markdown).toContain(row)
    }
    expect(markdown).toMatch(
      /\| Sample pairs passed \| 8\/10 \| 5\/10 \| Δ −30 pts .*McNemar p = 0\.375 · no evidence \|/,
    )
    expect(markdown).toContain('## 🔴 Regressed (2)')
    for (const name of [
      'judge: explains BCL-2',
      'route: confirms the inhibitor',
      'flaky: names the inhibitor, sampled',
      'outage: names the inhibitor',
      'fixed: names the inhibitor',
    ]) {
      expect(markdown).toContain(`<summary><b>${name}</b>`)
    }
    expect(markdown).toContain('The answer names no drug.')
    const html = readFileSync(join(dir, 'test-results/compare.html'), 'utf8')
    expect(html).toContain('Content-Security-Policy')
    expect(html).toContain('route: confirms the inhibitor')
    // The key never reaches what compare wrote.
    for (const [path, content] of projectFiles(dir, join(dir, 'test-results'))) {
      expect(content.includes(KEY), path).toBe(false)
    }
  }, 240_000)

  test('the gates: flags win over the config, a failed gate exits 1, bad input exits 2', () => {
    const against = ['compare', '--no-color', '--baseline', 'test-results/baseline/results.json']
    const strict = bin([...against, '--fail-on-regressed', '1'])
    expect(strict.code, strict.output).toBe(1)
    const gates = readJson<Comparison>('test-results/compare.json').gates
    expect(gates.failed).toBe(true)
    expect(gates.results).toEqual([
      expect.objectContaining({ gate: 'regressed', limit: 1, actual: 2, passed: false }),
    ])
    const lenient = bin([...against, '--fail-on-regressed', '2'])
    expect(lenient.code, lenient.output).toBe(0)
    const cost = bin([...against, '--fail-on-cost-increase', '1'])
    expect(cost.code, cost.output).toBe(1)
    expect(readJson<Comparison>('test-results/compare.json').gates.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ gate: 'costIncrease', limit: 1, passed: false }),
      ]),
    )
    const bad = bin([...against, '--fail-on-regressed', 'many'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^\[vitest-scenario\] --fail-on-regressed takes a whole number/)
  }, 120_000)

  test('promote moves the candidate over the baseline; the promoted recordings replay offline with its answers', async () => {
    const result = bin(['promote', 'next'])
    expect(result.code, result.output).toBe(0)
    expect(result.stdout).toMatch(/Promoted \d+ recordings of candidate 'next' over the baseline\./)
    expect(
      [...projectFiles(dir, join(dir, '__recordings__'))].some(([p]) => p.includes('.candidates')),
    ).toBe(false)
    // The upgrade's config change: the baseline's model is now the candidate's.
    const config = join(dir, 'vitest.config.ts')
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "model: { model: 'base-model'",
        "model: { model: 'next-model'",
      ),
    )
    const requests = base.requests.length + candidate.requests.length
    const replay = await runVitestAsync(dir, [], OFFLINE, { configReporters: true })
    expect(base.requests.length + candidate.requests.length).toBe(requests)
    const after = readJson<ResultsReport>('test-results/results.json')
    const states = (report: ResultsReport) =>
      new Map(report.tests.map((t) => [t.test.split(':')[0], t.state]))
    const expected = states(candidateReport)
    // The outage recorded nothing for the candidate: its baseline recording (the old model's)
    // stays, and the new model's request misses it until it is recorded.
    expected.set('outage', 'failed')
    expect(states(after), replay.output).toEqual(expected)
    const outage = after.tests.find((t) => t.test.startsWith('outage'))
    expect(outage?.errors.join('\n')).toContain('No recording for model call')
    for (const t of after.tests.filter((t) => !t.test.startsWith('outage'))) {
      expect(t.recording?.misses ?? 0, t.test).toBe(0)
    }
  }, 180_000)
})
