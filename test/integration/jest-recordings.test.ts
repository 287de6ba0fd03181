import { readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { recordingPath, recordingTestId } from '../../src/recordings/test-id.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, projectFiles, runJestAsync } from '../support/sample-project.js'

// The Jest sample of recordings (test/projects/jest-recordings) through a user's whole loop with
// the real `jest`: record locally, replay with `--ci` and the server stopped, a changed prompt
// misses with the command to re-record, `-u` re-records; the conversation snapshot is written once
// and stays the same.
let server: ScriptedServer
let dir: string
const KEY = 'test-key-fake-jest-recordings'

/** The last user message, echoed; a judge's request (structured output) gets a verdict. */
function echo(request: { body?: unknown }) {
  const body = request.body as {
    messages?: { role: string; content: string }[]
    response_format?: unknown
  }
  if (body.response_format !== undefined) {
    return {
      json: { criterion_1: { reasoning: 'Turn 1 and turn 2 are answered.', verdict: 'met' } },
      id: 'chatcmpl-judge',
      usage: { promptTokens: 30, completionTokens: 9 },
    }
  }
  const messages = body.messages ?? []
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? ''
  // Fixed ids: the same conversation gets byte-identical answers, as a deterministic model would.
  return {
    content: `Echo: ${question}`,
    id: 'chatcmpl-echo',
    usage: { promptTokens: 11, completionTokens: 7 },
  }
}

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(echo)
  dir = prepareSample('jest-recordings')
})

afterAll(async () => {
  await server.close()
})

/** A local run: Jest's `new` snapshot state (`--ci=false`, whatever the machine's CI says). */
const local = (args: string[] = [], env: Record<string, string | undefined> = {}) =>
  runJestAsync(dir, ['--ci=false', 'conversation.test.ts', ...args], {
    SCENARIO_BASE_URL: server.baseURL,
    OPENAI_API_KEY: KEY,
    ...env,
  })

/** A CI run: `--ci` (replay only), nothing listening, no key. */
const ci = (args: string[] = [], env: Record<string, string | undefined> = {}) =>
  runJestAsync(dir, ['--ci', 'conversation.test.ts', ...args], {
    SCENARIO_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
    ...env,
  })

/** The recordings and snapshots the runs wrote, by path relative to the project. */
function written(): Map<string, string> {
  return new Map(
    [...projectFiles(dir)].filter(
      ([path]) => path.startsWith('__recordings__/') || path.startsWith('__snapshots__/'),
    ),
  )
}

/** A test's recording, relative to the project, by its describe chain and name. */
function recordingOf(names: string[]): string {
  return recordingPath('__recordings__/conversation.test.ts', recordingTestId(names))
}

describe('recordings under Jest', () => {
  test('the first local run records one file per test and sample, and writes the snapshot', async () => {
    const run = await local()
    expect(run.code, run.output).toBe(0)
    const files = written()
    const names = [...files.keys()].sort()
    expect(names).toEqual([
      expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/a-plain-test-records-through-wrap-[0-9a-f]{8}\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/concurrent-asks-about-imatinib-[0-9a-f]{8}\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/concurrent-asks-about-venetoclax-[0-9a-f]{8}\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/keeps-its-answer-under-pushback-[0-9a-f]{8}\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/samples-record-one-file-each-[0-9a-f]{8}\.sample-0\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/conversation\.test\.ts\/samples-record-one-file-each-[0-9a-f]{8}\.sample-1\.json$/,
      ),
      '__snapshots__/conversation.test.ts.snap',
    ])
    const pushback = [...files].find(([path]) => path.includes('keeps-its-answer'))?.[1] ?? ''
    expect(JSON.parse(pushback)).toMatchObject({
      test: 'keeps its answer under pushback',
      status: 'complete',
    })
    expect(pushback).toContain('Are you sure? I read it was navitoclax.')
    // The judge's call (the parsing model) is in the test's recording, after the two turns.
    expect(
      parseRecording(pushback, 'pushback.json').interactions.map(
        (i) => (i.request.body as { model: string }).model,
      ),
    ).toEqual(['test-model', 'test-model', 'judge-model'])
    // The redact module (a TypeScript file, loaded through Jest's transform) masked the tenant.
    const plain = [...files].find(([path]) => path.includes('a-plain-test'))?.[1] ?? ''
    expect(plain).toContain('Plain call for <tenant>.')
    expect(plain).not.toContain('tenant-123456')
    // Nothing written holds the key.
    for (const [path, text] of files) expect(text, path).not.toContain(KEY)
    expect(files.get('__snapshots__/conversation.test.ts.snap')).toContain(
      'Echo: Are you sure? I read it was navitoclax.',
    )
    expect(run.output).toContain('[sample] pushback replayed=false')
    // Named after the describe chain, as on every host (not Jest's space-joined full name).
    expect(files.has(recordingOf(['concurrent', 'asks about imatinib']))).toBe(true)
  }, 180_000)

  test('a second local run replays and changes no byte', async () => {
    const before = written()
    const requests = server.requests.length
    const run = await local()
    expect(run.code, run.output).toBe(0)
    expect(server.requests.length).toBe(requests)
    expect(run.output).toContain('[sample] pushback replayed=true')
    expect(written()).toEqual(before)
  }, 180_000)

  test('--ci replays with the server stopped and no key, snapshot stable', async () => {
    const before = written()
    const run = await ci()
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('[sample] pushback replayed=true')
    expect(run.output).toMatch(/Tests:\s+5 passed, 5 total/)
    expect(run.output).toMatch(/Snapshots:\s+1 passed, 1 total/)
    expect(written()).toEqual(before)
  }, 180_000)

  test('a renamed test misses under --ci naming its old recording, and replays once the file is renamed as told', async () => {
    const before = written()
    const renamed = { SCENARIO_PLAIN_NAME: 'a renamed plain test' }
    const run = await ci([], renamed)
    expect(run.code).toBe(1)
    const out = run.output
    const report = out.slice(out.indexOf('● a renamed plain test'))
    // A plain test fails with the SDK's connection error first, then the miss that caused it.
    expect(report).toContain(
      'RecordingMissingError: [vitest-scenario] No recording for model call #1',
    )
    expect(report).toContain('no recording file exists')
    expect(report).toContain(
      "This test may have been renamed: a recording in its folder belongs to no test of its file and holds this call's request:",
    )
    expect(report).toMatch(
      /- __recordings__\/conversation\.test\.ts\/a-plain-test-records-through-wrap-[0-9a-f]{8}\.json \(recorded for test 'a plain test records through wrap\(\)'\)/,
    )
    const [, from = '', to = ''] = /mv (\S+) (\S+)/.exec(report) ?? []
    expect(from).toMatch(/a-plain-test-records-through-wrap-[0-9a-f]{8}\.json$/)
    expect(report).toContain(`recording: ${to}`)
    expect(to).toMatch(
      /^__recordings__\/conversation\.test\.ts\/a-renamed-plain-test-[0-9a-f]{8}\.json$/,
    )
    expect(report).toContain("npm test -- conversation.test.ts -t 'a renamed plain test' -u")
    expect(written()).toEqual(before)

    renameSync(join(dir, from), join(dir, to))
    try {
      const again = await ci([], renamed)
      expect(again.code, again.output).toBe(0)
      expect(again.output).toMatch(/Tests:\s+5 passed, 5 total/)
    } finally {
      // The tests below start from the recordings of the original name.
      renameSync(join(dir, to), join(dir, from))
    }
  }, 180_000)

  test('a changed prompt misses under --ci: the miss report first, with the command to re-record', async () => {
    const before = written()
    const run = await ci(['-t', 'keeps its answer'], {
      SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-XL?',
    })
    expect(run.code).toBe(1)
    const out = run.output
    expect(out).toContain('● keeps its answer under pushback')
    const report = out.slice(out.indexOf('● keeps its answer under pushback'))
    expect(report).toMatch(
      /^● keeps its answer under pushback\s+RecordingMissingError: \[vitest-scenario\] No recording for model call #1/,
    )
    expect(report).toContain('mode: replay')
    expect(report).toMatch(
      /-\s+"content": "Which drug inhibits BCL-2\?",\n\s+\+\s+"content": "Which drug inhibits BCL-XL\?"/,
    )
    expect(report).toContain(
      "npm test -- conversation.test.ts -t 'keeps its answer under pushback' -u",
    )
    // The test's own failure comes after it.
    expect(report).toContain('The test also failed with:')
    expect(written()).toEqual(before)
  }, 180_000)

  test('-u re-records against the model, and the snapshot follows', async () => {
    const run = await local(['-u', '-t', 'keeps its answer'], {
      SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-XL?',
    })
    expect(run.code, run.output).toBe(0)
    const files = written()
    const pushback = [...files].find(([path]) => path.includes('keeps-its-answer'))?.[1] ?? ''
    expect(pushback).toContain('Which drug inhibits BCL-XL?')
    expect(pushback).not.toContain('Which drug inhibits BCL-2?')
    expect(files.get('__snapshots__/conversation.test.ts.snap')).toContain(
      'Echo: Which drug inhibits BCL-XL?',
    )
    // And it replays in CI.
    const replay = await ci(['-t', 'keeps its answer'], {
      SCENARIO_FIRST_QUESTION: 'Which drug inhibits BCL-XL?',
    })
    expect(replay.code, replay.output).toBe(0)
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toContain('jest.js')
  }, 180_000)

  test('a call nothing could record fails with why and what to do: a plain test.concurrent, a shared name', async () => {
    const run = await runJestAsync(dir, ['--ci=false', 'refused.test.ts'], {
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: KEY,
    })
    expect(run.code).toBe(1)
    // The concurrent test asserted the refusal itself.
    expect(run.output).toMatch(/✓ a plain concurrent test cannot record/)
    // The first test of a shared name records; the second is refused, naming the fix.
    expect(run.output).toMatch(/✓ shares a name/)
    expect(run.output).toMatch(/✕ shares a name/)
    expect(run.output).toContain(
      'Two or more tests of refused.test.ts have the same full name, so they would share one recording',
    )
    expect(run.output).toMatch(/Tests:\s+1 failed, 2 passed, 3 total/)
  }, 180_000)

  test("a recording under Jest's former name (the space-joined full name) replays, and the next write renames it", async () => {
    const now = recordingOf(['concurrent', 'asks about venetoclax'])
    const former = recordingOf(['concurrent asks about venetoclax'])
    renameSync(join(dir, now), join(dir, former))
    const replay = await ci(['-t', 'asks about venetoclax'])
    expect(replay.code, replay.output).toBe(0)
    // Replaying writes nothing: the file keeps its former name.
    expect(written().has(former)).toBe(true)
    expect(written().has(now)).toBe(false)
    const update = await local(['-t', 'asks about venetoclax', '-u'])
    expect(update.code, update.output).toBe(0)
    const files = written()
    expect(files.has(now)).toBe(true)
    expect(files.has(former)).toBe(false)
    expect(update.output).not.toContain('obsolete')
  }, 180_000)

  test('a candidate run gives the body its candidate and records under .candidates/<name>/', async () => {
    const file = recordingTestId(['answers as its candidate'])
    const env = { SCENARIO_BASE_URL: server.baseURL, OPENAI_API_KEY: KEY }
    const baseline = await runJestAsync(dir, ['--ci=false', 'candidate.test.ts'], env)
    expect(baseline.code, baseline.output).toBe(0)
    expect(baseline.output).toContain('[sample] candidate=none')
    const before = readFileSync(join(dir, '__recordings__/candidate.test.ts', `${file}.json`))
    const run = await runJestAsync(dir, ['--ci=false', 'candidate.test.ts'], {
      ...env,
      VITEST_SCENARIO_CANDIDATE: 'next',
    })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('[sample] candidate=next')
    const recorded = readFileSync(
      join(dir, '__recordings__/.candidates/next/candidate.test.ts', `${file}.json`),
      'utf8',
    )
    expect(recorded).toContain('next-model')
    expect(
      readFileSync(join(dir, '__recordings__/candidate.test.ts', `${file}.json`)).equals(before),
    ).toBe(true)
  }, 180_000)
})
