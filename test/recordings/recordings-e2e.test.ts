import { readdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// One sample project (test/projects/recordings), driven through a user's whole loop: record
// locally, replay in CI with no server and no key, change a prompt, refresh with -u and rerecord.
let server: ScriptedServer
let dir: string
const KEY = 'test-key-fake-recordings'

/** The last user message, echoed: each conversation gets answers of its own. */
function echo(request: { body?: unknown }) {
  const messages =
    (request.body as { messages?: { role: string; content: string }[] }).messages ?? []
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? ''
  // Fixed ids: the same conversation gets byte-identical answers, as a deterministic model would.
  return {
    content: `Echo: ${question}`,
    id: 'chatcmpl-echo',
    headers: { 'x-request-id': 'req_echo' },
    usage: { promptTokens: 11, completionTokens: 7 },
  }
}

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(echo)
  dir = prepareSample('recordings')
})

afterAll(async () => {
  await server.close()
})

/** A local run: records what is missing (Vitest's `new` update state). */
const local = (args: string[] = [], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, args.includes('-u') ? args : ['--update=new', ...args], {
    CI: '',
    SCENARIO_BASE_URL: server.baseURL,
    OPENAI_API_KEY: KEY,
    ...env,
  })

/** A CI run: replay only, nothing listening, no key. */
const ci = (args: string[] = [], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, args, {
    CI: 'true',
    SCENARIO_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
    ...env,
  })

function recordings(): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.set(relative(dir, path), readFileSync(path, 'utf8'))
    }
  }
  walk(join(dir, '__recordings__'))
  return files
}

describe('record, replay, refresh', () => {
  test('the first local run records one file per test, beside the test file', async () => {
    const run = await local(['conversation.test.ts', 'stream.test.ts'])
    expect(run.code, run.output).toBe(0)
    const files = recordings()
    const names = [...files.keys()].sort()
    expect(names).toHaveLength(6)
    expect(names.every((n) => n.startsWith('__recordings__/'))).toBe(true)
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^__recordings__\/conversation\.test\.ts\/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json$/,
        ),
      ]),
    )
    const pushback = [...files.entries()].find(([n]) => n.includes('keeps-its-answer'))?.[1] ?? ''
    const parsed = JSON.parse(pushback)
    expect(parsed).toMatchObject({
      kind: 'vitest-scenario.recording',
      formatVersion: 2,
      test: 'keeps its answer under pushback',
      status: 'complete',
    })
    expect(parsed.interactions).toHaveLength(3)
    expect(parsed.interactions[0].request).toEqual({
      body: {
        messages: [{ content: 'Which drug inhibits BCL-2?', role: 'user' }],
        model: 'test-model',
      },
      method: 'POST',
      path: '/chat/completions',
    })
    expect(run.output).toContain('[sample] replayed=false input=33')
  }, 120_000)

  test('CI replays every conversation with the server gone and no API key', async () => {
    const before = recordings()
    const requests = server.requests.length
    const run = await ci(['conversation.test.ts', 'stream.test.ts'])
    expect(run.code, run.output).toBe(0)
    expect(server.requests.length).toBe(requests)
    expect(run.output).toMatch(/\[sample\] replayed=true input=33 recordedMs=\d+,\d+,\d+/)
    expect(run.output).toMatch(/\[sample\] chunks=\d+/)
    expect(recordings()).toEqual(before)
    // Without isolation one worker runs both files: each test still finds its own recording.
    const shared = await ci([
      'conversation.test.ts',
      'stream.test.ts',
      '--no-isolate',
      '--maxWorkers=1',
    ])
    expect(shared.code, shared.output).toBe(0)
  }, 120_000)

  test('a renamed test misses in CI naming its old recording, and replays once the file is renamed as told', async () => {
    const renamed = { SCENARIO_TEST_NAME: 'renamed pushback' }
    const run = await ci(['conversation.test.ts'], renamed)
    expect(run.code).toBe(1)
    const out = run.output
    expect(out).toContain('RecordingMissingError')
    expect(out).toContain('no recording file exists')
    expect(out).toContain(
      "This test may have been renamed: a recording in its folder belongs to no test of its file and holds this call's request:",
    )
    expect(out).toMatch(
      /- __recordings__\/conversation\.test\.ts\/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json \(recorded for test 'keeps its answer under pushback'\)/,
    )
    // The same file the obsolete-recording warning names after the file ran.
    expect(out).toMatch(/obsolete recording: no test of conversation\.test\.ts owns it/)
    const [, from = '', to = ''] = /mv (\S+) (\S+)/.exec(out) ?? []
    expect(from).toMatch(/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json$/)
    // The target is the file the miss looked for.
    expect(out).toContain(`recording: ${to}`)
    expect(to).toMatch(
      /^__recordings__\/conversation\.test\.ts\/renamed-pushback-[0-9a-f]{8}\.json$/,
    )
    expect(out).toContain("npx vitest run conversation.test.ts -t 'renamed pushback' -u")

    // Doing what it says is enough: the renamed file replays, with no server and no key.
    renameSync(join(dir, from), join(dir, to))
    try {
      const again = await ci(['conversation.test.ts'], renamed)
      expect(again.code, again.output).toBe(0)
      expect(again.output).toContain('[sample] replayed=true')
      expect(again.output).not.toContain('obsolete recording')
    } finally {
      // The tests below start from the recordings of the original name.
      renameSync(join(dir, to), join(dir, from))
    }
  }, 120_000)

  test("a test's recording summary travels in its task meta; a test without model calls has none", async () => {
    const report = join(dir, 'test-results', 'replay.json')
    const run = await ci([
      'conversation.test.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ])
    expect(run.code, run.output).toBe(0)
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { assertionResults: { title: string; meta: { recording?: unknown } }[] }[]
    }
    const tests = new Map(
      json.testResults.flatMap((file) => file.assertionResults.map((t) => [t.title, t.meta])),
    )
    expect(tests.get('keeps its answer under pushback')?.recording).toMatchObject({
      mode: 'replay',
      replayed: 3,
      recorded: 0,
      misses: 0,
      file: expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json$/,
      ),
    })
    expect(tests.has('makes no model call')).toBe(true)
    expect(tests.get('makes no model call')?.recording).toBeUndefined()
  }, 120_000)

  test('a changed prompt fails in CI with the diff and the command, then -u re-records it', async () => {
    const changed = { SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-2 selectively?' }
    const run = await ci(['conversation.test.ts'], changed)
    expect(run.code).toBe(1)
    expect(run.output).toContain('RecordingMissingError')
    expect(run.output).toContain('No recording for model call #1 of this test')
    expect(run.output).toMatch(
      /recording: __recordings__\/conversation\.test\.ts\/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json/,
    )
    expect(run.output).toContain('mode: replay')
    expect(run.output).toMatch(/^ +- +"content": "Which drug inhibits BCL-2\?",$/m)
    expect(run.output).toMatch(/^ +\+ +"content": "Which drug inhibits BCL-2 selectively\?",$/m)
    expect(run.output).toContain(
      "npx vitest run conversation.test.ts -t 'keeps its answer under pushback' -u",
    )
    // The miss report comes before the assertion that failed because of it.
    const miss = run.output.indexOf('RecordingMissingError')
    const assertion = run.output.indexOf('AssertionError')
    expect(miss).toBeGreaterThan(-1)
    if (assertion !== -1) expect(miss).toBeLessThan(assertion)

    const update = await local(
      ['conversation.test.ts', '-t', 'keeps its answer under pushback', '-u'],
      changed,
    )
    expect(update.code, update.output).toBe(0)
    const again = await ci(['conversation.test.ts'], changed)
    expect(again.code, again.output).toBe(0)
  }, 120_000)

  test('rerecord refreshes an unchanged conversation without changing a byte', async () => {
    const before = recordings()
    const requests = server.requests.length
    const run = await local(['conversation.test.ts', '-t', 'keeps its answer'], {
      VITEST_SCENARIO_RECORD: 'rerecord',
      SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-2 selectively?',
    })
    expect(run.code, run.output).toBe(0)
    expect(server.requests.length).toBe(requests + 3)
    expect(recordings()).toEqual(before)
  }, 120_000)

  test('an SSE answer is recorded as ordered events and replayed as a stream', async () => {
    const file = [...recordings().entries()].find(([name]) =>
      name.startsWith('__recordings__/stream.test.ts/'),
    )
    const stream = JSON.parse(file?.[1] ?? '{}').interactions[0].response.stream as {
      event: string | null
      data: unknown
    }[]
    expect(stream.length).toBeGreaterThan(5)
    expect(stream.at(-1)).toEqual({ event: null, data: '[DONE]' })
    expect(stream[0]?.data).toMatchObject({ object: 'chat.completion.chunk' })
    const run = await ci(['stream.test.ts'])
    expect(run.code, run.output).toBe(0)
    // One chunk per recorded data event before [DONE].
    expect(run.output).toContain(`[sample] chunks=${stream.length - 1}`)
  }, 120_000)

  test('a test that fails mid-conversation leaves a partial recording that the next run continues', async () => {
    const name = { SCENARIO_TEST_NAME: 'partial conversation' }
    server.replyWith(echo)
    server.reply(...Array.from({ length: 3 }, () => ({ status: 503, retryAfterMs: 1 })))
    const failed = await local(['conversation.test.ts', '-t', 'partial conversation'], name)
    expect(failed.code).toBe(1)
    const partial = [...recordings().entries()].find(([n]) => n.includes('partial-conversation'))
    expect(JSON.parse(partial?.[1] ?? '{}')).toMatchObject({
      status: 'partial',
      interactions: [{}],
    })

    const requests = server.requests.length
    const continued = await local(['conversation.test.ts', '-t', 'partial conversation'], name)
    expect(continued.code, continued.output).toBe(0)
    // Turn 1 came from the recording; turns 2 and 3 were recorded now.
    expect(server.requests.length).toBe(requests + 2)
    const complete = [...recordings().entries()].find(([n]) => n.includes('partial-conversation'))
    expect(JSON.parse(complete?.[1] ?? '{}')).toMatchObject({ status: 'complete' })
    expect(JSON.parse(complete?.[1] ?? '{}').interactions).toHaveLength(3)
  }, 120_000)

  test('obsolete recordings are reported, and deleted under -u; filtered-out tests keep theirs', async () => {
    const renamed = { SCENARIO_TEST_NAME: 'renamed pushback' }
    const run = await local(['conversation.test.ts'], renamed)
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(/obsolete recordings?: no test of conversation\.test\.ts owns/)
    expect(run.output).toMatch(
      /__recordings__\/conversation\.test\.ts\/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json/,
    )
    const before = [...recordings().keys()]
    expect(before.some((n) => n.includes('keeps-its-answer'))).toBe(true)

    const update = await local(
      ['conversation.test.ts', '-t', 'asks about venetoclax', '-u'],
      renamed,
    )
    expect(update.code, update.output).toBe(0)
    const after = [...recordings().keys()]
    expect(after.some((n) => n.includes('keeps-its-answer'))).toBe(false)
    expect(after.some((n) => n.includes('partial-conversation'))).toBe(false)
    // The tests -t filtered out still own theirs.
    expect(after.filter((n) => n.includes('asks-about'))).toHaveLength(4)
    expect(after.some((n) => n.includes('renamed-pushback'))).toBe(true)
    expect(after.some((n) => n.startsWith('__recordings__/stream.test.ts/'))).toBe(true)
  }, 120_000)

  test('a miss fails its test even when the app swallowed the error', async () => {
    const run = await ci(['swallow.test.ts'])
    expect(run.code).toBe(1)
    expect(run.output).toContain('FAIL  swallow.test.ts > an app that swallows the failed call')
    expect(run.output).toContain('RecordingMissingError')
    expect(run.output).toContain('no recording file exists')
    expect(run.output).toContain(
      "npx vitest run swallow.test.ts -t 'an app that swallows the failed call' -u",
    )
  }, 120_000)

  test("a test's recording failure is printed before the failures it explains", async () => {
    const run = await ci(['swallow.test.ts', '-t', 'then fails an assertion'])
    expect(run.code).toBe(1)
    const miss = run.output.indexOf('RecordingMissingError')
    const assertion = run.output.indexOf('AssertionError: the app answered')
    expect(miss, run.output).toBeGreaterThan(-1)
    expect(assertion, run.output).toBeGreaterThan(miss)
  }, 120_000)

  test('an unknown mode is an error that lists the valid ones', async () => {
    const run = await ci(['conversation.test.ts'], { VITEST_SCENARIO_RECORD: 'sometimes' })
    expect(run.code).not.toBe(0)
    expect(run.output).toContain("Unknown recording mode 'sometimes' in VITEST_SCENARIO_RECORD")
    expect(run.output).toContain("'replay', 'new', 'all', 'rerecord', 'off'")
  }, 120_000)
})

describe('secrets never reach disk', () => {
  const canary = 'sk-canary0123456789abcdefghijklmn'
  const token = 'canary-token-4f9a2c7e'

  /** Every file of the sample project outside node_modules that holds `text`. */
  function filesHolding(text: string): string[] {
    return [...projectFiles(dir)]
      .filter(([, content]) => content.includes(text))
      .map(([path]) => path)
  }

  test('a key echoed in a response header and body is refused, naming the path', async () => {
    server.replyWith(() => ({
      content: `You sent ${canary} and ${token}`,
      headers: { 'x-request-id': canary, 'x-echo-authorization': `Bearer ${canary}` },
    }))
    const run = await local(['secrets.test.ts'], {
      OPENAI_API_KEY: canary,
      MY_SERVICE_TOKEN: token,
    })
    expect(run.code).toBe(1)
    expect(run.output).toContain('RecordingSecretError')
    expect(run.output).toMatch(/looks like a secret \((sk- key|the live API key)\)/)
    expect(run.output).toContain('interactions.0.response.headers.x-request-id')
    expect(filesHolding(canary)).toEqual([])
    expect(filesHolding(token)).toEqual([])
  }, 120_000)

  test('a key echoed in an error body is refused too', async () => {
    server.reply({ status: 401, message: `Incorrect API key provided: ${canary}.` })
    const run = await local(['secrets.test.ts'], { OPENAI_API_KEY: canary })
    expect(run.code).toBe(1)
    expect(run.output).toContain('RecordingSecretError')
    expect(run.output).toContain('interactions.0.response.body.error.message')
    expect(filesHolding(canary)).toEqual([])
  }, 120_000)
})

describe('recordedFetch: any SDK, or none', () => {
  test('records JSON and event-stream answers locally, then replays them in CI with the server gone', async () => {
    const recorded = await local(['any-provider.test.ts'])
    expect(recorded.code, recorded.output).toBe(0)
    expect(recorded.output).toContain(
      '[sample] fetch-json Echo: Name a BCL-2 inhibitor, any provider.',
    )
    const files = [...recordings().entries()].filter(([name]) =>
      name.startsWith('__recordings__/any-provider.test.ts/'),
    )
    expect(files).toHaveLength(2)
    for (const [, text] of files) {
      const parsed = JSON.parse(text)
      // Recorded by the path on its host: the server's port is not part of the key.
      expect(parsed.interactions[0].request.path).toBe('/v1/chat/completions')
      expect(text).not.toContain(KEY)
    }
    const before = recordings()
    const requests = server.requests.length
    const replayed = await ci(['any-provider.test.ts'])
    expect(replayed.code, replayed.output).toBe(0)
    expect(server.requests.length).toBe(requests)
    expect(replayed.output).toContain(
      '[sample] fetch-json Echo: Name a BCL-2 inhibitor, any provider.',
    )
    expect(replayed.output).toMatch(/\[sample\] fetch-stream events=\d+/)
    expect(recordings()).toEqual(before)
  }, 120_000)
})
