// The conversation an agent gets is a snapshot of the transcript, not a copy (a copy per turn
// made a run's cost grow with the square of its length). It must still behave as the array of
// that turn's messages in every way an agent, a spy or an assertion uses it.
import { inspect } from 'node:util'
import { describe, expect, test } from 'vitest'
import { END, runScenario, Scenario } from '../../src/core.js'
import { conversationSnapshot } from '../../src/runner/conversation-snapshot.js'
import type { ChatMessage } from '../../src/state/types.js'

const transcript = (): ChatMessage[] => [
  { role: 'user', content: 'first question' },
  { role: 'assistant', content: 'first answer' },
]

describe('conversationSnapshot', () => {
  test('reads as the system prompt, the transcript so far, then the question', () => {
    const messages = transcript()
    const snapshot = conversationSnapshot('Be brief.', messages, 'second question')
    const expected = [
      { role: 'system', content: 'Be brief.' },
      ...messages,
      { role: 'user', content: 'second question' },
    ]
    expect(Array.isArray(snapshot)).toBe(true)
    expect(snapshot).toHaveLength(4)
    expect(snapshot[1]).toBe(messages[0])
    expect(snapshot.at(-1)).toEqual({ role: 'user', content: 'second question' })
    expect(snapshot[4]).toBeUndefined()
    expect([...snapshot]).toEqual(expected)
    expect(snapshot.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(expected)
    expect(snapshot).toStrictEqual(expected)
    expect(snapshot.slice(1).constructor).toBe(Array)
    expect(1 in snapshot).toBe(true)
    expect(4 in snapshot).toBe(false)
    expect(Object.keys(snapshot)).toEqual(['0', '1', '2', '3'])
  })

  test('without a system prompt or a question, it is the transcript alone', () => {
    const messages = transcript()
    expect([...conversationSnapshot(undefined, messages, null)]).toEqual(messages)
    expect(conversationSnapshot(undefined, [], null)).toHaveLength(0)
  })

  test('stays the turn’s conversation when the transcript grows after it', () => {
    const messages = transcript()
    const snapshot = conversationSnapshot(undefined, messages, 'next')
    messages.push({ role: 'user', content: 'pushed' }, { role: 'assistant', content: 'later' })
    expect(snapshot).toHaveLength(3)
    expect(snapshot[2]).toEqual({ role: 'user', content: 'next' })
    expect(snapshot[3]).toBeUndefined()
  })

  test('a write makes it the agent’s own copy: the transcript is never changed', () => {
    const messages = transcript()
    const snapshot = conversationSnapshot(undefined, messages, 'q')
    snapshot.push({ role: 'assistant', content: 'mine' })
    snapshot[0] = { role: 'user', content: 'rewritten' }
    expect(snapshot).toHaveLength(4)
    expect(snapshot[0]).toEqual({ role: 'user', content: 'rewritten' })
    expect(messages).toEqual(transcript())
    snapshot.splice(0, 2)
    expect(snapshot.map((m) => m.content)).toEqual(['q', 'mine'])
    expect(messages).toHaveLength(2)
  })

  test('freezing, sorting in place and deleting work on the copy', () => {
    const messages = transcript()
    const frozen = Object.freeze(conversationSnapshot(undefined, messages, null))
    expect(Object.isFrozen(frozen)).toBe(true)
    expect(Object.isFrozen(messages)).toBe(false)
    const sorted = conversationSnapshot(undefined, messages, null).sort((a, b) =>
      a.role.localeCompare(b.role),
    )
    expect(sorted.map((m) => m.role)).toEqual(['assistant', 'user'])
    expect(messages[0]?.role).toBe('user')
  })

  test('prints as its messages (console.log, util.inspect), before and after a write', () => {
    const snapshot = conversationSnapshot('sys', transcript(), 'q')
    const printed = inspect(snapshot)
    expect(printed).toContain("role: 'system'")
    expect(printed).toContain("content: 'first answer'")
    expect(printed).toContain("content: 'q'")
    snapshot.pop()
    expect(inspect(snapshot)).not.toContain("content: 'q'")
  })
})

describe('the conversation an agent gets on each turn', () => {
  const loop = (turns: number) =>
    new Scenario('loop')
      .addNode('ask', { question: 'Which drug?' })
      .addEdge('ask', 'ask', { when: { turn: { lt: turns - 1 } } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()

  test('each turn’s conversation stays as it was when a spy kept it', async () => {
    const seen: ChatMessage[][] = []
    const result = await runScenario(loop(3), {
      model: async (conversation) => {
        seen.push(conversation)
        return `answer ${seen.length}`
      },
      systemPrompt: 'Be brief.',
    })
    expect(result.status).toBe('completed')
    expect(seen.map((c) => c.length)).toEqual([2, 4, 6])
    expect(seen[1]).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Which drug?' },
      { role: 'assistant', content: 'answer 1' },
      { role: 'user', content: 'Which drug?' },
    ])
  })

  test('an agent that pushes into its conversation does not change the next turn’s', async () => {
    const lengths: number[] = []
    const result = await runScenario(loop(3), {
      model: async (conversation) => {
        lengths.push(conversation.length)
        conversation.push({ role: 'assistant', content: 'scratch' })
        conversation.push({ role: 'tool', content: 'scratch', tool_call_id: 'x' } as ChatMessage)
        return 'answer'
      },
    })
    expect(result.status).toBe('completed')
    expect(lengths).toEqual([1, 3, 5])
    expect(result.history.flatMap((t) => t.messages.map((m) => m.content))).toEqual([
      'answer',
      'answer',
      'answer',
    ])
  })
})
