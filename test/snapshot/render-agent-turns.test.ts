import { describe, expect, test } from 'vitest'
import { withSecretSettings } from '../../src/secrets/index.js'
import { createConversationSerializer, renderConversation } from '../../src/snapshot/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { makeResult } from '../outcomes/make-result.js'

// Hand-made results with what agent tests add: each shown only where a run has it.
function agentResult(): ScenarioExecutionResult {
  const result = makeResult([
    { nodeId: 'greet', rawResponse: 'Hello! How can I help?' },
    {
      nodeId: 'customer',
      questionText: 'My order 42 is late.',
      user: { goalReached: false },
      toolCalls: [
        { id: 'c1', name: 'lookup_order', arguments: { id: 42 }, result: { status: 'late' } },
        { id: 'c2', name: 'refund', arguments: { id: 42 }, error: 'refunds are closed' },
      ],
      rawResponse: 'It ships tomorrow.',
    },
    {
      nodeId: 'customer',
      questionText: 'Thanks, that is all.',
      user: { goalReached: true },
      rawResponse: 'Goodbye.',
      scripted: true,
    },
  ])
  // The agent opens the conversation: no user message this turn (`question: null`). Assigned,
  // so the fixture reads the same before and after `questionText` admits `null` in its type.
  Object.assign(result.history[0] ?? {}, { questionText: null })
  result.seed = [
    { role: 'system', content: 'You are a support agent.' },
    { role: 'user', content: 'Hi' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 's1', type: 'function', function: { name: 'whoami', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 's1', content: '{"user":"ada"}' },
    { role: 'assistant', content: 'Hi Ada.' },
  ]
  result.outcomeResults = { resolved: false, polite: true, refunded: false, score: 2 }
  result.outcomeReasons = { refunded: 'no refund call succeeded' }
  result.outcomeErrors = {}
  result.judgements = {
    resolved: {
      verdict: 'fail',
      criteria: [
        { criterion: 'greets the user', verdict: 'met', reasoning: 'It says hello.' },
        {
          criterion: 'resolves the issue',
          verdict: 'unmet',
          reasoning: 'The refund failed.\nNothing else was offered.',
        },
        { criterion: 'offers a voucher', verdict: 'inconclusive', reasoning: 'Not discussed.' },
      ],
    },
  }
  return result
}

describe('renderConversation() for agent tests', () => {
  test('shows the seed, simulated-user turns, scripted answers, a turn with no user message, tool calls and judgements', () => {
    expect(renderConversation(agentResult())).toMatchInlineSnapshot(`
      "scenario: demo · completed · 3 turns
      path: greet → customer → customer

      seed:
        system: You are a support agent.
        user: Hi
        tool whoami({})
        → {"user":"ada"}
        assistant: Hi Ada.

      #0 greet
        assistant: Hello! How can I help?

      #1 customer
        user (simulated): My order 42 is late.
        tool lookup_order({"id":42})
        → {"status":"late"}
        tool refund({"id":42})
        ✗ refunds are closed
        assistant: It ships tomorrow.

      #2 customer
        user (simulated, goal reached): Thanks, that is all.
        assistant (scripted): Goodbye.

      outcomes:
        ✗ resolved
          ✓ greets the user
          ✗ resolves the issue: The refund failed.
                                Nothing else was offered.
          ? offers a voucher: Not discussed.
        ✓ polite
        ✗ refunded — no refund call succeeded
        score = 2"
    `)
  })

  test('an outcome error is shown as an error, not a verdict, and a spent budget in the header', () => {
    const result = makeResult([{ nodeId: 'ask' }], { status: 'limit_reached' })
    result.stopReason = 'budget'
    result.outcomeResults = { judged: false }
    result.outcomeErrors = {
      judged: { category: 'rate_limit', message: '429 Too Many Requests' },
    }
    expect(renderConversation(result)).toMatchInlineSnapshot(`
      "scenario: demo · limit_reached (budget) · 1 turn
      path: ask

      #0 ask
        user: Question at ask?
        assistant: An answer.

      outcomes:
        ⚠ judged — error (rate_limit): 429 Too Many Requests"
    `)
  })

  test('a stop reason the status implies adds nothing: a run without agent features renders as before', () => {
    const terminal = makeResult([{ nodeId: 'ask' }])
    terminal.stopReason = 'terminal'
    const limited = makeResult([{ nodeId: 'ask' }], { status: 'limit_reached' })
    const plain = [
      'scenario: demo · completed · 1 turn',
      'path: ask',
      '',
      '#0 ask',
      '  user: Question at ask?',
      '  assistant: An answer.',
    ].join('\n')
    expect(renderConversation(terminal)).toBe(plain)
    expect(renderConversation(makeResult([{ nodeId: 'ask' }]))).toBe(plain)
    expect(renderConversation(limited).split('\n')[0]).toBe(
      'scenario: demo · limit_reached · 1 turn',
    )
  })

  test('a secret in a judge reasoning or a seeded message stops the snapshot, naming the path', () => {
    const key = `sk-${'a1B2c3D4'.repeat(4)}`
    const judged = agentResult()
    const criterion = judged.judgements.resolved?.criteria[1]
    if (criterion !== undefined) criterion.reasoning = `The agent leaked ${key}.`
    const serializer = createConversationSerializer()
    expect(() => serializer.serialize(judged)).toThrow(
      /judgements\.resolved\.criteria\.1\.reasoning/,
    )
    const seeded = agentResult()
    seeded.seed = [{ role: 'user', content: `my key is ${key}` }]
    expect(() => serializer.serialize(seeded)).toThrow(/seed\.0\.content/)
  })

  test('the redact hook rewrites a judge reasoning before it is shown', () => {
    const text = withSecretSettings(
      () => ({
        redact: (value, path) =>
          path === 'snapshot.judgements.resolved.criteria.1.reasoning' ? '[redacted]' : value,
      }),
      () => createConversationSerializer().serialize(agentResult()),
    )
    expect(text).toContain('✗ resolves the issue: [redacted]')
  })

  test('a damaged seed or judgement fails at the entry with its path, never inside the renderer', () => {
    const seeded = agentResult()
    Object.assign(seeded.seed[1] ?? {}, { content: 42 })
    expect(() => renderConversation(seeded)).toThrow(
      '[vitest-scenario] renderConversation(result) needs a scenario result: `seed.1.content` is 42, not a string',
    )
    const judged = agentResult()
    Object.assign(judged.judgements.resolved ?? {}, { criteria: [{ criterion: 'x' }] })
    expect(() => renderConversation(judged)).toThrow(
      /`judgements\.resolved\.criteria\.0` is an object/,
    )
    const voted = agentResult()
    Object.assign(voted.judgements.resolved?.criteria[0] ?? {}, {
      votes: [
        { verdict: 'met', reasoning: 'ok' },
        { verdict: 'maybe', reasoning: 'hm' },
      ],
    })
    expect(() => renderConversation(voted)).toThrow(
      /`judgements\.resolved\.criteria\.0\.votes\.1` is an object, not a vote \{ verdict: 'met' \| 'unmet' \| 'inconclusive', reasoning \}/,
    )
    Object.assign(voted.judgements.resolved?.criteria[0] ?? {}, { votes: 'met' })
    expect(() => renderConversation(voted)).toThrow(
      /`judgements\.resolved\.criteria\.0\.votes` is 'met', not an array of votes/,
    )
    Object.assign(voted.judgements.resolved?.criteria[0] ?? {}, {
      votes: [{ verdict: 'met', reasoning: 'ok' }],
    })
    expect(() => renderConversation(voted)).not.toThrow()
    const failed = agentResult()
    Object.assign(failed, { outcomeErrors: { polite: 'rate limited' } })
    expect(() => renderConversation(failed)).toThrow(
      /`outcomeErrors\.polite` is .rate limited., not an object/,
    )
  })
})
