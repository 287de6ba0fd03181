import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'

// Promise: two tests of one file with the same full name (describe chain + name) would share one
// recording and fail each other in turn in CI. Every such test that makes a model call fails with
// a message naming the full name, the file and the fix, and nothing is recorded or replayed for
// it. A test with a name of its own, a skipped copy, and same-named tests that make no model call
// are untouched. Driven through a real `vitest` run of test/projects/reliability-duplicates.

const KEY = 'test-key-fake-duplicates'
let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply({ content: 'Venetoclax.', id: 'chatcmpl-dup' })
  dir = prepareSample('reliability-duplicates')
})
afterAll(async () => {
  await server.close()
})

/** One test of Vitest's JSON report. */
interface Assertion {
  fullName: string
  status: string
  failureMessages: string[]
}

/** Runs the sample with the JSON reporter beside the verbose one; returns each test's result. */
async function runSample(env: Record<string, string | undefined>) {
  const report = join(dir, 'report.json')
  const run = await runVitestAsync(dir, ['--reporter=json', `--outputFile.json=${report}`], env)
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { assertionResults: Assertion[] }[]
  }
  return { run, tests: json.testResults.flatMap((file) => file.assertionResults) }
}

/** `names`: the describe chain and the test's name, as the message joins them (` > `). */
function expectDuplicateFailures(tests: Assertion[], names: string[]): void {
  const fullName = names.join(' > ')
  // Vitest's JSON report joins them with a space.
  const named = tests.filter((t) => t.fullName === names.join(' '))
  expect(named.map((t) => t.status)).toEqual(['failed', 'failed'])
  for (const t of named) {
    const message = t.failureMessages[0] ?? ''
    expect(message).toContain(
      '[vitest-scenario] Two or more tests of duplicates.test.ts have the same full name, so they would share one recording and fail each other in turn',
    )
    expect(message).toContain(`test: ${fullName}`)
    expect(message).toContain('file: duplicates.test.ts')
    expect(message).toMatch(/recording: __recordings__\/duplicates\.test\.ts\/[a-z0-9-]+\.json/)
    expect(message).toContain('rename one of them')
    expect(message).toContain('put the row in the title (`%s`, `%i`, `$name`)')
  }
}

function expectOthersUntouched(tests: Assertion[]): void {
  const status = (name: string) => tests.filter((t) => t.fullName === name).map((t) => t.status)
  expect(status('has a name of its own')).toEqual(['passed', 'skipped'])
  expect(status('a plain test')).toEqual(['passed', 'passed'])
}

describe('tests with the same full name in one file', () => {
  test('recording locally: both fail with the name, the file and the fix; nothing recorded for them', async () => {
    const { run, tests } = await runSample({
      CI: '',
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: KEY,
    })
    expect(run.code, run.output).toBe(1)
    expectDuplicateFailures(tests, ['pushback', 'keeps its answer'])
    expectDuplicateFailures(tests, ['asks about a drug'])
    expectOthersUntouched(tests)
    // Only the test with a name of its own reached the model and has a recording.
    expect(server.requests).toHaveLength(1)
    const folder = join(dir, '__recordings__', 'duplicates.test.ts')
    expect(readdirSync(folder)).toEqual([
      expect.stringMatching(/^has-a-name-of-its-own-[0-9a-f]{8}\.json$/),
    ])
    expect(run.output).not.toMatch(/Unhandled/)
  }, 120_000)

  test('replaying in CI: the same failures, never a miss or the other test’s answer', async () => {
    const { run, tests } = await runSample({
      CI: 'true',
      SCENARIO_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    })
    expect(run.code, run.output).toBe(1)
    expectDuplicateFailures(tests, ['pushback', 'keeps its answer'])
    expectDuplicateFailures(tests, ['asks about a drug'])
    expectOthersUntouched(tests)
    expect(run.output).not.toMatch(/RecordingMissingError|no recording file exists/)
    expect(existsSync(join(dir, '__recordings__', 'duplicates.test.ts'))).toBe(true)
  }, 120_000)
})
