import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { runSummary } from '../../matchers/run-summary.js'
import {
  defineTemplate,
  END,
  type RunOptions,
  runScenario as runWith,
  Scenario,
} from '../../src/core.js'
import type { AgentFunction } from '../../src/models/types.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { wrap as wrapWith } from '../../src/recordings/wrap.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import {
  type RawReply,
  type ScriptedServer,
  startOpenAIServer,
} from '../support/openai-server/index.js'
import { repoRoot, resultsDir } from '../support/paths.js'

// The fault matrix: what a run reports when the endpoint misbehaves. For each fault: the run's
// status and category, a message that names the endpoint (never its credentials or query),
// other calls unaffected, and nothing of a bad answer kept in a recording.

const KEY = 'test-key-fake-faults'
const runDir = join(resultsDir, 'reliability-faults', String(process.pid))

let server: ScriptedServer
let recorder: RecordingSession | undefined
let folder: string

beforeAll(async () => {
  server = await startOpenAIServer()
})
afterAll(async () => {
  await server.close()
  rmSync(runDir, { recursive: true, force: true })
})
beforeEach(() => {
  server.reset()
  server.setDefaultReply(undefined)
  recorder = undefined
  mkdirSync(runDir, { recursive: true })
  folder = mkdtempSync(join(runDir, 'case-'))
})

const model = (baseURL = server.baseURL) => ({ model: 'test-model', baseURL, apiKey: KEY })

const oneTurn = () =>
  new Scenario('one-turn')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

const twoTurns = () =>
  new Scenario('two-turns')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addNode('confirm', { question: 'Are you sure?' })
    .addEdge('ask', 'confirm')
    .addEdge('confirm', END)
    .setEntry('ask')
    .validate()

const recordingFile = () => join(folder, 'faults.json')

// As the Vitest host does for each test: the run and the wrapped clients answer through the
// test's session (`recorder`, when the test made one).
const runScenario = (definition: Parameters<typeof runWith>[0], options: RunOptions) =>
  runWith(definition, { ...options, recording: recorder })
const wrap = <T extends object>(client: T): T => wrapWith(client, () => recorder)

/** Makes a recorder the current test's, as the setup file does for each test. */
function useRecorder(mode: Exclude<RecordingMode, 'off'>): RecordingSession {
  const rec = new RecordingSession({
    file: recordingFile(),
    displayFile: relative(repoRoot, recordingFile()),
    test: 'faults > case',
    mode,
    command: 'npx vitest run test/reliability/faults.test.ts',
  })
  recorder = rec
  return rec
}

/** A chat completion body as the API sends it, with the given message. */
const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-faults',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
})

const raw = (body: unknown, contentType?: string): RawReply => ({
  raw: {
    status: 200,
    body,
    ...(contentType === undefined ? {} : { headers: { 'content-type': contentType } }),
  },
})

const BAD_ANSWERS: [string, RawReply, RegExp][] = [
  [
    'an HTML page from a proxy',
    raw(
      '<!DOCTYPE html><html><head><title>Sign in – Corporate proxy</title></head></html>',
      'text/html',
    ),
    /answered with text, not a JSON completion \(content-type: text\/html\).*Sign in/,
  ],
  [
    'JSON sent as text/plain',
    raw(JSON.stringify(completion({ content: 'Venetoclax' })), 'text/plain'),
    /answered with text, not a JSON completion \(content-type: text\/plain\)/,
  ],
  [
    'an { error } body at 200',
    raw({ error: { message: 'Upstream model unavailable', type: 'server_error' } }),
    /answered 2xx with an error body: "Upstream model unavailable"/,
  ],
  ['no choices', raw({ ...completion({ content: 'x' }), choices: [] }), /empty `choices` array/],
  [
    'content that is not a string',
    raw(completion({ content: { text: 'Venetoclax' } })),
    /`choices\[0\]\.message\.content` is an object, not a string or null/,
  ],
  [
    'content null and no tool calls',
    raw(completion({ content: null })),
    /`choices\[0\]\.message\.content` is null and there are no tool calls/,
  ],
  ['a body that is not an object', raw([1, 2, 3]), /a JSON array, not a completion object/],
  ['JSON that does not parse', raw('{"choices": [', 'application/json'), /failed \(bad_response\)/],
]

describe('a 200 without a usable completion', () => {
  test.each(BAD_ANSWERS)(
    '%s is an error turn (bad_response) naming the endpoint, never retried',
    async (_, reply, problem) => {
      server.reply(reply)
      const result = await runScenario(oneTurn(), { model: model() })
      expect(result.status).toBe('error')
      expect(result.error).toMatchObject({
        nodeId: 'ask',
        category: 'bad_response',
        stage: 'answer',
      })
      expect(result.error?.message).toMatch(problem)
      expect(result.error?.message).toContain(`at ${server.baseURL}`)
      expect(result.error?.message).toContain('did not answer like an OpenAI-compatible API')
      expect(result.history[0]?.rawResponse).toBeNull()
      expect(server.requests).toHaveLength(1)
    },
  )

  test.each(BAD_ANSWERS)('%s is never recorded, not even as partial', async (_, reply) => {
    const rec = useRecorder('new')
    server.reply(reply)
    const result = await runScenario(oneTurn(), { model: model() })
    expect(result.error?.category).toBe('bad_response')
    // The turn reports it: the recording's own refusal of the answer is not a second failure.
    expect(rec.failures).toEqual([])
    await rec.finish(true)
    expect(existsSync(recordingFile())).toBe(false)
  })

  test('the good calls of the test are still recorded (partial), without the bad one', async () => {
    const rec = useRecorder('new')
    server.reply(
      { content: 'Venetoclax.' },
      raw('<html><body>502 Bad Gateway (nginx)</body></html>', 'text/html'),
    )
    const result = await runScenario(twoTurns(), { model: model() })
    expect(result.error).toMatchObject({ nodeId: 'confirm', category: 'bad_response' })
    const summary = await rec.finish(false)
    expect(summary).toMatchObject({ recorded: 1, written: true })
    const text = readFileSync(recordingFile(), 'utf8')
    expect(text).not.toContain('Bad Gateway')
    const file = parseRecording(text, 'faults.json')
    // It lacks a call the test made: the next run continues it live rather than replay a gap.
    expect(file.status).toBe('partial')
    expect(file.interactions).toHaveLength(1)
  })

  test('a shape problem only the model layer sees (no choices) is dropped from the recording', async () => {
    const rec = useRecorder('new')
    server.reply({ content: 'Venetoclax.' }, raw({ ...completion({ content: 'x' }), choices: [] }))
    const result = await runScenario(twoTurns(), { model: model() })
    expect(result.error?.category).toBe('bad_response')
    await rec.finish(false)
    const file = parseRecording(readFileSync(recordingFile(), 'utf8'), 'faults.json')
    expect(file.interactions).toHaveLength(1)
    expect(JSON.stringify(file)).not.toContain('"choices":[]')
  })

  test('a bad answer already in a recording is checked on replay too', async () => {
    // As an older version (or a hand edit) could have left it: a complete recording of no choices.
    useRecorder('new')
    server.reply({ content: 'Venetoclax.' })
    await runScenario(oneTurn(), { model: model() })
    await recorder?.finish(false)
    const file = JSON.parse(readFileSync(recordingFile(), 'utf8')) as {
      interactions: { response: { body: { choices: unknown[] } } }[]
    }
    const first = file.interactions[0]
    if (first === undefined) throw new Error('expected one recorded interaction')
    first.response.body.choices = []
    writeFileSync(recordingFile(), JSON.stringify(file, null, 2))
    useRecorder('replay')
    const result = await runScenario(oneTurn(), { model: model() })
    expect(result.error).toMatchObject({ category: 'bad_response' })
    expect(result.error?.message).toContain('(replayed)')
  })
})

describe('rate limits are per endpoint', () => {
  test('a 429 with retry-after: 30 from one endpoint does not delay calls to another', async () => {
    const limited = await startOpenAIServer()
    try {
      limited.setDefaultReply({ status: 429, retryAfter: 30 })
      const stopLimited = new AbortController()
      const slow = runScenario(oneTurn(), {
        model: model(limited.baseURL),
        signal: stopLimited.signal,
      })
      // The 429 has come back and the pause is in effect before the other endpoint is called.
      await expect.poll(() => limited.requests[0]?.status).toBe(429)
      await new Promise((resolve) => setTimeout(resolve, 50))
      server.reply({ content: 'Venetoclax.' })
      const stopFine = new AbortController()
      const guard = setTimeout(() => stopFine.abort(new Error('still paused')), 3000)
      const started = Date.now()
      const fine = await runScenario(oneTurn(), { model: model(), signal: stopFine.signal })
      clearTimeout(guard)
      expect(fine.status).toBe('completed')
      expect(Date.now() - started).toBeLessThan(3000)
      // The limited endpoint is still waiting out its retry-after.
      expect(limited.requests).toHaveLength(1)
      stopLimited.abort(new Error('done'))
      const waited = await slow
      expect(waited.error?.category).toBe('aborted')
    } finally {
      await limited.close()
    }
  })
})

/** A port on 127.0.0.1 that nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

describe('connection errors', () => {
  test('name the endpoint (scheme, host, port, path) and the likely fix', async () => {
    const port = await closedPort()
    const result = await runScenario(oneTurn(), { model: model(`http://127.0.0.1:${port}/v1`) })
    expect(result.error).toMatchObject({ category: 'connection', stage: 'answer' })
    const message = result.error?.message ?? ''
    expect(message).toContain(`at http://127.0.0.1:${port}/v1 failed (connection)`)
    expect(message).toContain('ECONNREFUSED')
    expect(message).toContain('OPENAI_BASE_URL')
  })

  test('never show credentials or the query of the base URL', async () => {
    const port = await closedPort()
    const result = await runScenario(oneTurn(), {
      model: model(`http://127.0.0.1:${port}/v1/?api-key=hunter2-query-secret`),
    })
    expect(result.error?.category).toBe('connection')
    expect(result.error?.message).toContain(`http://127.0.0.1:${port}/v1`)
    expect(result.error?.message).not.toContain('hunter2')
  })

  test('a matcher line keeps the category and the reason', async () => {
    const port = await closedPort()
    const result = await runScenario(oneTurn(), { model: model(`http://127.0.0.1:${port}/v1`) })
    const line = runSummary(result)
    expect(line).toContain("at 'ask' (connection)")
    expect(line).toContain('ECONNREFUSED')
    expect(line).toContain(`http://127.0.0.1:${port}/v1`)
  })
})

/** An agent that streams its answer through `client`, as an app would. */
const streamingAgent =
  (client: OpenAI): AgentFunction =>
  async (conversation, context) => {
    const stream = await client.chat.completions.create(
      {
        model: 'test-model',
        messages: conversation as OpenAI.ChatCompletionMessageParam[],
        stream: true,
      },
      { signal: context.signal },
    )
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? ''
    return text
  }

const LONG_ANSWER = 'Venetoclax is a selective BCL-2 inhibitor used in CLL and AML. '.repeat(4)

describe('an SSE stream cut midway', () => {
  test('through a wrapped client: a connection error naming the endpoint, nothing recorded', async () => {
    const rec = useRecorder('new')
    server.reply({ content: LONG_ANSWER, cutAfterEvents: 3 })
    const client = wrap(new OpenAI({ baseURL: server.baseURL, apiKey: KEY, maxRetries: 0 }))
    const result = await runScenario(oneTurn(), { model: streamingAgent(client) })
    expect(result.error).toMatchObject({ category: 'connection', stage: 'answer' })
    expect(result.error?.message).toContain(`at ${server.baseURL}`)
    expect(result.error?.message).toContain('event stream was cut')
    expect(result.error?.message).not.toMatch(/^TypeError/)
    await rec.finish(true)
    expect(existsSync(recordingFile())).toBe(false)
    expect(rec.failures).toEqual([])
  })

  test("through the agent's own client: a connection error, not a bug of the agent", async () => {
    server.reply({ content: LONG_ANSWER, cutAfterEvents: 3 })
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: KEY, maxRetries: 0 })
    const result = await runScenario(oneTurn(), { model: streamingAgent(client) })
    expect(result.error).toMatchObject({ category: 'connection', stage: 'answer' })
    expect(result.error?.message).toContain('terminated')
    expect(result.error?.message).toContain('wrap(client)')
  })

  test('an agent that wraps the error is still reported as a connection error', async () => {
    server.reply({ content: LONG_ANSWER, cutAfterEvents: 3 })
    const client = wrap(new OpenAI({ baseURL: server.baseURL, apiKey: KEY, maxRetries: 0 }))
    const inner = streamingAgent(client)
    const agent: AgentFunction = async (conversation, context) => {
      try {
        return await inner(conversation, context)
      } catch (error) {
        throw new Error('my app failed', { cause: error })
      }
    }
    const result = await runScenario(oneTurn(), { model: agent })
    expect(result.error?.category).toBe('connection')
    expect(result.error?.message).toContain(`at ${server.baseURL}`)
  })

  test('a complete stream still works and is recorded', async () => {
    const rec = useRecorder('new')
    server.reply({ content: LONG_ANSWER })
    const client = wrap(new OpenAI({ baseURL: server.baseURL, apiKey: KEY, maxRetries: 0 }))
    const result = await runScenario(oneTurn(), { model: streamingAgent(client) })
    expect(result.status).toBe('completed')
    expect(result.history[0]?.rawResponse).toBe(LONG_ANSWER)
    expect(await rec.finish(false)).toMatchObject({ recorded: 1, written: true })
  })
})

/** Resolves after `ms`. */
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('turn timeout', () => {
  test('an agent that never answers ends the turn as a timeout, and its signal aborts', async () => {
    let seen: AbortSignal | undefined
    const agent: AgentFunction = (_, context) => {
      seen = context.signal
      return new Promise<string>(() => {})
    }
    const started = Date.now()
    const result = await runScenario(oneTurn(), { model: agent, turnTimeoutMs: 100 })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ nodeId: 'ask', category: 'timeout', stage: 'answer' })
    expect(result.error?.message).toContain(
      "Node 'ask' got no answer within 100 ms (turnTimeoutMs)",
    )
    expect(result.history[0]?.rawResponse).toBeNull()
    expect(seen?.aborted).toBe(true)
    expect(seen?.reason).toMatchObject({ name: 'TurnTimeoutError', code: 'turn_timeout' })
  })

  test('a model that hangs is cut at the timeout and its request closed', async () => {
    server.setDefaultReply({ hang: true })
    const result = await runScenario(oneTurn(), { model: model(), turnTimeoutMs: 200 })
    expect(result.error).toMatchObject({ category: 'timeout', stage: 'answer' })
    await expect.poll(() => server.inFlight).toBe(0)
  })

  test('each turn has its own timeout; fast turns before a slow one are unaffected', async () => {
    const answers = [10, 10, 400]
    const agent: AgentFunction = async (_, context) => {
      await delay(answers[context.turn] ?? 0)
      return `answer ${context.turn}`
    }
    const loop = new Scenario('loop')
      .addNode('again', { question: 'q' })
      .addEdge('again', 'again')
      .setEntry('again')
      .validate()
    const result = await runScenario(loop, { model: agent, turnTimeoutMs: 150, turnLimit: 3 })
    expect(result.path).toEqual(['again', 'again', 'again'])
    expect(result.history.map((t) => t.error?.category)).toEqual([undefined, undefined, 'timeout'])
  })

  test('its timer holds a plain Node process open while a turn waits, and not after the run', () => {
    // The built package in a bare Node process: no test runner keeps the event loop alive.
    const node = (run: string) =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { END, runScenario, Scenario } = await import(${JSON.stringify(join(repoRoot, 'dist/src/core.js'))})
          const definition = new Scenario('bare').addNode('ask', { question: 'q' }).addEdge('ask', END).setEntry('ask').validate()
          const result = await runScenario(definition, ${run})
          console.log(result.status, result.error?.category ?? '-')`,
        ],
        { encoding: 'utf8', timeout: 20_000 },
      ).trim()
    const started = Date.now()
    // Done at once: the process ends at once, not when the 120 s default timeout would have.
    expect(node(`{ model: async () => 'ok' }`)).toBe('completed -')
    expect(Date.now() - started).toBeLessThan(15_000)
    // An agent that never answers, and nothing else alive: the timer keeps the process until the
    // turn times out and the run returns.
    expect(node(`{ model: () => new Promise(() => {}), turnTimeoutMs: 100 }`)).toBe('error timeout')
  })

  test('is 120 000 ms by default and must be an integer ≥ 1 a timer can take', async () => {
    const agent = () => 'ok'
    await expect(runScenario(oneTurn(), { model: agent, turnTimeoutMs: 0 })).rejects.toThrow(
      '`turnTimeoutMs`: an integer number of ms ≥ 1, got 0',
    )
    await expect(runScenario(oneTurn(), { model: agent, turnTimeoutMs: 2 ** 31 })).rejects.toThrow(
      '`turnTimeoutMs`: at most 2147483647 ms (about 24.8 days), got 2147483648',
    )
    const { resolveRunOptions } = await import('../../src/runner/run-options.js')
    expect(resolveRunOptions(oneTurn(), { model: agent }).turnTimeoutMs).toBe(120_000)
  })
})

describe('an abort while the last turn answers', () => {
  test('is status error (aborted), never completed with the late answer', async () => {
    const controller = new AbortController()
    const agent: AgentFunction = async () => {
      setTimeout(() => controller.abort(new Error('stop')), 5)
      await delay(40) // ignores the signal and answers anyway
      return 'Venetoclax.'
    }
    const result = await runScenario(oneTurn(), { model: agent, signal: controller.signal })
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ nodeId: 'ask', category: 'aborted', stage: 'answer' })
    expect(result.history[0]?.rawResponse).toBeNull()
  })

  test('an abort while the answer is judged fails the turn too (stage parse)', async () => {
    const controller = new AbortController()
    // A stand-in judge that answers although the run was aborted while it worked.
    const judge = {
      chat: {
        completions: {
          create: async () => {
            controller.abort(new Error('stop'))
            return completion({ content: JSON.stringify({ drug: 'venetoclax' }) })
          },
        },
      },
    }
    const definition = new Scenario('judged')
      .addNode('ask', {
        question: {
          question: 'Which drug inhibits BCL-2?',
          template: defineTemplate({ schema: z.object({ drug: z.string() }) }),
        },
      })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, {
      model: () => 'Venetoclax.',
      parsingModel: { model: 'judge', client: judge },
      signal: controller.signal,
    })
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ nodeId: 'ask', category: 'aborted', stage: 'parse' })
  })

  test('the agent sees the abort on its own signal', async () => {
    const controller = new AbortController()
    let seen: AbortSignal | undefined
    const agent: AgentFunction = async (_, context) => {
      seen = context.signal
      controller.abort(new Error('stop'))
      return 'late'
    }
    const result: ScenarioExecutionResult = await runScenario(oneTurn(), {
      model: agent,
      signal: controller.signal,
    })
    expect(result.error?.category).toBe('aborted')
    expect(seen?.aborted).toBe(true)
  })
})
