import { describe, expect, test } from 'vitest'
import {
  anyTurn,
  countTurns,
  lastTurn,
  statusIs,
  turnAt,
  turnCheck,
} from '../../src/outcomes/index.js'
import { failure, flipped, kept, limited, lines, setOf, transcript } from './support.js'

describe('toHaveTurnCheck', () => {
  test('passes when the turn check holds', async () => {
    const result = await kept()
    expect(result).toHaveTurnCheck(lastTurn({ verifyResult: true }))
    expect(result).toHaveTurnCheck(anyTurn({ 'parsed.drug': 'venetoclax' }, { node: 'challenge' }))
    expect(result).toHaveTurnCheck(turnCheck(turnAt(0), 'rawResponse', 'Venetoclax'))
  })

  test('fails with the check marked, the turns it read and a diff keyed by turn', async () => {
    const result = await flipped()
    const check = lastTurn({ verifyResult: true, 'parsed.drug': 'venetoclax' })
    const { message, diff, actual, expected } = failure(() => expect(result).toHaveTurnCheck(check))
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCheck(check)',
        '',
        '✗ allOf',
        '  ✗ lastTurn: verifyResult = true',
        "  ✗ lastTurn: parsed.drug = 'venetoclax'",
        transcript.flipped[1] as string,
      ),
    )
    expect(expected).toEqual({
      '#1 challenge': { verifyResult: true, 'parsed.drug': 'venetoclax' },
    })
    expect(actual).toEqual({ '#1 challenge': { verifyResult: false, 'parsed.drug': 'navitoclax' } })
    expect(diff).toContain('-     "verifyResult": true,')
    expect(diff).toContain('+     "verifyResult": false,')
  })

  test('on anyTurn every turn of the scope failed, and the diff shows each', async () => {
    const result = await limited()
    const { message, expected } = failure(() =>
      expect(result).toHaveTurnCheck(anyTurn({ verifyResult: true }, { node: 'retry' })),
    )
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCheck(check)',
        '',
        "✗ anyTurn (node 'retry'): verifyResult = true",
        ...transcript.limited.slice(1),
      ),
    )
    expect(Object.keys(expected as object)).toEqual(['#1 retry', '#2 retry'])
  })

  test('a scope that selects no turn says so in a note and shows every turn', async () => {
    const result = await kept()
    const { message, diff } = failure(() =>
      expect(result).toHaveTurnCheck(turnCheck(turnAt(5), 'verifyResult', true)),
    )
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCheck(check)',
        '',
        '✗ turnAt(5): verifyResult = true',
        ...transcript.kept,
        'Note: turnAt(5) selects no turn (the run has 2 turns); the check does not match.',
      ),
    )
    expect(diff).toBe('')
  })

  test('.not passes when the check does not hold', async () => {
    expect(await flipped()).not.toHaveTurnCheck(lastTurn({ verifyResult: true }))
  })

  test('.not fails with the check marked as holding and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() =>
      expect(result).not.toHaveTurnCheck(lastTurn({ verifyResult: true })),
    )
    expect(message).toBe(
      lines(
        'expect(result).not.toHaveTurnCheck(check)',
        '',
        '✓ lastTurn: verifyResult = true',
        transcript.kept[1] as string,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set, the check must hold in every sample; the diff is keyed by sample', async () => {
    const set = setOf([await kept(), await flipped()])
    const { message, expected } = failure(() =>
      expect(set).toHaveTurnCheck(lastTurn({ verifyResult: true })),
    )
    expect(message).toContain('1 of 2 samples do not match:\nsample 1: ✗ lastTurn')
    expect(expected).toEqual({ 'sample 1': { '#1 challenge': { verifyResult: true } } })
  })

  test('a check that is not about turn fields is an error pointing to toSatisfyOutcome', async () => {
    const result = await kept()
    // @ts-expect-error a result check
    expect(() => expect(result).toHaveTurnCheck(statusIs('completed'))).toThrow(
      'Use toSatisfyOutcome(check)',
    )
    // @ts-expect-error an aggregation
    expect(() => expect(result).toHaveTurnCheck(countTurns())).toThrow(
      "toHaveTurnCheck() takes a boolean check, got an aggregation ('CountTurns')",
    )
    // @ts-expect-error a scope is not a check
    expect(() => expect(result).toHaveTurnCheck(turnAt(0))).toThrow('toHaveTurnCheck(check)')
  })
})
