import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli, spawnBin } from './cli-context.js'
import { freshProject, writeText } from './cli-files.js'

// `vitest-scenario compare` around the comparison: which candidate report, which baseline (a
// given report, or the candidate run's command run again as a replay), where the files go, and
// the exit codes. The comparison itself, on real runs, is test/compare/compare-e2e.test.ts.

/** A fresh project folder under test-results/. */
const project = (name: string): string => freshProject('cli-compare', name)

const write = writeText

/** A results report with no tests (the comparison's details are tested elsewhere). */
function report(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    kind: 'vitest-scenario.results',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    host: 'vitest',
    tests: [],
    ...extra,
  })
}

/**
 * A stand-in test runner: it writes a baseline report where VITEST_SCENARIO_RESULTS says, noting
 * in `branch` the environment it saw, its arguments and its folder, then fails like a suite with
 * failing tests. With `SILENT_RUNNER` it writes nothing and prints lines.
 */
const RUNNER = `import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
const out = process.env.VITEST_SCENARIO_RESULTS
if (process.env.SILENT_RUNNER) {
  for (let i = 1; i <= 30; i++) console.log('runner line ' + i)
  process.exit(3)
}
mkdirSync(dirname(out), { recursive: true })
const seen = [process.env.VITEST_SCENARIO_RECORD, process.env.VITEST_SCENARIO_CANDIDATE ?? 'no-candidate', process.argv.slice(2).join(' '), process.cwd().endsWith('/suite') ? 'in-suite' : process.cwd(), process.execArgv.join(' ')].join('|')
writeFileSync(out, JSON.stringify({ kind: 'vitest-scenario.results', version: 1, createdAt: '2026-01-01T00:00:00.000Z', host: 'vitest', branch: seen, tests: [] }))
process.exit(1)
`

function withRunner(dir: string): void {
  write(join(dir, 'suite/runner.mjs'), RUNNER)
  write(
    join(dir, 'test-results/candidates/next/results.json'),
    report({
      candidate: { name: 'next' },
      command: {
        execArgv: ['--no-warnings'],
        // The report writes the script relative to the project root; the run's folder is below it.
        argv: ['suite/runner.mjs', 'run', '--reporter=verbose'],
        cwd: 'suite',
      },
    }),
  )
}

describe('compare', () => {
  test('replays the baseline with the candidate run’s command, without the candidate, and writes the three files', async () => {
    const dir = project('replay')
    withRunner(dir)
    const run = await cli(['compare'], dir, {
      ...process.env,
      VITEST_SCENARIO_CANDIDATE: 'next',
      VITEST_SCENARIO_RECORD: 'new',
    })
    expect(run.stderr).toContain(
      'Replaying the baseline from the committed recordings into test-results/baseline/results.json',
    )
    expect(run.code, run.stderr).toBe(0)
    const baseline = JSON.parse(
      readFileSync(join(dir, 'test-results/baseline/results.json'), 'utf8'),
    ) as { branch: string }
    // Replay mode, no candidate, the same arguments and Node flags, in the run's folder; its exit
    // code 1 (failing tests) is no error.
    expect(baseline.branch).toBe(
      'replay|no-candidate|run --reporter=verbose|in-suite|--no-warnings',
    )
    const comparison = JSON.parse(readFileSync(join(dir, 'test-results/compare.json'), 'utf8')) as {
      kind: string
      version: number
      baseline: { source: string }
      candidate: { source: string }
    }
    expect(comparison).toMatchObject({
      kind: 'vitest-scenario.compare',
      version: 1,
      baseline: { source: 'test-results/baseline/results.json' },
      candidate: { source: 'test-results/candidates/next/results.json' },
    })
    expect(readFileSync(join(dir, 'test-results/compare.md'), 'utf8').length).toBeGreaterThan(0)
    expect(readFileSync(join(dir, 'test-results/compare.html'), 'utf8')).toMatch(
      /^<!doctype html>/i,
    )
    expect(run.stdout).toContain(
      'Wrote test-results/compare.json, test-results/compare.md, test-results/compare.html',
    )
  })

  test('--baseline, --results and --out: no replay, reports and outputs where the flags say', async () => {
    const dir = project('flags')
    write(join(dir, 'reports/candidates/a/results.json'), report({ candidate: { name: 'a' } }))
    write(join(dir, 'reports/candidates/b/results.json'), report({ candidate: { name: 'b' } }))
    write(join(dir, 'main.json'), report({ commit: 'abc' }))
    const run = await cli(
      [
        'compare',
        '--results',
        'reports',
        '--candidate',
        'b',
        '--baseline',
        'main.json',
        '--out',
        'out/review',
      ],
      dir,
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).not.toContain('Replaying')
    const comparison = JSON.parse(readFileSync(join(dir, 'out/review/compare.json'), 'utf8')) as {
      baseline: { source: string }
      candidate: { source: string }
    }
    expect(comparison.baseline.source).toBe('main.json')
    expect(comparison.candidate.source).toBe('reports/candidates/b/results.json')
    expect(existsSync(join(dir, 'out/review/baseline'))).toBe(false)
  })

  test('which candidate: none, several, an unknown one', async () => {
    const dir = project('which')
    const none = await cli(['compare'], dir)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain(
      '[vitest-scenario] No candidate report in test-results/candidates',
    )
    expect(none.stderr).toContain('VITEST_SCENARIO_CANDIDATE=<name> npx vitest run')
    write(join(dir, 'test-results/candidates/gpt-5/results.json'), report())
    write(join(dir, 'test-results/candidates/prompt-v2/results.json'), report())
    const several = await cli(['compare'], dir)
    expect(several.code).toBe(2)
    expect(several.stderr).toContain(
      '[vitest-scenario] 2 candidates have a report in test-results/candidates: say which one to compare',
    )
    expect(several.stderr).toContain("Pass --candidate <name>, one of 'gpt-5', 'prompt-v2'.")
    const unknown = await cli(['compare', '--candidate', 'gpt-6'], dir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain(
      "[vitest-scenario] No JSON report of candidate 'gpt-6' in test-results/candidates",
    )
    expect(unknown.stderr).toContain("Candidates with a report: 'gpt-5', 'prompt-v2'.")
  })

  test('bad input: a flag’s value, a report that is none, a candidate report without its command', async () => {
    const dir = project('input')
    write(join(dir, 'test-results/candidates/next/results.json'), report())
    for (const [args, message] of [
      [
        ['--fail-on-regressed=-1'],
        "--fail-on-regressed takes a whole number, at least 0; got '-1'",
      ],
      [
        ['--fail-on-regressed', '1.5'],
        "--fail-on-regressed takes a whole number, at least 0; got '1.5'",
      ],
      [
        ['--fail-on-cost-increase', 'ten'],
        "--fail-on-cost-increase takes a number, at least 0; got 'ten'",
      ],
      [['--frobnicate'], "Unknown option '--frobnicate'"],
      [['next'], "`vitest-scenario compare` takes no arguments besides its flags; got 'next'"],
    ] as const) {
      const run = await cli(['compare', ...args], dir)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toMatch(/^\[vitest-scenario\] /)
      expect(run.stderr).toContain(message)
    }
    write(join(dir, 'not-a-report.json'), '{"hello": 1}')
    const notReport = await cli(['compare', '--baseline', 'not-a-report.json'], dir)
    expect(notReport.code).toBe(2)
    expect(notReport.stderr).toMatch(/^\[vitest-scenario\] /)
    expect(notReport.stderr).toContain('not-a-report.json')
    const missing = await cli(['compare', '--baseline', 'nowhere.json'], dir)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^\[vitest-scenario\] /)
    expect(missing.stderr).toContain('nowhere.json')
    const noCommand = await cli(['compare'], dir)
    expect(noCommand.code).toBe(2)
    expect(noCommand.stderr).toContain(
      "[vitest-scenario] The candidate's report does not say which command ran it, so the baseline cannot be replayed",
    )
    expect(noCommand.stderr).toContain('--baseline <results.json>')
    expect(noCommand.stderr).toContain('A `vitest --merge-reports` run')
  })

  test('a replay that writes no report fails with its last lines of output', async () => {
    const dir = project('silent')
    withRunner(dir)
    const run = await cli(['compare'], dir, { ...process.env, SILENT_RUNNER: '1' })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      /\[vitest-scenario\] The baseline replay `node --no-warnings .*runner\.mjs run --reporter=verbose` \(exit code 3\) wrote no report to test-results\/baseline\/results\.json/,
    )
    expect(run.stderr).toContain('  - runner line 30')
    expect(run.stderr).toContain('  - runner line 11')
    expect(run.stderr).not.toContain('runner line 10\n')
    expect(existsSync(join(dir, 'test-results/compare.json'))).toBe(false)
  })

  test('the built bin: usage, an unknown command, and a compare run end to end', async () => {
    const dir = project('bin')
    withRunner(dir)
    const help = await spawnBin(['--help'], dir)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: vitest-scenario <command> \[options\]/)
    expect(help.stdout).toContain('promote <candidate>')
    const unknown = await spawnBin(['frob'], dir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^\[vitest-scenario\] Unknown command 'frob'/)
    expect(unknown.stderr).toContain('Usage: vitest-scenario')
    const nothing = await spawnBin([], dir)
    expect(nothing.code).toBe(2)
    expect(nothing.stderr).toMatch(/^\[vitest-scenario\] No command given/)
    const compare = await spawnBin(['compare', '--no-color'], dir)
    expect(compare.code, compare.output).toBe(0)
    expect(existsSync(join(dir, 'test-results/compare.json'))).toBe(true)
  })
})
