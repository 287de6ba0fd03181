import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { codeBlocks, docSection } from '../support/docs.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type {
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from '../support/openai-server/types.js'
import { repoRoot } from '../support/paths.js'
import { run } from '../support/run.js'
import {
  prepareSample,
  projectFiles,
  runVitestAsync,
  typeCheckStrict,
} from '../support/sample-project.js'

// The AI SDK adapter as a user runs it (test/projects/ai-sdk, whose agent.ts and support.test.ts
// are the README's "Using the AI SDK" blocks): @ai-sdk/openai's chat model through recordedFetch,
// recorded against the loopback server, replayed with CI=true, the server gone and no key; a miss
// report for a changed question; the fake key in no written file. And the entry without `ai`.

const KEY = 'test-key-fake-ai-sdk-e2e'
let server: ScriptedServer
let dir: string

interface Body {
  messages: { role: string; content: string | null }[]
  response_format?: { json_schema?: { name?: string } }
}

/** The support agent's model and the judge, both `gpt-4.1-mini` on the one server. */
function reply(request: ReceivedRequest): ScriptedReply {
  const body = request.body as Body
  if (body.response_format?.json_schema?.name === 'judgement') {
    return {
      json: {
        criterion_1: { reasoning: 'It thanks the customer.', verdict: 'met' },
        criterion_2: { reasoning: 'It says Friday.', verdict: 'met' },
      },
      usage: { promptTokens: 200, completionTokens: 30 },
    }
  }
  const last = body.messages.at(-1)
  if (last?.role === 'tool') {
    return {
      content: 'Order 1042 is delayed; it arrives on Friday. Sorry for the wait!',
      usage: { promptTokens: 70, completionTokens: 14, cachedTokens: 32 },
    }
  }
  const id = /\b\d{4}\b/.exec(String(last?.content))?.[0]
  if (id !== undefined) {
    return {
      toolCalls: [{ id: 'call_lookup', name: 'lookUpOrder', arguments: { id } }],
      usage: { promptTokens: 50, completionTokens: 9 },
    }
  }
  return {
    content: 'You are welcome! Nothing else for now.',
    usage: { promptTokens: 90, completionTokens: 8 },
  }
}

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000, defaultReply: reply })
  dir = prepareSample('ai-sdk')
})

afterAll(async () => {
  await server.close().catch(() => undefined)
})

/** Every file the runs wrote (recordings, reports), by path relative to the sample. */
function written(): Map<string, string> {
  return projectFiles(dir)
}

/** The `[sample] {…}` line the records test prints. */
function sample(output: string): Record<string, unknown> {
  const line = /\[sample\] (\{.*\})$/m.exec(output)?.[1]
  expect(line, output).toBeDefined()
  return JSON.parse(line ?? '{}') as Record<string, unknown>
}

const ci = (env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, [], {
    CI: 'true',
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    ...env,
  })

describe('an AI SDK agent and judge, recorded then replayed', { timeout: 180_000 }, () => {
  let live: Record<string, unknown>

  test('the docs page’s blocks are the sample’s files', () => {
    const blocks = codeBlocks(docSection('docs/guide/ai-sdk.md'), 'ts')
    expect(blocks).toContain(readFileSync(join(repoRoot, 'test/projects/ai-sdk/agent.ts'), 'utf8'))
    expect(blocks).toContain(
      readFileSync(join(repoRoot, 'test/projects/ai-sdk/support.test.ts'), 'utf8'),
    )
  })

  test('the sample type-checks in a strict project (the README blocks with the packed types)', () => {
    const tsc = typeCheckStrict(dir, { types: ['node'], exactOptionalPropertyTypes: true })
    expect(tsc.code, tsc.output).toBe(0)
  }, 60_000)

  test('a local run records every call: the agent’s tool loop and the judge', async () => {
    const recorded = await runVitestAsync(dir, ['--update=new'], {
      CI: '',
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: KEY,
    })
    expect(recorded.code, recorded.output).toBe(0)
    live = sample(recorded.output)
    expect(live).toEqual({
      replayed: false,
      recordedMs: false,
      answering: {
        input: 120,
        output: 23,
        cached: 32,
        cacheWrite: 0,
        reasoning: 0,
        model: 'gpt-4.1-mini',
      },
      toolCalls: [
        {
          id: 'call_lookup',
          name: 'lookUpOrder',
          arguments: { id: '1042' },
          result: { id: '1042', status: 'delayed until Friday' },
          step: 0,
        },
      ],
      messages: 3,
      rawResponse: 'Order 1042 is delayed; it arrives on Friday. Sorry for the wait!',
    })
    const recordings = [...written().keys()].filter((name) => name.startsWith('__recordings__/'))
    expect(recordings.sort()).toEqual([
      expect.stringMatching(
        /^__recordings__\/records\.test\.ts\/prints-the-turn-records-[0-9a-f]{8}\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/support\.test\.ts\/looks-the-order-up-then-answers-politely-[0-9a-f]{8}\.json$/,
      ),
    ])
    const support = [...written().entries()].find(([name]) => name.includes('support.test.ts/'))
    const file = JSON.parse(support?.[1] ?? '{}')
    // Two turns (a tool round, then an answer; then one answer) and the judge.
    expect(file.interactions).toHaveLength(4)
    expect(file.interactions[0].request.path).toBe('/v1/chat/completions')
  })

  test('the fake key is in no file the run wrote', () => {
    for (const [name, text] of written()) expect(text.includes(KEY), name).toBe(false)
  })

  test('CI replays with the server gone and no key: the same turn records, marked replayed', async () => {
    const requests = server.requests.length
    const before = written()
    const replayed = await ci()
    expect(replayed.code, replayed.output).toBe(0)
    expect(server.requests.length).toBe(requests)
    expect(sample(replayed.output)).toEqual({ ...live, replayed: true, recordedMs: true })
    expect(written()).toEqual(before)
  })

  test('a changed question fails in CI with the miss report', async () => {
    const changed = await ci({ SCENARIO_QUESTION: 'Where is my order 1043?' })
    expect(changed.code).toBe(1)
    expect(changed.output).toContain('RecordingMissingError')
    expect(changed.output).toContain('No recording for model call #1 of this test')
    expect(changed.output).toContain('mode: replay')
    expect(changed.output).toMatch(/^ +- +"content": "Where is my order 1042\?",?$/m)
    expect(changed.output).toMatch(/^ +\+ +"content": "Where is my order 1043\?",?$/m)
    expect(changed.output).toContain(
      "npx vitest run support.test.ts -t 'looks the order up, then answers politely' -u",
    )
  })
})

describe('the entry without ai installed', { timeout: 120_000 }, () => {
  // A project outside the repository (so `ai` cannot resolve from the repository's
  // node_modules): vitest, openai and zod installed, vitest-scenario from the tarball, no `ai`.
  const project = join(tmpdir(), `vitest-scenario-no-ai-${process.pid}`)

  beforeAll(() => {
    rmSync(project, { recursive: true, force: true })
    mkdirSync(join(project, 'node_modules/vitest-scenario'), { recursive: true })
    const untar = run('tar', [
      '-xzf',
      inject('packedTarball'),
      '-C',
      join(project, 'node_modules/vitest-scenario'),
      '--strip-components=1',
    ])
    expect(untar.code, untar.output).toBe(0)
    // The package's dependencies and the peers it needs here (the setup entry's network seal
    // loads @mswjs/interceptors).
    for (const name of ['vitest', 'openai', 'zod', 'tinyspy', '@mswjs/interceptors']) {
      mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true })
      symlinkSync(join(repoRoot, 'node_modules', name), join(project, 'node_modules', name))
    }
    cpSync(
      join(repoRoot, 'test/projects/ai-sdk/vitest.config.ts'),
      join(project, 'vitest.config.ts'),
    )
    writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }))
    writeFileSync(
      join(project, 'agent.test.ts'),
      [
        "import { test } from 'vitest'",
        "import { aiSdkAgent } from 'vitest-scenario/ai-sdk'",
        "test('uses the adapter', () => { aiSdkAgent({ model: 'gateway/model' }) })",
        '',
      ].join('\n'),
    )
    writeFileSync(
      join(project, 'core.test.ts'),
      [
        "import { expect, test } from 'vitest'",
        "import { END, Scenario } from 'vitest-scenario'",
        "test('the core needs no SDK', () => {",
        "  expect(new Scenario('s').addNode('a', { question: 'q' }).addEdge('a', END).setEntry('a').validate().name).toBe('s')",
        '})',
        '',
      ].join('\n'),
    )
  })

  afterAll(() => {
    rmSync(project, { recursive: true, force: true })
  })

  test('importing vitest-scenario/ai-sdk names the package and the install command', async () => {
    const result = await runVitestAsync(project, ['agent.test.ts'], { CI: 'true' })
    expect(result.code).toBe(1)
    expect(result.output).toContain('MissingPeerError')
    expect(result.output).toContain(
      "[vitest-scenario] vitest-scenario/ai-sdk needs the package 'ai' (^6 || ^7), which is not installed",
    )
    expect(result.output).toContain('npm i -D ai')
    // The failure is the library's, with Node's as its cause (not a bare ERR_MODULE_NOT_FOUND).
    expect(result.output).toMatch(
      /FAIL +agent\.test\.ts[^\n]*\nMissingPeerError: \[vitest-scenario\]/,
    )
    expect(result.output).not.toMatch(/^Error \[ERR_MODULE_NOT_FOUND\]/m)
  })

  test('the core entry runs without ai, silently', async () => {
    const result = await runVitestAsync(project, ['core.test.ts'], { CI: 'true' })
    expect(result.code, result.output).toBe(0)
    expect(result.stderr).not.toMatch(/\bai\b.*(warn|missing)/i)
  })
})
