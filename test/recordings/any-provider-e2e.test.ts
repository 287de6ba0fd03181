import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import {
  type AnthropicServer,
  type MessageReply,
  type ReceivedRequest,
  startAnthropicServer,
} from '../support/anthropic-server/index.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import {
  prepareSample,
  projectFiles,
  runVitestAsync,
  typeCheckStrict,
} from '../support/sample-project.js'

// The sample project test/projects/any-provider, as a user runs it: an agent built on
// @anthropic-ai/sdk (through recordedFetch) and an AzureOpenAI client (through wrap()) record
// against loopback servers locally, then replay in CI with the servers closed and no keys.

const ANTHROPIC_KEY = 'test-key-fake-anthropic-e2e'
const AZURE_KEY = 'test-key-fake-azure-e2e'
let anthropic: AnthropicServer
let azure: ScriptedServer
let dir: string

/** The last message's blocks, or its text as one block. */
function lastBlocks(request: ReceivedRequest): { type: string; text?: string }[] {
  const messages = (request.body as { messages?: { content: unknown }[] }).messages ?? []
  const content = messages.at(-1)?.content
  return Array.isArray(content) ? content : [{ type: 'text', text: String(content) }]
}

/**
 * A deterministic model (fixed ids, so a conversation gets byte-identical answers): a question
 * asks for the lookUpDrug tool, a tool result gets the answer, and the streamed second turn
 * answers the pushback. Each call states its own cache reads and writes.
 */
function claude(request: ReceivedRequest): MessageReply {
  const fixed = { id: 'msg_fixed', headers: { 'request-id': 'req_fixed' } }
  if (lastBlocks(request).some((block) => block.type === 'tool_result')) {
    return {
      ...fixed,
      text: 'BCL-2 is inhibited by venetoclax.',
      usage: { inputTokens: 50, outputTokens: 9, cacheReadTokens: 40, cacheWriteTokens: 0 },
    }
  }
  if ((request.body as { stream?: boolean }).stream === true) {
    return {
      ...fixed,
      text: 'Yes: venetoclax. Navitoclax is still investigational.',
      usage: { inputTokens: 60, outputTokens: 14, cacheReadTokens: 90, cacheWriteTokens: 0 },
    }
  }
  return {
    ...fixed,
    text: 'Let me look that up.',
    toolUses: [{ name: 'lookUpDrug', input: { target: 'BCL-2' }, id: 'toolu_fixed' }],
    usage: { inputTokens: 30, outputTokens: 12, cacheReadTokens: 0, cacheWriteTokens: 80 },
  }
}

beforeAll(async () => {
  anthropic = await startAnthropicServer({ apiKey: ANTHROPIC_KEY })
  anthropic.setDefaultReply(claude)
  azure = await startOpenAIServer({ apiKey: AZURE_KEY, created: 1_700_000_000 })
  azure.setDefaultReply((request) => ({
    content: `Azure answer ${(request.body as { messages: unknown[] }).messages.length}`,
    id: 'chatcmpl-fixed',
    headers: { 'x-request-id': 'req_fixed' },
    usage: { promptTokens: 21, completionTokens: 5, cachedTokens: 8 },
  }))
  dir = prepareSample('any-provider')
})

afterAll(async () => {
  await anthropic.close()
  await azure.close()
})

/** A local run: records what is missing, against the loopback servers. */
const local = (args: string[]) =>
  runVitestAsync(dir, ['--update=new', ...args], {
    CI: '',
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: ANTHROPIC_KEY,
    AZURE_OPENAI_ENDPOINT: new URL(azure.baseURL).origin,
    AZURE_OPENAI_API_KEY: AZURE_KEY,
    OPENAI_API_VERSION: undefined,
  })

/** A CI run: replay only, nothing listening, no keys. */
const ci = (args: string[], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, args, {
    CI: 'true',
    ANTHROPIC_BASE_URL: undefined,
    ANTHROPIC_API_KEY: undefined,
    AZURE_OPENAI_ENDPOINT: undefined,
    AZURE_OPENAI_API_KEY: undefined,
    OPENAI_API_VERSION: undefined,
    ...env,
  })

/** The files under `folder` of the sample (node_modules left out), by path. */
function files(folder = dir): Map<string, string> {
  return projectFiles(dir, folder)
}

const recordings = () => files(join(dir, '__recordings__'))

/** The `[sample]` lines a run printed, in order. */
const sampleLines = (output: string) =>
  output.split('\n').filter((line) => line.startsWith('[sample]'))

// The answering usage the scripted calls add up to: Anthropic's input_tokens leave out the cache,
// so `input` is input_tokens + cache reads + cache writes; `cached` the reads, `cacheWrite` the
// writes. Turn 1: the tool_use call (30 + 0 + 80 in, 12 out) and the answer (50 + 40 + 0, 9 out).
// Turn 2: one streamed call (60 + 90 + 0 in, 14 out).
// `model` is the one the responses name; Anthropic states no reasoning tokens.
const askUsage = { input: 200, output: 21, cached: 40, cacheWrite: 80, model: 'claude-test' }
const challengeUsage = { input: 150, output: 14, cached: 90, cacheWrite: 0, model: 'claude-test' }

describe('an agent on @anthropic-ai/sdk through recordedFetch', () => {
  test('records the tool loop and the streamed turn, with the usage the calls state', async () => {
    const run = await local(['anthropic.test.ts'])
    expect(run.code, run.output).toBe(0)
    expect(sampleLines(run.output)).toEqual([
      `[sample] ask replayed=false answering=${JSON.stringify(askUsage)} answer="BCL-2 is inhibited by venetoclax."`,
      `[sample] challenge replayed=false answering=${JSON.stringify(challengeUsage)} answer="Yes: venetoclax. Navitoclax is still investigational."`,
      '[sample] total={"input":350,"output":35,"cached":130,"cacheWrite":80}',
    ])
    // Three calls: tool_use, the answer with the tool_result, the streamed second turn.
    expect(anthropic.requests.map((request) => request.outcome)).toEqual([
      'answered',
      'answered',
      'streamed',
    ])
    expect(anthropic.requests.every((request) => request.credential === 'matched')).toBe(true)
    const toolResult = JSON.stringify(anthropic.requests[1]?.body)
    expect(toolResult).toContain('"tool_use_id":"toolu_fixed"')
    expect(toolResult).toContain('venetoclax')

    const [[name, text] = ['', '']] = [...recordings()]
    expect(name).toMatch(
      /^__recordings__\/anthropic\.test\.ts\/an-anthropic-sdk-agent-with-a-tool-recorded-through-recordedfetch-[0-9a-f]{8}\.json$/,
    )
    const recording = JSON.parse(text)
    expect(recording.status).toBe('complete')
    expect(recording.interactions).toHaveLength(3)
    // Keyed by the path on its host: the port of the server is not part of it.
    expect(JSON.stringify(recording)).toContain('"path":"/v1/messages"')
    // The streamed answer is stored as its events, in order, with their names.
    const stream = recording.interactions[2].response.stream as { event: string }[]
    expect(stream.map((event) => event.event)).toEqual(
      expect.arrayContaining([
        'message_start',
        'content_block_delta',
        'message_delta',
        'message_stop',
      ]),
    )
    expect(stream[0]?.event).toBe('message_start')
    expect(stream.at(-1)?.event).toBe('message_stop')
  }, 120_000)

  test('CI replays it with the server gone and no key: same answers, usage and tool calls', async () => {
    const before = recordings()
    const requests = anthropic.requests.length
    const run = await ci(['anthropic.test.ts'])
    expect(run.code, run.output).toBe(0)
    expect(anthropic.requests.length).toBe(requests)
    expect(sampleLines(run.output)).toEqual([
      `[sample] ask replayed=true answering=${JSON.stringify(askUsage)} answer="BCL-2 is inhibited by venetoclax."`,
      `[sample] challenge replayed=true answering=${JSON.stringify(challengeUsage)} answer="Yes: venetoclax. Navitoclax is still investigational."`,
      '[sample] total={"input":350,"output":35,"cached":130,"cacheWrite":80,"replayed":true}',
    ])
    expect(recordings()).toEqual(before)
  }, 120_000)

  test('a changed question is a miss in CI, with the diff of the Messages request', async () => {
    const run = await ci(['anthropic.test.ts'], {
      SCENARIO_QUESTION: 'Which drug inhibits BCL-2 selectively? Look it up.',
    })
    expect(run.code).toBe(1)
    expect(run.output).toContain('RecordingMissingError')
    expect(run.output).toContain('No recording for model call #1 of this test')
    expect(run.output).toContain('POST /v1/messages')
    expect(run.output).toMatch(/^ +- +"text": "Which drug inhibits BCL-2\? Look it up\.",?$/m)
    expect(run.output).toMatch(
      /^ +\+ +"text": "Which drug inhibits BCL-2 selectively\? Look it up\.",?$/m,
    )
    expect(run.output).toContain(
      "npx vitest run anthropic.test.ts -t 'an Anthropic SDK agent with a tool, recorded through recordedFetch' -u",
    )
  }, 120_000)
})

describe('an AzureOpenAI client through wrap()', () => {
  test('records with its deployment path and api-version, then replays in CI', async () => {
    const run = await local(['azure.test.ts'])
    expect(run.code, run.output).toBe(0)
    expect(
      azure.requests.map((request) => [request.path, request.query, request.authorization]),
    ).toEqual([
      ['/openai/deployments/pharma-gpt/chat/completions', 'api-version=2024-10-21', 'matched'],
      ['/openai/deployments/pharma-gpt/chat/completions', 'api-version=2024-10-21', 'matched'],
    ])
    // Azure sends the key as an `api-key` header, not a bearer token.
    expect(azure.requests[0]?.headers['api-key']).toBe('[redacted]')
    expect(azure.requests[0]?.headers.authorization).toBeUndefined()
    const usage = '{"input":21,"output":5,"cached":8,"cacheWrite":0,"reasoning":0,"model":"gpt-4o"}'
    expect(sampleLines(run.output)).toEqual([
      `[sample] azure ask replayed=false answering=${usage} answer="Azure answer 1"`,
      `[sample] azure challenge replayed=false answering=${usage} answer="Azure answer 3"`,
    ])
    const [[, text] = ['', '']] = [...recordings()].filter(([name]) =>
      name.includes('azure.test.ts'),
    )
    // Read as the library reads it: the second call, which extends the first, is stored as a delta.
    const recording = parseRecording(text, 'azure.json')
    expect(recording.interactions.map((i) => i.request)).toEqual([
      expect.objectContaining({
        path: '/deployments/pharma-gpt/chat/completions',
        query: 'api-version=2024-10-21',
      }),
      expect.objectContaining({ path: '/deployments/pharma-gpt/chat/completions' }),
    ])

    const requests = azure.requests.length
    const replayed = await ci(['azure.test.ts'])
    expect(replayed.code, replayed.output).toBe(0)
    expect(azure.requests.length).toBe(requests)
    expect(sampleLines(replayed.output)).toEqual([
      `[sample] azure ask replayed=true answering=${usage} answer="Azure answer 1"`,
      `[sample] azure challenge replayed=true answering=${usage} answer="Azure answer 3"`,
    ])
  }, 120_000)
})

describe('secrets', () => {
  test('neither fake key reaches any file the runs wrote', () => {
    // After the runs above: both recordings are among the files scanned.
    expect(recordings().size).toBe(2)
    const written = files()
    for (const [name, text] of written) {
      expect(text, name).not.toContain(ANTHROPIC_KEY)
      expect(text, name).not.toContain(AZURE_KEY)
    }
  })
})

describe('the docs (Recordings and CI)', () => {
  /** The ```ts blocks of the recordings guide's "Any provider" section, in order. */
  function anyProviderBlocks(): string[] {
    return codeBlocks(docSection('docs/guide/recordings.md', '## Any provider'), 'ts')
  }

  test('the Any provider examples type-check in a strict project with the packed package', () => {
    const blocks = anyProviderBlocks()
    expect(blocks.map((block) => block.match(/new (Anthropic|AzureOpenAI)\(/)?.[1])).toEqual([
      undefined,
      'Anthropic',
      'AzureOpenAI',
    ])
    const typed = join(dir, 'readme-typed')
    mkdirSync(typed, { recursive: true })
    for (const [i, block] of blocks.entries()) writeFileSync(join(typed, `block-${i}.ts`), block)
    const tsc = typeCheckStrict(typed, { types: ['node'] })
    rmSync(typed, { recursive: true, force: true })
    expect(tsc.output.trim()).toBe('')
    expect(tsc.code).toBe(0)
  }, 120_000)
})
