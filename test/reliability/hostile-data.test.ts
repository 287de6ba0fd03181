import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import {
  conversationSerializer,
  END,
  runScenario,
  Scenario,
  scriptedModel,
  statusIs,
  tool,
} from '../../src/core.js'
import { RecordingError, RecordingMissingError } from '../../src/errors/index.js'
import { type MemoryStore, memoryStore, RecordingSession } from '../../src/host.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { moduleOf, runReporter, testCase } from './support/report-harness.js'

// Promise: hostile data is data. What a server, a model or an agent sends is recorded, replayed,
// snapshotted and reported as it is — keys named `__proto__` and `constructor` stay keys — and
// JSON nested past 1000 levels is the library's own error on every path, never a RangeError.

const FILE = '/memory/__recordings__/hostile.test.ts/hostile-1234abcd.json'
const KEY = 'test-key-fake-hostile-data'
let server: ScriptedServer
let store: MemoryStore

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.reset()
  store = memoryStore()
})

const session = (mode: 'replay' | 'new', test = 'hostile') =>
  new RecordingSession({
    file: FILE,
    displayFile: 'hostile.test.ts/hostile.json',
    test,
    mode,
    command: 'npx vitest run hostile.test.ts',
    store,
  })

const model = () => ({ model: 'test-model', baseURL: server.baseURL, apiKey: KEY })

const asks = () =>
  new Scenario('hostile')
    .addNode('ask', { question: 'Look it up.' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

const JSON_TYPE = { 'content-type': 'application/json' }

/** `{"a":{"a":…1…}}`, `depth` objects deep, as a server would send it. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

/** A chat completion's JSON text with `extra` members after `choices`. */
const completion = (message: string, extra = '') =>
  `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"test-model","choices":[{"index":0,"message":${message},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}${extra}}`

describe('JSON nested past 1000 levels', () => {
  test('a 200 response nested 5,000 levels deep, recorded: the recording is refused with the path, no RangeError', async () => {
    server.reply({
      raw: {
        headers: JSON_TYPE,
        body: completion('{"role":"assistant","content":"Done."}', `,"x":${nested(5000)}`),
      },
    })
    const recording = session('new')
    const result = await runScenario(asks(), { model: model(), recording })
    expect(result.history[0]?.rawResponse).toBe('Done.')
    const finished = await recording.finish(false).catch((error: unknown) => error)
    expect(finished).toBeInstanceOf(RecordingError)
    const message = (finished as Error).message
    expect(message).toMatch(/^\[vitest-scenario\] Recording not written: the value at /)
    expect(message).toContain('interactions.0.response.body.x.a.a')
    expect(message).toContain('is nested more than 1000 levels deep')
    expect(message).not.toContain('[vitest-scenario] [vitest-scenario]')
    expect(store.files.has(FILE)).toBe(false)
  })

  test('a response just inside the limit (the file nests 1000 levels) records and replays', async () => {
    server.reply({
      raw: {
        headers: JSON_TYPE,
        body: completion('{"role":"assistant","content":"Done."}', `,"x":${nested(990)}`),
      },
    })
    const recording = session('new')
    await runScenario(asks(), { model: model(), recording })
    expect(await recording.finish(false)).toMatchObject({ written: true })
    const replay = session('replay')
    const result = await runScenario(asks(), { model: model(), recording: replay })
    expect(result.history[0]?.rawResponse).toBe('Done.')
  })

  test('a request body nested 5,000 levels deep cannot be recorded: a RecordingError', async () => {
    const recording = session('new')
    const call = recording.handle({
      url: `${server.baseURL}/chat/completions`,
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        body: `{"model":"m","messages":[],"x":${nested(5000)}}`,
      },
      baseURL: server.baseURL,
      live: fetch,
    })
    await expect(call).rejects.toThrow(RecordingError)
    await expect(call).rejects.toThrow(
      /^\[vitest-scenario\] Model call cannot be recorded: the value at request\.body is nested more than 1000 levels deep/,
    )
  })

  test('a recording file nested 5,000 levels deep is a broken file, named', () => {
    const text = JSON.stringify({
      kind: 'vitest-scenario.recording',
      formatVersion: 2,
      keyVersion: 1,
      test: 'hostile',
      status: 'complete',
      interactions: [
        {
          request: { method: 'POST', path: '/chat/completions', body: { model: 'm' } },
          response: { status: 200, headers: {}, body: { x: 1 } },
          durationMs: 1,
        },
      ],
    }).replace('{"x":1}', nested(5000))
    expect(() => parseRecording(text, 'hostile.json')).toThrow(
      /^\[vitest-scenario\] Recording file cannot be read: it nests JSON more than 1000 levels deep \(line 1\)/,
    )
  })
})

describe('__proto__ and constructor keys are keys', () => {
  const ARGUMENTS = '{"__proto__":{"id":"1042"},"constructor":{"prototype":{"polluted":true}}}'
  const TOOL_RESULT = JSON.parse('{"__proto__":{"status":"late"},"constructor":"c"}') as unknown

  const withTool = () => ({
    tools: {
      lookUp: tool({
        description: 'Looks an order up',
        parameters: z.object({}),
        execute: async () => TOOL_RESULT,
      }),
    },
  })

  function script(): void {
    server.reply({
      raw: {
        headers: JSON_TYPE,
        body: completion(
          `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"lookUp","arguments":${JSON.stringify(ARGUMENTS)}}}]}`,
          ',"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}',
        ),
      },
    })
    server.reply({ content: 'Order 1042 is late.' })
  }

  test('record → replay → snapshot → report', async () => {
    script()
    const recording = session('new')
    const recorded = await runScenario(asks(), { model: model(), recording, ...withTool() })
    expect(recorded.status).toBe('completed')
    expect(await recording.finish(false)).toMatchObject({ recorded: 2, written: true })

    // Recorded: the response body and the tool call's arguments keep their keys.
    const file = parseRecording(store.files.get(FILE) as string, 'hostile.json')
    const body = file.interactions[0]?.response.body as Record<string, unknown>
    expect(Object.keys(body)).toContain('__proto__')
    expect(Object.hasOwn(body, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype)
    expect(body.constructor).toEqual({ prototype: { polluted: true } })

    // Replayed: the same turn, with no server.
    server.reset()
    const replay = session('replay')
    const replayed = await runScenario(asks(), { model: model(), recording: replay, ...withTool() })
    expect(server.requests).toHaveLength(0)
    expect(replayed.history[0]?.rawResponse).toBe('Order 1042 is late.')
    const call = replayed.history[0]?.toolCalls[0]
    expect(call?.arguments).toEqual(JSON.parse(ARGUMENTS))
    expect(Object.keys(call?.arguments as object)).toEqual(['__proto__', 'constructor'])
    expect(Object.getPrototypeOf(call?.arguments)).toBe(Object.prototype)
    expect(Object.keys(call?.result as object)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()

    // Snapshotted: the keys are printed as keys.
    const snapshot = conversationSerializer.serialize(replayed)
    expect(snapshot).toContain('"__proto__"')
    expect(snapshot).toContain('"id": "1042"')
    expect(snapshot).toContain('"constructor"')
    expect(snapshot).toContain('→ {"__proto__":{"status":"late"},"constructor":"c"}')

    // Reported: the task meta keeps them, and the reports show them.
    const meta = scenarioMeta(asks(), [replayed])
    expect(meta.runs[0]?.turns[0]?.calls?.[0]).toEqual({
      name: 'lookUp',
      args: ARGUMENTS,
      result: '{"__proto__":{"status":"late"},"constructor":"c"}',
    })
    const output = runReporter('hostile-proto', [moduleOf(testCase('hostile', { scenario: meta }))])
    expect(output.warnings).toEqual([])
    expect(output.html).toContain(
      'lookUp({&quot;__proto__&quot;:{&quot;id&quot;:&quot;1042&quot;},&quot;constructor&quot;:',
    )
    expect(output.html).toContain('→ {&quot;__proto__&quot;:{&quot;status&quot;:&quot;late&quot;}')
  })
})

test('outcomes named __proto__ and constructor are reported as outcomes', async () => {
  const definition = new Scenario('named')
    .addNode('ask', { question: 'Hi?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcome('__proto__', statusIs('completed'))
    .addOutcome('constructor', statusIs('error'))
    .validate()
  const result = await runScenario(definition, { model: scriptedModel(['Hello.']) })
  const outcomes = scenarioMeta(definition, [result]).runs[0]?.outcomes ?? {}
  expect(Object.keys(outcomes)).toEqual(['__proto__', 'constructor'])
  expect(Object.getOwnPropertyDescriptor(outcomes, '__proto__')?.value).toBe(true)
  expect(Object.getPrototypeOf(outcomes)).toBe(Object.prototype)
})

describe('terminal escapes in names', () => {
  // An OSC-8 link (text that shows one thing and links another), a CSI colour and a C1 CSI.
  const NAME =
    'asks \u001b]8;;https://evil.example\u0007politely\u001b]8;;\u0007 \u001b[31mred\u001b[0m \u009b2J'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding raw escapes is the point
  const ESCAPES = /[\u001b\u0007\u009b]/

  test('a test name in a library error message is shown with visible escapes', async () => {
    const recording = session('replay', NAME)
    const call = () =>
      recording.handle({
        url: `${server.baseURL}/chat/completions`,
        init: { method: 'POST', body: '{"model":"m","messages":[]}' },
        baseURL: server.baseURL,
        live: fetch,
      })
    const missed = await call().catch((error: unknown) => error)
    expect(missed).toBeInstanceOf(RecordingMissingError)
    const message = (missed as Error).message
    expect(message).toContain(
      '  - test: asks \\x1b]8;;https://evil.example\\x07politely\\x1b]8;;\\x07 \\x1b[31mred\\x1b[0m \\x9b2J',
    )
    expect(message).not.toMatch(ESCAPES)
    await recording.finish(false)
    const late = await call().catch((error: unknown) => error)
    expect((late as Error).message).toContain('  - test: asks \\x1b]8;;https://evil.example')
    expect((late as Error).message).not.toMatch(ESCAPES)
  })

  test("a scenario name in validate()'s warning is shown with visible escapes", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      new Scenario(NAME)
        .addNode('ask', { question: 'Hi?' })
        .addEdge('ask', END)
        .addEdge('ask', END)
        .setEntry('ask')
        .validate()
      const printed = warn.mock.calls.map((args) => String(args[0])).join('\n')
      expect(printed).toContain("Scenario 'asks \\x1b]8;;https://evil.example\\x07politely")
      expect(printed).not.toMatch(ESCAPES)
    } finally {
      warn.mockRestore()
    }
  })
})
