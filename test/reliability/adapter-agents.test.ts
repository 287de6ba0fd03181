import { createOpenAI } from '@ai-sdk/openai'
import { Agent } from '@openai/agents'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { aiSdkAgent } from '../../src/ai-sdk/index.js'
import { InvalidArgumentError } from '../../src/errors/index.js'
import type { AgentFunction } from '../../src/models/types.js'
import { openAIAgent } from '../../src/openai-agents/index.js'
import { chatProvider } from '../openai-agents/support.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

// Promise: the agent functions the adapters make check what they are called with. A run always
// passes a conversation and a context; a user who calls the agent by hand (a unit test of it, a
// wrapper) and passes something else gets an InvalidArgumentError naming the argument and the
// path, never a TypeError from inside the mapping or the SDK — and no model call is made.

let server: ScriptedServer

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply({ content: 'Fine.' })
})

const adapters: [string, () => AgentFunction][] = [
  [
    'aiSdkAgent',
    () =>
      aiSdkAgent({
        model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake' }).chat('m'),
        maxRetries: 0,
      }),
  ],
  [
    'openAIAgent',
    () =>
      openAIAgent(new Agent({ name: 'Support', model: 'm' }), {
        runConfig: { modelProvider: chatProvider(server.baseURL), tracingDisabled: true },
      }),
  ],
]

const context = () => ({
  nodeId: 'ask',
  turn: 0,
  state: {},
  signal: new AbortController().signal,
})
const hi = () => [{ role: 'user', content: 'Hi' }]

const BAD: [string, () => [unknown, unknown], RegExp][] = [
  ['no arguments', () => [undefined, undefined], /needs the conversation as an array/],
  ['a string conversation', () => ['Hi', context()], /got 'Hi'/],
  ['an empty conversation', () => [[], context()], /a message to answer, got an empty one/],
  [
    'only a system message',
    () => [[{ role: 'system', content: 'Be brief.' }], context()],
    /got only system messages/,
  ],
  ['a message that is null', () => [[null], context()], /`conversation\.0` is null/],
  [
    'a message with an unknown role',
    () => [[{ role: 'robot', content: 'Hi' }], context()],
    /`conversation\.0` is/,
  ],
  [
    'content that is not text',
    () => [[{ role: 'user', content: { text: 'Hi' } }], context()],
    /`conversation\.0\.content` is/,
  ],
  [
    'a tool call without arguments text',
    () => [
      [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: {} } }],
        },
      ],
      context(),
    ],
    /`conversation\.1\.tool_calls\.0` is/,
  ],
  [
    'a revoked Proxy',
    () => {
      const { proxy, revoke } = Proxy.revocable([], {})
      revoke()
      return [proxy, context()]
    },
    /Reading the argument of the conversation given to/,
  ],
  [
    'an array nested 5000 deep',
    () => {
      let deep: unknown[] = []
      for (let i = 0; i < 5000; i++) deep = [deep]
      return [deep, context()]
    },
    /is nested more than 1000 levels deep/,
  ],
  ['no context', () => [hi(), undefined], /needs the turn's context as an object/],
  [
    'a signal that is no AbortSignal',
    () => [hi(), { ...context(), signal: 'stop' }],
    /needs `context\.signal` to be an AbortSignal/,
  ],
]

describe.each(adapters)('the agent %s() makes', (name, make) => {
  test.each(BAD)('refuses %s with an InvalidArgumentError', async (_, args, message) => {
    const agent = make() as unknown as (...a: unknown[]) => Promise<unknown>
    const called = await agent(...args()).catch((error: unknown) => error)
    expect(called).toBeInstanceOf(InvalidArgumentError)
    expect((called as Error).message).toMatch(/^\[vitest-scenario\] /)
    expect((called as Error).message).toContain(`the agent ${name}() made`)
    expect((called as Error).message).toMatch(message)
    expect(server.requests).toHaveLength(0)
  })

  test('answers a conversation a run gives it', async () => {
    const reply = await make()(hi() as never, context() as never)
    expect(reply).toMatchObject({ content: 'Fine.' })
  })
})
