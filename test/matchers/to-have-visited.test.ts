import { describe, expect, test } from 'vitest'
import { failure, kept, limited, lines, setOf, transcript } from './support.js'

describe('toHaveVisited', () => {
  test('passes when the node was visited, or visited exactly `times` times', async () => {
    const result = await limited()
    expect(result).toHaveVisited('retry')
    expect(result).toHaveVisited('retry', 2)
    expect(result).toHaveVisited('ask', 1)
  })

  test('fails with the visit count, the node’s turns and a diff of the counts', async () => {
    const result = await limited()
    const { message, diff } = failure(() => expect(result).toHaveVisited('retry', 1))
    expect(message).toBe(
      lines(
        "expect(result).toHaveVisited('retry', 1)",
        '',
        "Node 'retry' was visited 2 times; path: ask → retry → retry.",
        ...transcript.limited.slice(1),
      ),
    )
    expect(diff).toContain('- 1')
    expect(diff).toContain('+ 2')
  })

  test('a node never visited shows the whole transcript, and no diff without `times`', async () => {
    const result = await kept()
    const { message, diff } = failure(() => expect(result).toHaveVisited('retry'))
    expect(message).toBe(
      lines(
        "expect(result).toHaveVisited('retry')",
        '',
        "Node 'retry' was never visited; path: ask → challenge.",
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('.not passes when the node was not visited (that many times)', async () => {
    expect(await kept()).not.toHaveVisited('retry')
    expect(await limited()).not.toHaveVisited('retry', 3)
    expect(await limited()).toHaveVisited('challenge', 0)
  })

  test('.not fails with the node’s turns and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() => expect(result).not.toHaveVisited('challenge'))
    expect(message).toBe(
      lines(
        "expect(result).not.toHaveVisited('challenge')",
        '',
        "Node 'challenge' was visited 1 time; path: ask → challenge.",
        transcript.kept[1] as string,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set, every sample must have visited the node', async () => {
    const set = setOf([await kept(), await limited()])
    expect(set).toHaveVisited('ask', 1)
    const { message } = failure(() => expect(set).toHaveVisited('challenge'))
    expect(message).toContain("sample 1: Node 'challenge' was never visited")
  })

  test('invalid arguments are errors', async () => {
    const result = await kept()
    expect(() => expect(result).toHaveVisited('ask', -1)).toThrow(
      'toHaveVisited() takes a whole number of visits, got -1',
    )
    // @ts-expect-error a node id is a string
    expect(() => expect(result).toHaveVisited(1)).toThrow('toHaveVisited() takes a node id, got 1')
  })
})
