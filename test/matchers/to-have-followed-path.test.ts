import { describe, expect, test } from 'vitest'
import { failure, kept, limited, lines, setOf, transcript } from './support.js'

describe('toHaveFollowedPath', () => {
  test('passes when the run visited exactly these nodes in this order', async () => {
    expect(await limited()).toHaveFollowedPath(['ask', 'retry', 'retry'])
  })

  test('fails with the path taken, the transcript and a diff of the paths', async () => {
    const result = await limited()
    const { message, diff } = failure(() => expect(result).toHaveFollowedPath(['ask', 'retry']))
    expect(message).toBe(
      lines(
        "expect(result).toHaveFollowedPath(['ask', 'retry'])",
        '',
        'The run reached the turn limit after 3 turns. Path: ask → retry → retry.',
        ...transcript.limited,
      ),
    )
    expect(diff).toContain('- Expected')
    expect(diff).toContain('+ Received')
    expect(diff).toContain('+   "retry",')
  })

  test('.not passes for another path (a prefix is another path)', async () => {
    expect(await limited()).not.toHaveFollowedPath(['ask', 'retry'])
    expect(await kept()).not.toHaveFollowedPath(['challenge', 'ask'])
  })

  test('.not fails with the transcript and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() =>
      expect(result).not.toHaveFollowedPath(['ask', 'challenge']),
    )
    expect(message).toBe(
      lines(
        "expect(result).not.toHaveFollowedPath(['ask', 'challenge'])",
        '',
        'The run completed after 2 turns. Path: ask → challenge.',
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set, every sample must follow the path', async () => {
    const set = setOf([await kept(), await limited()])
    const { message } = failure(() => expect(set).toHaveFollowedPath(['ask', 'challenge']))
    expect(message).toContain('1 of 2 samples do not match:\nsample 1: The run reached')
  })

  test('a path that is not a list of node ids is an error', async () => {
    const result = await kept()
    // @ts-expect-error a string, not a list
    expect(() => expect(result).toHaveFollowedPath('ask')).toThrow(
      "toHaveFollowedPath() takes a list of node ids, got 'ask'",
    )
  })
})
