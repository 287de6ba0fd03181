import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { readResultsReport } from '../../src/results/read-results.js'
import { prepareSample, runJestAsync } from '../support/sample-project.js'

// The Jest reporter (test/projects/jest-reporter) with the real `jest`: the scenario records the
// tests write reach the reporter in Jest's main process, in band and from worker processes, and
// it prints the terminal report and writes the Markdown and HTML reports.
let dir: string

beforeAll(() => {
  dir = prepareSample('jest-reporter')
})

/**
 * Runs Jest in the sample with a temp folder of its own (where the reporter makes the run's
 * results folder), after removing the reports of the run before.
 */
async function runJest(args: string[]) {
  rmSync(join(dir, 'test-results'), { recursive: true, force: true })
  const tmp = join(dir, '.tmp')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp)
  const result = await runJestAsync(dir, ['--ci', ...args], {
    TMPDIR: tmp,
    GITHUB_STEP_SUMMARY: undefined,
  })
  const report = (name: string) => {
    const file = join(dir, 'test-results', name)
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined
  }
  return { ...result, report, leftInTmp: readdirSync(tmp) }
}

describe.each([
  { where: 'in band', args: ['--runInBand'], inBand: true },
  // Two workers for two test files. A memory limit makes Jest use workers even when the timings
  // of an earlier run say the tests are fast (it would run them in band otherwise).
  {
    where: 'in two worker processes',
    args: ['-w', '2', '--workerIdleMemoryLimit=1GB'],
    inBand: false,
  },
])('the Jest reporter, tests run $where', ({ args, inBand }) => {
  test('prints the scenarios and writes the Markdown and HTML reports', async () => {
    const run = await runJest(['--verbose', ...args])
    // Where the tests ran: the sample names a test after its process's parent, which is this
    // process when the Jest process spawned here ran them, and Jest's process in a worker.
    const parent = /runs in a child of process (\d+)/.exec(run.stderr)?.[1]
    expect(parent, run.output).toMatch(/^\d+$/)
    if (inBand) expect(parent).toBe(String(process.pid))
    else expect(parent).not.toBe(String(process.pid))

    // One scenario fails (its outcome), so Jest fails the run; the reporter adds no failure.
    expect(run.stderr).toMatch(/Tests:\s+1 failed, 2 passed, 3 total/)
    expect(run.code, run.output).toBe(1)

    // The terminal report, on stderr as Jest's own, before Jest's closing summary.
    const out = run.stderr
    expect(out).toContain(' ✓ passing.test.ts > pushback keeps venetoclax')
    expect(out).toContain('     completed · 2 turns · ask → challenge → END')
    expect(out).toContain(' × failing.test.ts > gives in to pushback')
    expect(out).toContain('     outcomes ✗ kept')
    expect(out).toContain(' Scenarios  1 passed | 1 failed (2) · 4 turns')
    expect(out).toContain(
      ' Scenario reports: test-results/scenarios.md, test-results/scenarios.html, test-results/results.json',
    )
    expect(out.indexOf(' Scenarios  1 passed')).toBeLessThan(out.search(/Tests:\s+1 failed/))
    // Every record matched a test Jest ran.
    expect(out).not.toContain('could not be matched')
    expect(out).not.toContain('could not be read')

    const markdown = run.report('scenarios.md') ?? ''
    expect(markdown).toContain('# Scenario report')
    expect(markdown).toContain('```mermaid')
    expect(markdown).toContain('pushback keeps venetoclax')
    expect(markdown).toContain('gives in to pushback')
    expect(markdown).toContain('An outcome criterion')
    const html = run.report('scenarios.html') ?? ''
    expect(html).toContain('<svg class="graph"')
    expect(html).toContain('pushback keeps venetoclax')
    expect(html).toContain('gives in to pushback')

    // The JSON report: every scenario test, the gates from withScenario's options, the command.
    const results = readResultsReport(join(dir, 'test-results/results.json'))
    expect(results).toMatchObject({
      host: 'jest',
      failOn: { costIncrease: 25 },
      command: { cwd: '' },
    })
    expect(results.tests.map((test) => [test.test, test.state]).sort()).toEqual([
      ['gives in to pushback', 'failed'],
      ['pushback keeps venetoclax', 'passed'],
    ])
    for (const test of results.tests) expect(test.scenario.definition).toMatch(/^sha256:/)

    // The run's results folder is gone.
    expect(run.leftInTmp.filter((name) => name.startsWith('vitest-scenario-jest-'))).toEqual([])
  }, 180_000)
})
