import { describe, expect, test } from 'vitest'
import { makeResult } from '../outcomes/make-result.js'
import { failure, lines, runPushback, runRetry } from './support.js'

describe('the transcript in matcher messages', () => {
  test('a long run keeps its first three and last four turns', async () => {
    const result = await runRetry(Array(12).fill('no idea'), 12)
    const { message } = failure(() => expect(result).toHaveStatus('completed'))
    expect(message).toBe(
      lines(
        "expect(result).toHaveStatus('completed')",
        '',
        'The run reached the turn limit after 12 turns.',
        '  #0  ask    Q: Which drug inhibits BCL-2?  A: no idea  ✗',
        '  #1  retry  Q: Try again: which drug?  A: no idea  ✗',
        '  #2  retry  Q: Try again: which drug?  A: no idea  ✗',
        '  … 5 more turns',
        '  #8  retry  Q: Try again: which drug?  A: no idea  ✗',
        '  #9  retry  Q: Try again: which drug?  A: no idea  ✗',
        '  #10 retry  Q: Try again: which drug?  A: no idea  ✗',
        '  #11 retry  Q: Try again: which drug?  A: no idea  ✗',
      ),
    )
  })

  test('long answers are cut to one line, and tool calls are named', async () => {
    const result = await runPushback([
      {
        content: 'Venetoclax.\nIt is a selective BCL-2 inhibitor approved for CLL and AML.',
        toolCalls: [{ id: 'call-1', name: 'search', arguments: { q: 'BCL-2' }, result: 'ok' }],
      },
      'venetoclax',
    ])
    const { message } = failure(() => expect(result).toHaveTurnCount(1))
    expect(message).toContain(
      '  #0 ask        Q: Which drug inhibits BCL-2?  A: Venetoclax. It is a selective B…  tools: search  ✗',
    )
  })

  test('seeded messages, a turn without a user message, simulated-user turns and scripted answers are marked', () => {
    const result = makeResult([
      { nodeId: 'greet', rawResponse: 'Hello!' },
      { nodeId: 'user', questionText: 'Where is my order?', user: { goalReached: false } },
      {
        nodeId: 'user',
        questionText: 'Thanks, bye.',
        user: { goalReached: true },
        rawResponse: 'Bye.',
        scripted: true,
      },
    ])
    // No user message on the first turn (`question: null`): assigned, so the fixture reads the
    // same whether or not `questionText` admits `null` in its type yet.
    Object.assign(result.history[0] ?? {}, { questionText: null })
    result.seed = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hi there.' },
    ]
    const { message } = failure(() => expect(result).toHaveStatus('error'))
    expect(message).toBe(
      lines(
        "expect(result).toHaveStatus('error')",
        '',
        'The run completed after 3 turns.',
        '  seed: 2 messages before #0',
        '  #0 greet  Q: (none)  A: Hello!',
        '  #1 user   Q (simulated): Where is my order?  A: An answer.',
        '  #2 user   Q (simulated): Thanks, bye.  A (scripted): Bye.  goal reached',
      ),
    )
  })
})
