import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { recordingTestId } from '../../src/recordings/test-id.js'
import { readResultsReport } from '../../src/results/read-results.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, projectFiles, runNodeTestAsync } from '../support/sample-project.js'

// The node:test sample (test/projects/node-test) through a user's whole loop with the real
// `node --test` of the Node running this suite (20 in CI's first leg, 24 in its second): record
// locally, replay with CI=true and no server, a changed prompt misses with the command to
// re-record, re-record; skip/only/todo/each, the assertion functions, conversation snapshots
// (node:test's own, Node 22.3 and later) and the reporter's Markdown report.
let server: ScriptedServer
let dir: string
const KEY = 'test-key-fake-node-test-host'
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
/** Whether this Node has node:test snapshots and `--test-update-snapshots` (22.3 and later). */
const snapshots = major > 22 || (major === 22 && minor >= 3)

/** The last user message, echoed, with fixed ids: the same conversation gets the same bytes. */
function echo(request: { body?: unknown }) {
  const messages = (request.body as { messages?: { role: string; content: string }[] }).messages
  const question = [...(messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? ''
  return {
    content: `Echo: ${question}`,
    id: 'chatcmpl-echo',
    usage: { promptTokens: 11, completionTokens: 7 },
  }
}

/** The spec reporter, and the sample's scenario reporter (Markdown report), both on stdout. */
const REPORTERS = [
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scenario-reporter.mjs',
  '--test-reporter-destination=stdout',
]

/** A local run: recording against the scripted server (no CI, no mode override). */
const local = (args: string[], env: Record<string, string | undefined> = {}) =>
  runNodeTestAsync(dir, [...REPORTERS, ...args], {
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: KEY,
    CI: undefined,
    VITEST_SCENARIO_RECORD: undefined,
    ...env,
  })

/** A CI run: replay only, nothing listening at the base URL, no key. */
const ci = (args: string[], env: Record<string, string | undefined> = {}) =>
  runNodeTestAsync(dir, [...REPORTERS, ...args], {
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    OPENAI_API_KEY: undefined,
    CI: 'true',
    VITEST_SCENARIO_RECORD: undefined,
    ...env,
  })

/** The recordings the runs wrote, by path relative to the project. */
function recordings(): Map<string, string> {
  return new Map([...projectFiles(dir)].filter(([path]) => path.startsWith('__recordings__/')))
}

/** The recording path of a test of conversation.test.mjs, from its full name. */
const recordingOf = (fullName: string) =>
  `__recordings__/conversation.test.mjs/${recordingTestId([fullName])}.json`

/** The re-record command a miss report gives for `file` on this Node. */
const rerecord = (file: string) =>
  snapshots
    ? `node --test --test-update-snapshots ${file}`
    : `VITEST_SCENARIO_RECORD=all node --test ${file}`

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(echo)
  dir = prepareSample('node-test')
})

afterAll(async () => {
  await server.close()
})

describe('the node:test host', () => {
  test('the first local run records one file per test, named by the one rule, and writes the report', async () => {
    const run = await local(['conversation.test.mjs'])
    expect(run.code, run.output).toBe(0)
    const files = recordings()
    expect([...files.keys()].sort()).toEqual(
      [
        recordingOf('an agent records its own calls'),
        recordingOf('asks about imatinib'),
        recordingOf('asks about venetoclax'),
        recordingOf('pushback > keeps its answer'),
      ].sort(),
    )
    expect(recordingOf('pushback > keeps its answer')).toMatch(
      /^__recordings__\/conversation\.test\.mjs\/pushback-keeps-its-answer-[0-9a-f]{8}\.json$/,
    )
    const pushback = files.get(recordingOf('pushback > keeps its answer')) ?? ''
    expect(JSON.parse(pushback)).toMatchObject({
      test: 'pushback > keeps its answer',
      status: 'complete',
    })
    expect(pushback).toContain('Are you sure? I read it was navitoclax.')
    for (const [path, text] of files) expect(text, path).not.toContain(KEY)
    // The agent's own call, made through recordedFetch, is in its test's recording.
    expect(files.get(recordingOf('an agent records its own calls'))).toContain('agent-model')
    expect(run.output).toContain('[sample] pushback replayed=false')
    // skip, todo and each, as node:test counts them.
    expect(run.output).toMatch(/ℹ pass 4\b/)
    expect(run.output).toMatch(/ℹ skipped 1\b/)
    expect(run.output).toMatch(/ℹ todo 1\b/)
    expect(run.output).toContain('asks about venetoclax')
    expect(run.output).toContain('asks about imatinib')
    // The scenario reporter: the terminal summary and the Markdown report.
    expect(run.output).toContain(
      'Scenario reports: test-results/scenarios.md, test-results/results.json',
    )
    // The JSON report: the scenario tests, the reporter's `failOn`, how node was started.
    const results = readResultsReport(join(dir, 'test-results/results.json'))
    expect(results).toMatchObject({ host: 'node-test', failOn: { regressed: 1 } })
    expect(results.command?.execArgv).toContain('--test')
    expect(results.tests.map((test) => test.test).sort()).toEqual(
      [
        'an agent records its own calls',
        'asks about imatinib',
        'asks about venetoclax',
        'pushback > keeps its answer',
      ].sort(),
    )
    for (const test of results.tests) expect(test.scenario.definition).toMatch(/^sha256:/)
    const report = readFileSync(join(dir, 'test-results/scenarios.md'), 'utf8')
    expect(report).toContain('pushback &gt; keeps its answer')
    expect(report).toContain('asks about imatinib')
    expect(report).toContain('```mermaid')
  }, 120_000)

  test('CI=true replays with the server out of reach and no key, and changes no byte', async () => {
    const before = recordings()
    const requests = server.requests.length
    const run = await ci(['conversation.test.mjs'])
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('[sample] pushback replayed=true')
    expect(run.output).toMatch(/ℹ pass 4\b/)
    expect(server.requests.length).toBe(requests)
    expect(recordings()).toEqual(before)
  }, 120_000)

  test('a changed prompt misses under CI=true: the miss report, with the command to re-record', async () => {
    const before = recordings()
    const run = await ci(['conversation.test.mjs'], {
      SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-XL?',
    })
    expect(run.code).toBe(1)
    expect(run.output).toContain('[vitest-scenario] No recording for model call #1 of this test')
    expect(run.output).toContain('mode: replay')
    expect(run.output).toContain('test: pushback > keeps its answer')
    expect(run.output).toMatch(/-\s+"content": "Which drug inhibits BCL-2\?",/)
    expect(run.output).toMatch(/\+\s+"content": "Which drug inhibits BCL-XL\?",/)
    expect(run.output).toContain(rerecord('conversation.test.mjs'))
    expect(run.output).toMatch(/ℹ fail 1\b/)
    expect(recordings()).toEqual(before)
    expect(readFileSync(join(dir, 'test-results/scenarios.md'), 'utf8')).toContain('No recording')
  }, 120_000)

  test(`${snapshots ? '--test-update-snapshots' : 'VITEST_SCENARIO_RECORD=all'} re-records what changed, and only that`, async () => {
    const before = recordings()
    const changed = { SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-XL?' }
    const run = snapshots
      ? await local(['--test-update-snapshots', 'conversation.test.mjs'], changed)
      : await local(['conversation.test.mjs'], { ...changed, VITEST_SCENARIO_RECORD: 'all' })
    expect(run.code, run.output).toBe(0)
    const after = recordings()
    const pushback = recordingOf('pushback > keeps its answer')
    expect(after.get(pushback)).toContain('Echo: Which drug inhibits BCL-XL?')
    for (const path of [recordingOf('asks about imatinib'), recordingOf('asks about venetoclax')]) {
      expect(after.get(path), path).toBe(before.get(path))
    }
    const replay = await ci(['conversation.test.mjs'], changed)
    expect(replay.code, replay.output).toBe(0)
  }, 120_000)

  test('only: under --test-only the scenario marked only runs alone', async () => {
    const run = await local(['--test-only', 'only.test.mjs'])
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('[sample] only ran')
    expect(run.output).not.toContain('a scenario left out by --test-only ran')
  }, 120_000)

  test("a failing assertion fails its test with node:assert's AssertionError and the matcher's message", async () => {
    const run = await local(['assertions.test.mjs'])
    expect(run.code).toBe(1)
    expect(run.output).toContain('AssertionError')
    expect(run.output).toContain("assertScenario(result).toHaveStatus('error')")
    expect(run.output).toMatch(/ℹ fail 1\b/)
  }, 120_000)

  test.runIf(snapshots)(
    'a conversation snapshot is written under --test-update-snapshots and matched in CI',
    async () => {
      const snapshotFile = join(dir, 'snapshot.test.mjs.snapshot')
      rmSync(snapshotFile, { force: true })
      const write = await local(['--test-update-snapshots', 'snapshot.test.mjs'])
      expect(write.code, write.output).toBe(0)
      expect(readFileSync(snapshotFile, 'utf8')).toContain('Echo: Which drug inhibits BCL-2?')
      const match = await ci(['snapshot.test.mjs'])
      expect(match.code, match.output).toBe(0)
    },
    120_000,
  )

  test.skipIf(snapshots)(
    'on a Node without node:test snapshots the snapshot assertion says so',
    async () => {
      const run = await local(['snapshot.test.mjs'])
      expect(run.code).toBe(1)
      expect(run.output).toContain(
        "[vitest-scenario] toMatchConversationSnapshot(t) needs node:test's snapshot assertion",
      )
      expect(run.output).toContain('Run the test on Node 22.3 or later')
      expect(existsSync(join(dir, 'snapshot.test.mjs.snapshot'))).toBe(false)
    },
    120_000,
  )

  test('scenarioWith: a candidate run gives the body its candidate and records under .candidates/<name>/', async () => {
    const id = recordingTestId(['answers as its candidate'])
    const baseline = await local(['candidate.test.mjs'])
    expect(baseline.code, baseline.output).toBe(0)
    expect(baseline.output).toContain('[sample] candidate=none')
    const before = recordings().get(`__recordings__/candidate.test.mjs/${id}.json`)
    expect(before).toContain('test-model')
    const run = await local(['candidate.test.mjs'], { VITEST_SCENARIO_CANDIDATE: 'next' })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('[sample] candidate=next')
    const files = recordings()
    expect(files.get(`__recordings__/.candidates/next/candidate.test.mjs/${id}.json`)).toContain(
      'next-model',
    )
    expect(files.get(`__recordings__/candidate.test.mjs/${id}.json`)).toBe(before)
    // Plain scenario() has no candidates: a candidate run of it says where they go.
    const plain = await local(['conversation.test.mjs'], { VITEST_SCENARIO_CANDIDATE: 'next' })
    expect(plain.code).toBe(1)
    expect(plain.output).toContain(
      '[vitest-scenario] VITEST_SCENARIO_CANDIDATE="next" picks a candidate, but scenario() from \'vitest-scenario/node-test\' has no `candidates`',
    )
  }, 120_000)
})
