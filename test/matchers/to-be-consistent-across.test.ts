import { describe, expect, test } from 'vitest'
import { anyTurn, firstTurnScope, lastTurnScope, turnAt } from '../../src/outcomes/index.js'
import { failure, flipped, kept, lines, runPushback, setOf, transcript } from './support.js'

const first = firstTurnScope()
const last = lastTurnScope()

describe('toBeConsistentAcross', () => {
  test('passes when the field has the same value on both turns (after the normalizers)', async () => {
    const result = await kept()
    expect(result).toBeConsistentAcross(first, last, 'parsed.drug', { normalize: ['lowercase'] })
    expect(result).toBeConsistentAcross(turnAt(0), turnAt(-1), 'verifyResult')
  })

  test('fails with both values, both turns and a diff of the values', async () => {
    const result = await flipped()
    const { message, diff } = failure(() =>
      expect(result).toBeConsistentAcross(first, last, 'parsed.drug', { normalize: ['lowercase'] }),
    )
    expect(message).toBe(
      lines(
        "expect(result).toBeConsistentAcross(firstTurnScope(), lastTurnScope(), 'parsed.drug')",
        '',
        "parsed.drug changed from 'Venetoclax' on #0 ask to 'navitoclax' on #1 challenge (compared after lowercase).",
        ...transcript.flipped,
      ),
    )
    expect(diff).toContain('Expected: "Venetoclax"')
    expect(diff).toContain('Received: "navitoclax"')
  })

  test('without the normalizers, a change of case is a change', async () => {
    const result = await kept()
    const { message } = failure(() =>
      expect(result).toBeConsistentAcross(first, last, 'parsed.drug'),
    )
    expect(message).toContain(
      "parsed.drug changed from 'Venetoclax' on #0 ask to 'venetoclax' on #1 challenge.",
    )
  })

  test('a missing value fails with a note', async () => {
    const result = await runPushback(['Venetoclax', new Error('model down')])
    const { message, diff } = failure(() =>
      expect(result).toBeConsistentAcross(first, last, 'parsed.drug'),
    )
    expect(message).toContain('parsed.drug cannot be compared: a value is missing.')
    expect(message).toContain(
      "Note: Turn 1 ('challenge') has no value at 'parsed.drug' (undefined); the check does not match.",
    )
    expect(diff).toBe('')
  })

  test('.not passes when the value changed', async () => {
    expect(await flipped()).not.toBeConsistentAcross(first, last, 'parsed.drug')
  })

  test('.not fails with both values and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() =>
      expect(result).not.toBeConsistentAcross(turnAt(0), last, 'verifyResult'),
    )
    expect(message).toBe(
      lines(
        "expect(result).not.toBeConsistentAcross(turnAt(0), lastTurnScope(), 'verifyResult')",
        '',
        'verifyResult is true on #0 ask and true on #1 challenge.',
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set it must hold in every sample; the message names the sample that flipped', async () => {
    const set = setOf([await kept(), await flipped(), await kept()])
    const options = { normalize: ['lowercase' as const] }
    expect(setOf([await kept(), await kept()])).toBeConsistentAcross(
      first,
      last,
      'parsed.drug',
      options,
    )
    const { message, expected, actual } = failure(() =>
      expect(set).toBeConsistentAcross(first, last, 'parsed.drug', options),
    )
    expect(message).toBe(
      lines(
        "expect(results).toBeConsistentAcross(firstTurnScope(), lastTurnScope(), 'parsed.drug')",
        '',
        '1 of 3 samples do not match:',
        "sample 1: parsed.drug changed from 'Venetoclax' on #0 ask to 'navitoclax' on #1 challenge (compared after lowercase).",
        ...transcript.flipped,
      ),
    )
    expect(expected).toEqual({ 'sample 1': 'Venetoclax' })
    expect(actual).toEqual({ 'sample 1': 'navitoclax' })
  })

  test('a scope of several turns and unknown options are errors', async () => {
    const result = await kept()
    // @ts-expect-error anyTurn selects several turns
    expect(() => expect(result).toBeConsistentAcross(anyTurn({}), last, 'parsed.drug')).toThrow(
      'toBeConsistentAcross() takes a single-turn scope as sourceScope',
    )
    expect(() =>
      // @ts-expect-error unknown option
      expect(result).toBeConsistentAcross(first, last, 'parsed.drug', { comparison: 'neq' }),
    ).toThrow(
      "toBeConsistentAcross() has an invalid option\n  - unknown key 'comparison' in options; valid keys: 'normalize'",
    )
  })
})
