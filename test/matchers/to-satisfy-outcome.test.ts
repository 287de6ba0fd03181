import { describe, expect, test } from 'vitest'
import {
  allOf,
  anyOf,
  countTurns,
  crossTurn,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  statusIs,
  turnCountEq,
} from '../../src/outcomes/index.js'
import { failure, flipped, kept, lines, setOf, transcript } from './support.js'

const kept_answer = allOf(statusIs('completed'), lastTurn({ verifyResult: true }))

describe('toSatisfyOutcome', () => {
  test('passes when the outcome check holds', async () => {
    const result = await kept()
    expect(result).toSatisfyOutcome(kept_answer)
    expect(result).toSatisfyOutcome(turnCountEq(2))
  })

  test('fails with the check tree marked, every turn and a diff of the failed parts', async () => {
    const result = await flipped()
    const { message, diff, expected } = failure(() => expect(result).toSatisfyOutcome(kept_answer))
    expect(message).toBe(
      lines(
        'expect(result).toSatisfyOutcome(check)',
        '',
        '✗ allOf',
        "  ✓ result: status = 'completed'",
        '  ✗ lastTurn: verifyResult = true',
        ...transcript.flipped,
      ),
    )
    expect(expected).toEqual({ '#1 challenge': { verifyResult: true } })
    expect(diff).toContain('+     "verifyResult": false,')
  })

  test('a failed result check and a failed cross-turn equality show in the diff', async () => {
    const result = await flipped()
    const same = crossTurn({
      source: firstTurnScope(),
      sourceField: 'parsed.drug',
      target: lastTurnScope(),
      targetField: 'parsed.drug',
      comparison: 'eq',
      normalize: ['lowercase'],
    })
    const { message, expected, actual } = failure(() =>
      expect(result).toSatisfyOutcome(anyOf(turnCountEq(3), same)),
    )
    expect(message).toBe(
      lines(
        'expect(result).toSatisfyOutcome(check)',
        '',
        '✗ anyOf',
        '  ✗ result: turnCount = 3',
        '  ✗ crossTurn: lastTurn parsed.drug eq firstTurn parsed.drug (normalized: lowercase)',
        ...transcript.flipped,
      ),
    )
    expect(expected).toEqual({
      result: { turnCount: 3 },
      '#1 challenge': { 'parsed.drug': 'Venetoclax' },
    })
    expect(actual).toEqual({
      result: { turnCount: 2 },
      '#1 challenge': { 'parsed.drug': 'navitoclax' },
    })
  })

  test('.not passes when the check does not hold', async () => {
    expect(await flipped()).not.toSatisfyOutcome(kept_answer)
  })

  test('.not fails with the check tree marked as holding and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() => expect(result).not.toSatisfyOutcome(kept_answer))
    expect(message).toBe(
      lines(
        'expect(result).not.toSatisfyOutcome(check)',
        '',
        '✓ allOf',
        "  ✓ result: status = 'completed'",
        '  ✓ lastTurn: verifyResult = true',
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set, the check must hold in every sample', async () => {
    expect(setOf([await kept(), await kept()])).toSatisfyOutcome(kept_answer)
    expect(setOf([await flipped(), await flipped()])).not.toSatisfyOutcome(kept_answer)
  })

  test('an aggregation is an error: it yields a number', async () => {
    const result = await kept()
    // @ts-expect-error an aggregation
    expect(() => expect(result).toSatisfyOutcome(countTurns({ verifyResult: true }))).toThrow(
      'Compare its value instead: expect(evaluateOutcome(check, result)).toBe(2).',
    )
  })
})
