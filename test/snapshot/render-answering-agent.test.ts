import { describe, expect, test } from 'vitest'
import { renderConversation } from '../../src/snapshot/index.js'
import { makeResult } from '../outcomes/make-result.js'

// The conversation snapshot names the agent that answered when the answering side names it
// (`TurnRecord.agent`, e.g. after a handoff); other turns render as they always did.

describe('the answering agent in the conversation snapshot', () => {
  test('labels the answers of turns that name their agent', () => {
    const result = makeResult([
      {
        nodeId: 'ask',
        questionText: 'I was charged twice.',
        rawResponse: 'Let me transfer you.',
        agent: 'triage',
      },
      {
        nodeId: 'refund',
        questionText: 'Thanks.',
        rawResponse: 'Refunded.\nAnything else?',
        agent: 'billing',
        toolCalls: [{ id: 'c1', name: 'refund', arguments: { order: 42 }, result: 'ok' }],
      },
      { nodeId: 'bye', questionText: 'No.', rawResponse: 'Goodbye.' },
    ])
    expect(renderConversation(result)).toMatchInlineSnapshot(`
      "scenario: demo · completed · 3 turns
      path: ask → refund → bye

      #0 ask
        user: I was charged twice.
        assistant (triage): Let me transfer you.

      #1 refund
        user: Thanks.
        tool refund({"order":42})
        → "ok"
        assistant (billing): Refunded.
                             Anything else?

      #2 bye
        user: No.
        assistant: Goodbye."
    `)
  })

  test('a name with a line break stays on the label’s line', () => {
    const result = makeResult([{ nodeId: 'ask', rawResponse: 'Hi.', agent: 'billing\nteam' }])
    expect(renderConversation(result)).toContain('  assistant (billing team): Hi.')
  })

  test('a result whose turn has an agent that is not a string is refused, naming the path', () => {
    const result = makeResult([{ nodeId: 'ask' }])
    Object.assign(result.history[0] ?? {}, { agent: 3 })
    expect(() => renderConversation(result)).toThrow(
      "renderConversation(result) needs a scenario result: `history.0.agent` is 3, not a string (the answering agent's name)",
    )
  })
})
