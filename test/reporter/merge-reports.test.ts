// The reporter on a sharded run: two shards write blobs, `--merge-reports` replays them to the
// scenario reporter, whose reports must hold both shards' scenarios (the data travels only in
// task meta), the JSON report included; the same shards writing their own JSON reports, joined by
// `vitest-scenario merge`, give the same run; then a candidate run of the same tests writes its
// JSON report apart. Runs the packed package in the sample project test/projects/reporter.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { readResultsReport } from '../../src/results/read-results.js'
import { repoRoot } from '../support/paths.js'
import { type RunResult, run } from '../support/run.js'
import { prepareSample } from '../support/sample-project.js'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')

function vitest(cwd: string, args: readonly string[], env: Record<string, string> = {}): RunResult {
  return run(process.execPath, [vitestBin, 'run', ...args], {
    cwd,
    // A step summary of the surrounding CI job must not receive the sample's report.
    env: { CI: 'true', GITHUB_STEP_SUMMARY: '', ...env },
    timeoutMs: 120_000,
  })
}

/** The packed package's bin, run by Node in the sample. */
function bin(args: readonly string[]): RunResult {
  return run(
    process.execPath,
    [join(dir, 'node_modules/vitest-scenario/dist/src/cli/main.js'), ...args],
    {
      cwd: dir,
      timeoutMs: 60_000,
    },
  )
}

let dir = ''

describe('sharded run merged with --merge-reports', { timeout: 240_000 }, () => {
  let shards: RunResult[] = []
  let merged: RunResult | undefined
  let reportsAfterShards = true
  let baselineText = ''

  beforeAll(() => {
    dir = prepareSample('reporter')
    shards = [1, 2].map((i) => vitest(dir, [`--shard=${i}/2`, '--reporter=blob']))
    reportsAfterShards = existsSync(join(dir, 'reports')) || existsSync(join(dir, 'test-results'))
    merged = vitest(dir, ['--merge-reports'], { GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md') })
    baselineText = readFileSync(join(dir, 'test-results/results.json'), 'utf8')
  }, 240_000)

  test('each shard ran one file and wrote a blob, without the scenario reporter', () => {
    for (const shard of shards) {
      expect(shard.code, shard.output).toBe(0)
      expect(shard.output).not.toContain('Scenario reports:')
    }
    // Vitest 4 writes blobs to .vitest-reports/, Vitest 5 to .vitest/blob/.
    const blobs = shards.map((shard) => {
      const file = /blob report written to (.*\.json)/.exec(shard.output)?.[1]
      return file === undefined ? '' : readFileSync(file, 'utf8')
    })
    // Sharding splits files: each blob holds one of the two (which one is Vitest's choice).
    const files = blobs.map((blob) =>
      ['sycophancy.test.ts', 'routing.test.ts'].filter((file) => blob.includes(file)),
    )
    expect(files.map((f) => f.length)).toEqual([1, 1])
    expect(files.flat().sort()).toEqual(['routing.test.ts', 'sycophancy.test.ts'])
    expect(reportsAfterShards).toBe(false)
  })

  test('the merged terminal output has a block for every scenario of both shards and a summary', () => {
    const output = merged?.output ?? ''
    expect(merged?.code, output).toBe(0)
    for (const line of [
      ' ✓ sycophancy.test.ts > a steadfast agent keeps venetoclax',
      '     completed · 2 turns · ask → challenge → END',
      ' ✓ sycophancy.test.ts > a sycophantic agent, sampled',
      '     samples 0/3 passed · pass rate 0% · 95% CI 0%–56% · 3 completed',
      ' ✓ routing.test.ts > retries until the agent gets it',
      '     completed · 5 turns · ask → hint → ask → hint → ask → END',
      ' ✓ routing.test.ts > reports an agent that crashes',
      '     error agent at lookup (answer): database unavailable',
      ' Scenarios  4 passed (4) · 15 turns · tokens 0 recorded, 644 spent now · calls 0 replayed, 0 recorded',
      ' Scenario reports: reports/scenarios.md, reports/scenarios.html, test-results/results.json',
    ]) {
      expect(output).toContain(line)
    }
    // After Vitest's own summary, so it is the last thing a reader sees.
    expect(output.indexOf(' Scenarios  4 passed')).toBeGreaterThan(output.indexOf('Test Files'))
  })

  test('the Markdown and HTML reports hold the scenarios of both shards', () => {
    const markdown = readFileSync(join(dir, 'reports/scenarios.md'), 'utf8')
    const html = readFileSync(join(dir, 'reports/scenarios.html'), 'utf8')
    for (const name of [
      'a steadfast agent keeps venetoclax',
      'a sycophantic agent, sampled',
      'retries until the agent gets it',
      'reports an agent that crashes',
    ]) {
      expect(markdown).toContain(`## ✅ ${name}`)
      expect(html).toContain(`data-scenario="${name}"`)
    }
    expect(markdown.match(/```mermaid/g)).toHaveLength(4)
    expect(html.match(/<svg class="graph"/g)).toHaveLength(4)
    // The loop's back edge, taken twice, and the function condition's label.
    expect(html).toMatch(/<use href="#g\d+-e2" class="edge on-path back" data-taken="2"\/>/)
    expect(html).toMatch(
      /<g id="g\d+-e2" class="edge back" data-edge="2" data-from="hint" data-to="ask">/,
    )
    expect(markdown).toContain(
      'n0 -->|"(st) =#62; /venetoclax/i.test(st.history.at(-1)?.rawResponse ?…"| n_end',
    )
    // Recording statistics came through the blobs too (replay mode, agents make no model calls).
    expect(html).toContain(
      '<dt>Calls</dt><dd>0 replayed, 0 recorded <span class="tag">replay</span></dd>',
    )
    // GITHUB_STEP_SUMMARY received the same Markdown.
    expect(readFileSync(join(dir, 'step-summary.md'), 'utf8')).toBe(`${markdown}\n`)
  })

  test("the merged run's JSON report holds both shards' tests and the gates, and no command", () => {
    const report = readResultsReport(join(dir, 'test-results/results.json'))
    expect(report).toMatchObject({
      kind: 'vitest-scenario.results',
      version: 1,
      host: 'vitest',
      failOn: { regressed: 0, worse: true },
    })
    // `vitest --merge-reports` replays blobs and runs no test: it cannot replay a baseline.
    expect(report.command).toBeUndefined()
    expect(report.candidate).toBeUndefined()
    expect(report.tests.map((test) => test.test).sort()).toEqual([
      'a steadfast agent keeps venetoclax',
      'a sycophantic agent, sampled',
      'reports an agent that crashes',
      'retries until the agent gets it',
    ])
    for (const test of report.tests) {
      expect(test.state).toBe('passed')
      expect(test.scenario.definition).toMatch(/^sha256:[0-9a-f]{16}$/)
    }
    // The sampled test keeps every sample, as the other reports show them.
    const sampled = report.tests.find((test) => test.test === 'a sycophantic agent, sampled')
    expect(sampled?.scenario.samples).toMatchObject({ n: 3, passes: 0 })
  })

  test('shards writing their own JSON reports, joined by `vitest-scenario merge`, give the same run', () => {
    for (const i of [1, 2]) {
      const shard = vitest(dir, [`--shard=${i}/2`], {
        VITEST_SCENARIO_RESULTS: `shards/${i}/results.json`,
      })
      expect(shard.code, shard.output).toBe(0)
      expect(readResultsReport(join(dir, `shards/${i}/results.json`)).command?.argv).toEqual([
        vitestBin,
        'run',
        `--shard=${i}/2`,
      ])
    }
    const merge = bin(['merge', 'shards/1', 'shards/2', '--out', 'shards/merged.json'])
    expect(merge.code, merge.output).toBe(0)
    expect(merge.stdout).toBe('Merged 2 reports (4 tests) into shards/merged.json\n')
    const merged = readResultsReport(join(dir, 'shards/merged.json'))
    const blobs = readResultsReport(join(dir, 'test-results/results.json'))
    const tests = (report: typeof merged) =>
      Object.fromEntries(report.tests.map((test) => [test.test, test.scenario.definition]))
    expect(tests(merged)).toEqual(tests(blobs))
    // The shards' common command, without --shard: the whole suite, replayable.
    expect(merged.command).toEqual({ execArgv: [], argv: [vitestBin, 'run'], cwd: '' })
    expect(merged.failOn).toEqual({ regressed: 0, worse: true })

    // The two ways of merging, compared: the same tests, all unchanged.
    const compare = bin([
      'compare',
      '--baseline',
      'test-results/results.json',
      '--report',
      'shards/merged.json',
      '--out',
      'shards',
    ])
    expect(compare.code, compare.output).toBe(0)
    expect(compare.stdout).toContain('0 regressed · 0 fixed · 0 flaky · 0 not comparable')
    expect(compare.stdout).toContain('→ this run shards/merged.json')
  })

  // Last: it runs the tests again, which rewrites the Markdown and HTML reports.
  test("a candidate run writes its own JSON report and leaves the baseline's as it was", () => {
    const candidate = vitest(dir, [], { VITEST_SCENARIO_CANDIDATE: 'next' })
    expect(candidate.code, candidate.output).toBe(0)
    expect(candidate.output).toContain('test-results/candidates/next/results.json')
    const report = readResultsReport(join(dir, 'test-results/candidates/next/results.json'))
    expect(report.candidate).toEqual({ name: 'next' })
    expect(report.tests).toHaveLength(4)
    const baseline = readResultsReport(join(dir, 'test-results/results.json'))
    // The same scenarios: their definition hashes agree.
    const hashes = (tests: typeof report.tests) =>
      Object.fromEntries(tests.map((test) => [test.test, test.scenario.definition]))
    expect(hashes(report.tests)).toEqual(hashes(baseline.tests))
    expect(readFileSync(join(dir, 'test-results/results.json'), 'utf8')).toBe(baselineText)
  })
})
