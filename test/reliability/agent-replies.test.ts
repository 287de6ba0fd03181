import { describe, expect, test } from 'vitest'
import { END, runScenario, Scenario } from '../../src/core.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'

// What an agent under test returns is checked before the run reads it: a reply of the wrong shape
// is an `agent` error turn whose message names the node, the field and the shape expected, never
// a TypeError from inside the run or a crash later in the reporter.

const definition = () =>
  new Scenario('replies')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

class Reply {
  content = 'Venetoclax.'
}

const BAD_REPLIES: [string, unknown, string][] = [
  ['null', null, 'returned null; expected a string or a plain object'],
  ['a number', 42, 'returned 42; expected a string or a plain object'],
  ['an array', ['Venetoclax.'], 'returned an array; expected a string or a plain object'],
  ['a class instance', new Reply(), 'returned a Reply; expected a string or a plain object'],
  ['a Map', new Map([['content', 'x']]), 'returned a Map; expected a string or a plain object'],
  ['content missing', {}, 'returned a reply whose `content` is undefined; expected a string'],
  ['content a number', { content: 7 }, 'returned a reply whose `content` is 7; expected a string'],
  [
    'messages: null',
    { content: 'x', messages: null },
    'returned a reply whose `messages` is null; expected an array of chat messages',
  ],
  [
    "messages: 'x'",
    { content: 'x', messages: 'x' },
    "returned a reply whose `messages` is 'x'; expected an array of chat messages",
  ],
  [
    'a message without a role',
    { content: 'x', messages: [{ content: 'hi' }] },
    "returned a reply whose `messages[0]` has `role` undefined; expected 'assistant', 'tool', 'user' or 'system'",
  ],
  [
    'a tool message whose tool_call_id is a number',
    { content: 'x', messages: [{ role: 'tool', tool_call_id: 7, content: '{}' }] },
    'returned a reply whose `messages[0]` (tool) has `tool_call_id` 7; expected a string (or none: the id of the call it answers is filled in)',
  ],
  [
    "toolCalls: 'nope'",
    { content: 'x', toolCalls: 'nope' },
    "returned a reply whose `toolCalls` is 'nope'; expected an array of { id, name, arguments }",
  ],
  [
    'a tool call without a name',
    { content: 'x', toolCalls: [{ id: 'c1', arguments: {} }] },
    'returned a reply whose `toolCalls[0]` has `name` undefined; expected a string',
  ],
  [
    'a tool call that is null',
    { content: 'x', toolCalls: [null] },
    'returned a reply whose `toolCalls[0]` is null; expected { id, name, arguments }',
  ],
  [
    "usage: 'x'",
    { content: 'x', usage: 'x' },
    "returned a reply whose `usage` is 'x'; expected { input?, output?, cached?, cacheWrite?, reasoning?, model? }",
  ],
  [
    "usage.input: '12'",
    { content: 'x', usage: { input: '12' } },
    "returned a reply whose `usage.input` is '12'; expected a token count (a number ≥ 0)",
  ],
  [
    'a Proxy whose traps throw',
    new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    ),
    'returned a reply that could not be read (trap)',
  ],
]

describe('an agent reply of the wrong shape', () => {
  test.each(BAD_REPLIES)(
    '%s is an agent error turn naming the node, the field and the shape',
    async (_, reply, problem) => {
      const result = await runScenario(definition(), { model: () => reply as string })
      expect(result.status).toBe('error')
      expect(result.error).toMatchObject({ nodeId: 'ask', category: 'agent', stage: 'answer' })
      expect(result.error?.message).toContain(
        `[vitest-scenario] The agent at node 'ask' ${problem}`,
      )
      expect(result.error?.message).toContain(
        'Return a string, or a plain object { content: string',
      )
      expect(result.history[0]?.rawResponse).toBeNull()
      expect(result.history[0]?.toolCalls).toEqual([])
      // The reporter's data is made from the result without a crash.
      expect(() => scenarioMeta(definition(), [result])).not.toThrow()
    },
  )

  test('well-formed replies still work: a string, a plain object, a null-prototype object', async () => {
    const bare = Object.assign(Object.create(null) as object, { content: 'Venetoclax.' })
    for (const reply of [
      'Venetoclax.',
      { content: 'Venetoclax.' },
      bare,
      {
        content: 'Venetoclax.',
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: '{"drug":"venetoclax"}' },
        ],
        toolCalls: [{ id: 'c1', name: 'lookup', arguments: {}, result: { drug: 'venetoclax' } }],
        usage: { input: 12, output: 3 },
      },
    ]) {
      const result = await runScenario(definition(), { model: () => reply as string })
      expect(result.status).toBe('completed')
      expect(result.history[0]?.rawResponse).toBe('Venetoclax.')
    }
  })
})
