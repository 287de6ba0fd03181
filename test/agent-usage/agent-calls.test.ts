import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type AgentFunction, END, runScenario, Scenario, wrap } from '../../src/core.js'
import { memoryStore, RecordingSession } from '../../src/host.js'
import type { ChatMessage } from '../../src/state/types.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

// An agent's own model calls, made through a wrap()ped `openai` client against the scripted
// server, are counted in its turn's answering usage: with no recording session (recordings off),
// while recording, and on replay; never as well as the usage an agent reports itself.

let server: ScriptedServer

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply({
    content: 'Venetoclax.',
    usage: { promptTokens: 20, completionTokens: 5 },
  })
})

/** No session: calls go live, unrecorded (what `wrap()` does with recordings off). */
const noSession = () => undefined

const client = (recording: Parameters<typeof wrap>[1] = noSession) =>
  wrap(new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key', maxRetries: 0 }), recording)

const twoTurns = () =>
  new Scenario('agent calls')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addNode('confirm', { question: 'Are you sure?' })
    .addEdge('ask', 'confirm')
    .addEdge('confirm', END)
    .setEntry('ask')
    .validate()

/** An agent that asks the model once per turn and returns its answer. */
const askingAgent =
  (openai: OpenAI): AgentFunction =>
  async (conversation) => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: conversation as OpenAI.ChatCompletionMessageParam[],
    })
    return completion.choices[0]?.message.content ?? ''
  }

describe("an agent's own calls", () => {
  test('a wrap()ped client with no recording: its tokens are the turn’s answering usage', async () => {
    server.reply(
      { content: 'Venetoclax.', usage: { promptTokens: 20, completionTokens: 5, cachedTokens: 4 } },
      { content: 'Yes.', usage: { promptTokens: 30, completionTokens: 2 } },
    )
    const result = await runScenario(twoTurns(), { model: askingAgent(client()) })
    expect(result.status).toBe('completed')
    expect(result.history[0]?.usage).toMatchObject({
      input: 20,
      output: 5,
      cached: 4,
      answering: { input: 20, output: 5, cached: 4, cacheWrite: 0 },
      judging: { input: 0, output: 0, cached: 0, cacheWrite: 0 },
    })
    expect(result.history[1]?.usage.answering).toEqual({
      input: 30,
      output: 2,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
    expect(result.usage.answering).toEqual({
      input: 50,
      output: 7,
      cached: 4,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
    expect(result.usage.replayed).toBeUndefined()
  })

  test('several calls in one turn are summed', async () => {
    const openai = client()
    const agent: AgentFunction = async (conversation) => {
      await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: conversation as OpenAI.ChatCompletionMessageParam[],
      })
      await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: conversation as OpenAI.ChatCompletionMessageParam[],
      })
      return 'done'
    }
    const result = await runScenario(twoTurns(), { model: agent, turnLimit: 1 })
    expect(result.history[0]?.usage.answering).toEqual({
      input: 40,
      output: 10,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
  })

  test('an agent that reports its own usage: only that is counted, never both (the model named by its calls)', async () => {
    const openai = client()
    const agent: AgentFunction = async (conversation, context) => {
      const content = await askingAgent(openai)(conversation, context)
      return { content: String(content), usage: { input: 3, output: 1 } }
    }
    const result = await runScenario(twoTurns(), { model: agent })
    expect(result.history[0]?.usage.answering).toEqual({
      input: 3,
      output: 1,
      cached: 0,
      cacheWrite: 0,
      // The reported usage names no model: the counted calls' model is kept, not their tokens.
      model: 'gpt-4.1-mini',
    })
    expect(result.usage.answering).toEqual({
      input: 6,
      output: 2,
      cached: 0,
      cacheWrite: 0,
      model: 'gpt-4.1-mini',
    })
    expect(server.requests).toHaveLength(2)
  })

  test('streamed calls that ask for include_usage are counted from the last chunk', async () => {
    server.reply({
      content: 'Venetoclax, a BCL-2 inhibitor.',
      usage: { promptTokens: 17, completionTokens: 9, cachedTokens: 2 },
    })
    const openai = client()
    const agent: AgentFunction = async (conversation) => {
      const stream = await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: conversation as OpenAI.ChatCompletionMessageParam[],
        stream: true,
        stream_options: { include_usage: true },
      })
      let text = ''
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
      return text
    }
    const result = await runScenario(twoTurns(), { model: agent, turnLimit: 1 })
    expect(result.history[0]?.rawResponse).toBe('Venetoclax, a BCL-2 inhibitor.')
    expect(result.history[0]?.usage.answering).toEqual({
      input: 17,
      output: 9,
      cached: 2,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
  })

  test('two runs in parallel keep their counts apart', async () => {
    const openai = client()
    server.setDefaultReply((request) => {
      const messages = (request.body as { messages: ChatMessage[] }).messages
      const heavy = String(messages.at(-1)?.content).includes('heavy')
      return {
        content: 'ok',
        delayMs: heavy ? 5 : 40,
        usage: heavy
          ? { promptTokens: 1000, completionTokens: 100 }
          : { promptTokens: 1, completionTokens: 1 },
      }
    })
    const definition = (question: string) =>
      new Scenario(question)
        .addNode('a', { question })
        .addNode('b', { question })
        .addEdge('a', 'b')
        .addEdge('b', END)
        .setEntry('a')
        .validate()
    const [light, heavy] = await Promise.all([
      runScenario(definition('light'), { model: askingAgent(openai) }),
      runScenario(definition('heavy'), { model: askingAgent(openai) }),
    ])
    expect(light.usage.answering).toEqual({
      input: 2,
      output: 2,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
    expect(heavy.usage.answering).toEqual({
      input: 2000,
      output: 200,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
  })

  test('an agent that throws after a call keeps the tokens it spent on its error turn', async () => {
    const openai = client()
    const agent: AgentFunction = async (conversation) => {
      await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: conversation as OpenAI.ChatCompletionMessageParam[],
      })
      throw new Error('the agent broke after its call')
    }
    const result = await runScenario(twoTurns(), { model: agent })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('agent')
    expect(result.history[0]?.usage.answering).toEqual({
      input: 20,
      output: 5,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
  })

  test('the same wrapped client as the run’s model is counted once (by the run)', async () => {
    const result = await runScenario(twoTurns(), {
      model: { model: 'gpt-4.1-mini', client: client() },
    })
    expect(result.history[0]?.usage.answering).toEqual({
      input: 20,
      output: 5,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
  })

  test('recorded, then replayed with the server gone: recorded tokens, the turn marked replayed', async () => {
    const store = memoryStore()
    const session = () =>
      new RecordingSession({
        file: '/rec/agent.json',
        displayFile: 'agent.json',
        test: 'agent calls',
        mode: 'new',
        command: 'vitest run',
        store,
      })
    const recording = session()
    const recorded = await runScenario(twoTurns(), { model: askingAgent(client(recording)) })
    await recording.finish(false)
    expect(recorded.history[0]?.usage.answering).toEqual({
      input: 20,
      output: 5,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'gpt-4.1-mini',
    })
    expect(recorded.usage.replayed).toBeUndefined()
    const requests = server.requests.length

    const replaying = session()
    server.setDefaultReply({ status: 500, message: 'the server is gone' })
    const replayed = await runScenario(twoTurns(), { model: askingAgent(client(replaying)) })
    expect(server.requests.length).toBe(requests)
    expect(replayed.status).toBe('completed')
    expect(replayed.history[0]?.usage).toMatchObject({
      answering: { input: 20, output: 5, cached: 0, cacheWrite: 0 },
      replayed: true,
    })
    expect(replayed.history[0]?.recordedDurationMs).toBeGreaterThanOrEqual(0)
    expect(replayed.usage).toMatchObject({ input: 40, output: 10, replayed: true })
  })
})
