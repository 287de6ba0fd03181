import { describe, expect, expectTypeOf, test } from 'vitest'
import {
  allOf,
  anyTurn,
  countTurns,
  type JudgeCheck,
  judge,
  lastTurn,
  type ScenarioExecutionResult,
  type ScenarioResultSet,
  statusIs,
  turnAt,
} from 'vitest-scenario'
import { firstTurnScope, lastTurnScope } from 'vitest-scenario/core'
import { matchers } from 'vitest-scenario/matchers'

// Type-checked only, never run: the values need not exist.
declare const result: ScenarioExecutionResult
declare const results: ScenarioResultSet
declare const pending: Promise<ScenarioExecutionResult>

describe('the scenario matchers on expect()', () => {
  test('each returns void on a result, with .not and with expect.soft', () => {
    expectTypeOf(expect(result).toHaveStatus('completed')).toEqualTypeOf<void>()
    expectTypeOf(expect(result).not.toHaveStatus('error')).toEqualTypeOf<void>()
    expectTypeOf(expect.soft(result).toHaveTurnCount(2)).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toHaveFollowedPath(['ask', 'challenge'])).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toHaveVisited('retry')).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toHaveVisited('retry', 2)).toEqualTypeOf<void>()
    expectTypeOf(
      expect(result).toHaveTurnCheck(lastTurn({ verifyResult: true })),
    ).toEqualTypeOf<void>()
    expectTypeOf(
      expect(result).toHaveTurnCheck(anyTurn({ 'parsed.drug': 'venetoclax' }, { node: 'ask' })),
    ).toEqualTypeOf<void>()
    expectTypeOf(
      expect(result).toBeConsistentAcross(firstTurnScope(), turnAt(-1), 'parsed.drug', {
        normalize: ['lowercase', 'strip'],
      }),
    ).toEqualTypeOf<void>()
    expectTypeOf(
      expect(result).toSatisfyOutcome(
        allOf(statusIs('completed'), lastTurn({ verifyResult: true })),
      ),
    ).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toPassOutcomes()).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toPassOutcomes(['kept-answer'])).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toMatchConversationSnapshot()).toEqualTypeOf<void>()
    expectTypeOf(expect(results).toHavePassRate(0.8, { confidence: 0.9 })).toEqualTypeOf<void>()
  })

  test('toHaveToolTrajectory takes explicit steps, parallel and a turn', () => {
    expectTypeOf(
      expect(result).toHaveToolTrajectory(['search', ['get_weather', { name: 'get_weather' }]], {
        parallel: 'ordered',
        turn: -1,
      }),
    ).toEqualTypeOf<void>()
    expectTypeOf(
      expect(result).not.toHaveToolTrajectory(['a'], { mode: 'unordered', turn: 2 }),
    ).toEqualTypeOf<void>()
    // @ts-expect-error -- parallel is 'unordered' or 'ordered'
    expect(result).toHaveToolTrajectory(['a'], { parallel: 'any' })
    // @ts-expect-error -- turn is an index, not a scope
    expect(result).toHaveToolTrajectory(['a'], { turn: turnAt(2) })
    // @ts-expect-error -- a step holds calls, one level deep
    expect(result).toHaveToolTrajectory([['a', ['b']]])
  })

  test('after .resolves and in expect.poll they return a promise to await', () => {
    expectTypeOf(expect(pending).resolves.toHaveStatus('completed')).toEqualTypeOf<Promise<void>>()
    expectTypeOf(expect(pending).resolves.not.toHaveTurnCount(1)).toEqualTypeOf<Promise<void>>()
    expectTypeOf(expect.poll(() => result).toHaveStatus('completed')).toEqualTypeOf<Promise<void>>()
  })

  test('toSatisfyJudge is asynchronous: it returns a promise to await, with .not too', () => {
    expectTypeOf(expect(result).toSatisfyJudge(['Polite'])).toEqualTypeOf<Promise<void>>()
    expectTypeOf(
      expect(results).not.toSatisfyJudge(['Polite'], {
        model: { model: 'gpt-4.1-mini' },
        instructions: 'Be strict.',
        inconclusive: 'pass',
      }),
    ).toEqualTypeOf<Promise<void>>()
    // @ts-expect-error criteria are a list of strings
    void expect(result).toSatisfyJudge('Polite')
    // @ts-expect-error inconclusive is 'fail' or 'pass'
    void expect(result).toSatisfyJudge(['Polite'], { inconclusive: 'maybe' })
  })

  test('judge() is a boolean check node that composes', () => {
    expectTypeOf(judge(['Polite'])).toEqualTypeOf<JudgeCheck>()
    expectTypeOf(allOf(judge(['Polite']), statusIs('completed'))).toMatchTypeOf<object>()
    // @ts-expect-error criteria are a list of strings
    judge('Polite')
  })

  test('the built-in matchers keep their types', () => {
    expectTypeOf(expect(result).toEqual(result)).toEqualTypeOf<void>()
    expectTypeOf(expect(pending).resolves.toBe(result)).toEqualTypeOf<Promise<void>>()
  })

  test('arguments are checked', () => {
    // @ts-expect-error not a status
    expect(result).toHaveStatus('done')
    // @ts-expect-error a path is a list of node ids
    expect(result).toHaveFollowedPath('ask')
    // @ts-expect-error a result check is not a turn check
    expect(result).toHaveTurnCheck(statusIs('completed'))
    // @ts-expect-error an aggregation yields a number, not a verdict
    expect(result).toSatisfyOutcome(countTurns())
    // @ts-expect-error anyTurn selects several turns
    expect(result).toBeConsistentAcross(anyTurn({}), lastTurnScope(), 'parsed.drug')
    // @ts-expect-error unknown option
    expect(results).toHavePassRate(0.8, { level: 0.9 })
  })

  test('expect.extend takes the matchers object, checked against the declarations', () => {
    expect.extend(matchers)
    expect.extend({ toHaveStatus: matchers.toHaveStatus })
    // @ts-expect-error toHaveTurnCount is declared with a number of turns, not a status
    expect.extend({ toHaveTurnCount: matchers.toHaveStatus })
  })
})
