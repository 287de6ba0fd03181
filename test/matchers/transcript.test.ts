import { describe, expect, test } from 'vitest'
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
})
