import { describe, expect, test } from 'vitest'
import { failure, flipped, kept, lines, setOf, transcript } from './support.js'

describe('toHaveTurnCount', () => {
  test('passes when the run had that many turns', async () => {
    expect(await kept()).toHaveTurnCount(2)
  })

  test('fails with the transcript and a diff of the counts', async () => {
    const result = await flipped()
    const { message, diff } = failure(() => expect(result).toHaveTurnCount(3))
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCount(3)',
        '',
        'The run completed after 2 turns.',
        ...transcript.flipped,
      ),
    )
    expect(diff).toContain('- 3')
    expect(diff).toContain('+ 2')
  })

  test('.not passes for another count', async () => {
    expect(await kept()).not.toHaveTurnCount(3)
  })

  test('.not fails with the transcript and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() => expect(result).not.toHaveTurnCount(2))
    expect(message).toBe(
      lines(
        'expect(result).not.toHaveTurnCount(2)',
        '',
        'The run completed after 2 turns.',
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set, every sample must have the count', async () => {
    expect(setOf([await kept(), await flipped()])).toHaveTurnCount(2)
    expect(setOf([await kept(), await flipped()])).not.toHaveTurnCount(1)
  })

  test('a count that is not a whole number is an error', async () => {
    const result = await kept()
    expect(() => expect(result).toHaveTurnCount(1.5)).toThrow(
      'toHaveTurnCount() takes a whole number of turns, got 1.5',
    )
  })
})
