// What user code gets as the conversation — an agent function, a scripted model, a question
// function's `context.conversation` — is a plain array: prototype `Array.prototype` (no Proxy),
// `structuredClone`-able and JSON-serializable, and nothing done to it (the array or its
// messages) changes the run's transcript.
import { inspect, types } from 'node:util'
import { describe, expect, test } from 'vitest'
import { type AgentFunction, END, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import { ConversationCopies } from '../../src/runner/conversation-copies.js'
import type { ChatMessage } from '../../src/state/types.js'

const transcript = (): ChatMessage[] => [
  { role: 'user', content: 'first question' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
  },
  { role: 'tool', content: 'found', tool_call_id: 'c1' },
  { role: 'assistant', content: 'first answer' },
]

/** Asserts `value` is an ordinary array, not a Proxy, that clones and serializes as one. */
function expectPlainArray(value: unknown, expected: readonly ChatMessage[]): void {
  expect(Array.isArray(value)).toBe(true)
  expect(types.isProxy(value)).toBe(false)
  expect(Object.getPrototypeOf(value)).toBe(Array.prototype)
  expect(structuredClone(value)).toEqual(expected)
  expect(JSON.parse(JSON.stringify(value))).toEqual(expected)
  expect(value).toStrictEqual(expected)
}

describe('ConversationCopies', () => {
  test('the system prompt, copies of the transcript so far, then the question', () => {
    const messages = transcript()
    const conversation = new ConversationCopies(messages).conversation('Be brief.', 'next')
    expectPlainArray(conversation, [
      { role: 'system', content: 'Be brief.' },
      ...transcript(),
      { role: 'user', content: 'next' },
    ])
    expect(conversation[1]).not.toBe(messages[0])
    expect(inspect(conversation)).toContain("content: 'first answer'")
  })

  test('without a system prompt or a question, the transcript alone', () => {
    const copies = new ConversationCopies(transcript())
    expect(copies.conversation(undefined, null)).toEqual(transcript())
    expect(new ConversationCopies([]).conversation(undefined, null)).toEqual([])
  })

  test('each call is a new array that stays as it was when the transcript grows', () => {
    const messages = transcript()
    const copies = new ConversationCopies(messages)
    const first = copies.conversation(undefined, 'q')
    messages.push({ role: 'user', content: 'q' }, { role: 'assistant', content: 'later' })
    const second = copies.conversation(undefined, 'q2')
    expect(first).toHaveLength(5)
    expect(second).toHaveLength(7)
    expect(second).not.toBe(first)
    // Each message is copied once and the copy reused: no turn copies the whole transcript.
    expect(second[0]).toBe(first[0])
  })

  test('changing the array or a message never changes the transcript', () => {
    const messages = transcript()
    const conversation = new ConversationCopies(messages).conversation(undefined, 'q')
    conversation.push({ role: 'assistant', content: 'mine' })
    conversation[0] = { role: 'user', content: 'rewritten' }
    const call = conversation[1]
    if (call?.role === 'assistant' && call.tool_calls !== undefined) {
      ;(call.tool_calls[0] as { function: { arguments: string } }).function.arguments = '{"x":1}'
    }
    ;(conversation[3] as { content: string }).content = 'changed'
    conversation.splice(0, 2)
    expect(messages).toEqual(transcript())
  })

  test('an own __proto__ key is copied as a key, never as a prototype', () => {
    const hostile = JSON.parse('{"role":"user","content":"x","__proto__":{"polluted":true}}')
    const [copy] = new ConversationCopies([hostile]).conversation(undefined, null)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.hasOwn(copy as object, '__proto__')).toBe(true)
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
  })
})

describe('the conversation user code gets on each turn', () => {
  const loop = (turns: number) =>
    new Scenario('loop')
      .addNode('ask', {
        question: {
          question: (_state, context) => `Which drug? (${context.conversation.length} so far)`,
        },
      })
      .addEdge('ask', 'ask', { when: { turn: { lt: turns - 1 } } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()

  test('an agent gets a plain array it can clone; each turn’s stays as a spy kept it', async () => {
    const seen: ChatMessage[][] = []
    const cloned: unknown[] = []
    const result = await runScenario(loop(3), {
      model: async (conversation) => {
        expectPlainArray(conversation, JSON.parse(JSON.stringify(conversation)))
        cloned.push(structuredClone(conversation))
        seen.push(conversation)
        return `answer ${seen.length}`
      },
      systemPrompt: 'Be brief.',
    })
    expect(result.status).toBe('completed')
    expect(seen.map((c) => c.length)).toEqual([2, 4, 6])
    expect(seen[1]).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Which drug? (0 so far)' },
      { role: 'assistant', content: 'answer 1' },
      { role: 'user', content: 'Which drug? (2 so far)' },
    ])
    expect(cloned[2]).toEqual(seen[2])
  })

  test('an agent that changes its conversation changes nothing of the run', async () => {
    const agent: AgentFunction = async (conversation) => {
      // Ordinary agent code that edits messages (a cache marker, a rewrite): it must not throw.
      for (const message of conversation) (message as { content: unknown }).content = 'edited'
      conversation.push({ role: 'assistant', content: 'scratch' })
      conversation[0] = { role: 'user', content: 'rewritten' }
      return 'answer'
    }
    const result = await runScenario(loop(3), { model: agent })
    expect(result.status).toBe('completed')
    expect(result.history.map((t) => t.questionText)).toEqual([
      'Which drug? (0 so far)',
      'Which drug? (2 so far)',
      'Which drug? (4 so far)',
    ])
    expect(result.history.flatMap((t) => t.messages.map((m) => m.content))).toEqual([
      'answer',
      'answer',
      'answer',
    ])
  })

  test('a question function gets a plain array; changing it changes nothing', async () => {
    const definition = new Scenario('q')
      .addNode('ask', {
        question: {
          question: (_state, context) => {
            expectPlainArray(context.conversation, JSON.parse(JSON.stringify(context.conversation)))
            expect(context.conversation).toBe(context.conversation)
            const first = context.conversation[0]
            if (first !== undefined) (first as { content: unknown }).content = 'changed'
            context.conversation.length = 0
            return 'Which drug?'
          },
        },
      })
      .addEdge('ask', 'ask', { when: { turn: { lt: 1 } } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const spy = scriptedModel(['one', 'two'])
    const result = await runScenario(definition, { model: spy })
    expect(result.status).toBe('completed')
    const calls = spy.calls as unknown as [ChatMessage[]][]
    expect(calls[1]?.[0]).toEqual([
      { role: 'user', content: 'Which drug?' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'Which drug?' },
    ])
    expectPlainArray(calls[1]?.[0], calls[1]?.[0] ?? [])
  })
})
