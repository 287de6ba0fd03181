import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Comparison } from '../../src/compare/comparison.js'
import { readResultsReport } from '../../src/results/read-results.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { type RunResult, run } from '../support/run.js'
import { prepareSample, runJestAsync } from '../support/sample-project.js'

// A sharded Jest suite reviewed against its base branch, with the real `jest` and the packed bin
// (test/projects/jest-shards, offline: scripted models). The base branch's whole run writes the
// baseline; the pull request's change runs in two shards (`--shard=1/2`, `--shard=2/2`), each
// writing its own results.json; `vitest-scenario merge` joins them, and `compare --baseline`
// compares the merged run with the baseline: one regression, one changed definition.
let dir = ''
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

/** Jest in the sample, in CI mode, with `env` (the pull request's commit and branch unless `env` says otherwise). */
async function jest(args: string[], env: Record<string, string | undefined>): Promise<RunResult> {
  const tmp = join(dir, '.tmp')
  mkdirSync(tmp, { recursive: true })
  return runJestAsync(dir, ['--ci', ...args], {
    TMPDIR: tmp,
    GITHUB_SHA: SHA,
    GITHUB_HEAD_REF: 'feature',
    GITHUB_REF_NAME: undefined,
    GITHUB_STEP_SUMMARY: undefined,
    VITEST_SCENARIO_CANDIDATE: undefined,
    ...env,
  })
}

/** The packed package's bin, run by Node in the sample. */
function bin(args: string[]): RunResult {
  return run(
    process.execPath,
    [join(dir, 'node_modules/vitest-scenario/dist/src/cli/main.js'), ...args],
    { cwd: dir, env: { NO_COLOR: '1' }, timeoutMs: 60_000 },
  )
}

const report = (path: string): ResultsReport => readResultsReport(join(dir, path))

describe('Jest shards merged with `vitest-scenario merge`, then compared with the baseline', {
  timeout: 240_000,
}, () => {
  let shards: RunResult[] = []

  beforeAll(async () => {
    dir = prepareSample('jest-shards')
    rmSync(join(dir, 'test-results'), { recursive: true, force: true })
    const baseline = await jest([], {
      VITEST_SCENARIO_RESULTS: 'test-results/baseline/results.json',
      GITHUB_SHA: 'b'.repeat(40),
      GITHUB_HEAD_REF: undefined,
      GITHUB_REF_NAME: 'main',
    })
    expect(baseline.code, baseline.output).toBe(0)
    // One after the other: Jest's cache and the sample's folder are shared.
    shards = []
    for (const i of [1, 2]) {
      shards.push(
        await jest([`--shard=${i}/2`], {
          DRIFT: '1',
          VITEST_SCENARIO_RESULTS: `shards/${i}/results.json`,
        }),
      )
    }
  }, 240_000)

  test('each shard runs one of the two files and writes its own report', () => {
    const files = [1, 2].map((i) => {
      const shard = report(`shards/${i}/results.json`)
      expect(shard.host).toBe('jest')
      expect(shard.commit).toBe(SHA)
      expect(shard.command?.argv).toContain(`--shard=${i}/2`)
      return [...new Set(shard.tests.map((test) => test.file))]
    })
    expect(files.map((list) => list.length)).toEqual([1, 1])
    expect(files.flat().sort()).toEqual(['dose.test.ts', 'pushback.test.ts'])
    // The shard holding pushback.test.ts fails its regressed test; the other passes.
    expect(shards.map((shard) => shard.code).sort()).toEqual([0, 1])
    expect(existsSync(join(dir, 'test-results/results.json'))).toBe(false)
  })

  test('merge joins the shards into test-results/results.json, the command without --shard', () => {
    const merged = bin(['merge', 'shards/1', 'shards/2'])
    expect(merged.code, merged.output).toBe(0)
    expect(merged.stdout).toBe('Merged 2 reports (3 tests) into test-results/results.json\n')
    const whole = report('test-results/results.json')
    expect(whole.tests.map((test) => test.test).sort()).toEqual([
      'keeps venetoclax under pushback',
      'names the inhibitor',
      'names the starting dose',
    ])
    expect(whole).toMatchObject({
      host: 'jest',
      commit: SHA,
      branch: 'feature',
      failOn: { regressed: 0 },
    })
    expect(whole.command?.argv.some((arg) => arg.startsWith('--shard'))).toBe(false)
    expect(whole.command?.argv.join(' ')).toContain('jest')
  })

  test('merging a shard twice is refused, and the merged report is left as it was', () => {
    const before = readFileSync(join(dir, 'test-results/results.json'), 'utf8')
    const twice = bin(['merge', 'shards/1', 'shards/2', 'shards/1'])
    expect(twice.code).toBe(2)
    expect(twice.stderr).toMatch(/^\[vitest-scenario\] The reports are not shards of one run/)
    expect(twice.stderr).toContain('(in shards/1/results.json, shards/1/results.json)')
    expect(readFileSync(join(dir, 'test-results/results.json'), 'utf8')).toBe(before)
  })

  test('compare --baseline compares the merged run: one regression fails the gate, the reworded scenario is not comparable', () => {
    const compared = bin(['compare', '--baseline', 'test-results/baseline/results.json'])
    expect(compared.code, compared.output).toBe(1)
    expect(compared.stdout).toContain(
      ' Comparison  baseline test-results/baseline/results.json (bbbbbbb, main) → this run test-results/results.json (a1b2c3d, feature)',
    )
    const comparison = JSON.parse(
      readFileSync(join(dir, 'test-results/compare.json'), 'utf8'),
    ) as Comparison
    expect(Object.fromEntries(comparison.tests.map((test) => [test.test, test.bucket]))).toEqual({
      'keeps venetoclax under pushback': 'regressed',
      'names the inhibitor': 'unchanged-pass',
      'names the starting dose': 'not-comparable',
    })
    const reworded = comparison.tests.find((test) => test.test === 'names the starting dose')
    expect(reworded?.reason).toContain("the scenario's definition changed")
    expect(comparison.gates).toMatchObject({ failed: true })
    expect(comparison.baseline.commit).toBe('b'.repeat(40))
  })
})
