// The agent functions the adapters make (`aiSdkAgent(…)`, `openAIAgent(…)`), fuzzed as the
// runner calls them: `(conversation, context)`. Valid calls reach a scripted server on 127.0.0.1
// (started by the fuzz test), which answers every call with one short text, so a call resolves;
// bad conversations and contexts must be refused with the library's own error.
import { createOpenAI } from '@ai-sdk/openai'
import { Agent, OpenAIProvider } from '@openai/agents'
import fc from 'fast-check'
import OpenAI from 'openai'
import { aiSdkAgent } from '../../../src/ai-sdk/index.js'
import { openAIAgent } from '../../../src/openai-agents/index.js'
import { arg, oneOf, tampered, tamperedAt } from './hostile-values.js'
import { type Recipe, recipe } from './recipe.js'
import type { Signature } from './signature.js'

let baseURL: string | undefined

/** Points the agents at the scripted server the fuzz test started. */
export function useAgentServer(url: string): void {
  baseURL = url
}

function server(): string {
  if (baseURL === undefined) throw new Error('fuzz table: no scripted server for the agents')
  return baseURL
}

/** Conversations as a run gives them: questions, answers, a tool call and its result. */
const conversations: readonly Recipe[] = [
  recipe("[{ role: 'user', content: 'Hi' }]", () => [{ role: 'user', content: 'Hi' }]),
  recipe('[system, user, assistant with a tool call, tool, user]', () => [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Where is 1042?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'lookUp', arguments: '{"__proto__":{"id":"1042"}}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'c1', content: '{"constructor":"late"}' },
    { role: 'user', content: 'Thanks' },
  ]),
]

const conversation = arg(
  tamperedAt(oneOf(...conversations), [
    [0],
    [0, 'role'],
    [0, 'content'],
    [2],
    [2, 'content'],
    [2, 'tool_calls'],
    [2, 'tool_calls', 0],
    [2, 'tool_calls', 0, 'id'],
    [2, 'tool_calls', 0, 'function'],
    [2, 'tool_calls', 0, 'function', 'name'],
    [2, 'tool_calls', 0, 'function', 'arguments'],
    [3, 'tool_call_id'],
    [3, 'content'],
  ]),
)

const context = arg(
  tampered(
    oneOf(
      recipe("{ nodeId: 'ask', turn: 0, state, signal }", () => ({
        nodeId: 'ask',
        turn: 0,
        state: { parsed: {}, accumulated: {}, turn: 0 },
        signal: new AbortController().signal,
      })),
    ),
    ['nodeId', 'turn', 'state', 'signal'],
  ),
)

/** A signature that makes the agent fresh for each call and calls it. */
function agentCall(make: () => (...args: unknown[]) => unknown): Signature {
  return {
    args: fc.tuple(conversation, context),
    call: (args) => make()(...args),
  }
}

/** The two agent functions, keyed as the fuzz table names the functions a call returns. */
export const adapterAgents: Readonly<Record<string, Signature>> = {
  'aiSdkAgent()(conversation, context)': agentCall(
    () =>
      aiSdkAgent({
        model: createOpenAI({ baseURL: server(), apiKey: 'test-key-fake' }).chat('m'),
        maxRetries: 0,
      }) as unknown as (...args: unknown[]) => unknown,
  ),
  'openAIAgent()(conversation, context)': agentCall(
    () =>
      openAIAgent(new Agent({ name: 'Fuzzed', model: 'm' }), {
        runConfig: {
          tracingDisabled: true,
          modelProvider: new OpenAIProvider({
            openAIClient: new OpenAI({
              baseURL: server(),
              apiKey: 'test-key-fake',
              maxRetries: 0,
            }),
            useResponses: false,
          }),
        },
        maxTurns: 2,
      }) as unknown as (...args: unknown[]) => unknown,
  ),
}
