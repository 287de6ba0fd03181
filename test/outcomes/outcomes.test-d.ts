import { describe, expectTypeOf, test } from 'vitest'
import {
  type Aggregation,
  type AllOf,
  allOf,
  anyOf,
  atLeastN,
  type BooleanCheck,
  countTurns,
  crossTurn,
  evaluateOutcome,
  firstMatchIndex,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  type OutcomeCheck,
  resultCheck,
  statusIs,
  type ToolCallPattern,
  type ToolTrajectory,
  type TurnCheck,
  toolTrajectory,
  turnAt,
} from '../../src/outcomes/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'

declare const result: ScenarioExecutionResult
declare const anyCheck: OutcomeCheck

describe('aggregations do not compose', () => {
  test('allOf / anyOf / atLeastN reject an aggregation at compile time', () => {
    // @ts-expect-error -- CountTurns is an aggregation
    allOf(statusIs('completed'), countTurns())
    // @ts-expect-error -- FirstMatchIndex is an aggregation
    anyOf(firstMatchIndex({ node: 'ask' }))
    // @ts-expect-error -- CountTurns is an aggregation
    atLeastN(1, countTurns({ verifyResult: true }))
    const aggregation: Aggregation = countTurns()
    // @ts-expect-error -- any aggregation, however typed
    allOf(aggregation)
    expectTypeOf(allOf).parameters.toEqualTypeOf<BooleanCheck[]>()
    expectTypeOf(countTurns()).not.toExtend<BooleanCheck>()
    expectTypeOf(firstMatchIndex()).not.toExtend<BooleanCheck>()
  })

  test('nor does a scope, which is not a check', () => {
    // @ts-expect-error -- a bare scope is not a check
    allOf(turnAt(0))
    // @ts-expect-error -- a bare scope is not a check
    anyOf(lastTurnScope())
    expectTypeOf(turnAt(0)).not.toExtend<OutcomeCheck>()
  })

  test('boolean checks compose, nested too', () => {
    expectTypeOf(
      allOf(lastTurn({ verifyResult: true }), anyOf(), atLeastN(0)),
    ).toEqualTypeOf<AllOf>()
  })
})

describe('evaluateOutcome', () => {
  test('a boolean check gives a boolean, an aggregation a number', () => {
    expectTypeOf(evaluateOutcome(statusIs('completed'), result)).toEqualTypeOf<boolean>()
    expectTypeOf(evaluateOutcome(countTurns(), result)).toEqualTypeOf<number>()
    expectTypeOf(evaluateOutcome(anyCheck, result)).toEqualTypeOf<boolean | number>()
  })
})

describe('toolTrajectory', () => {
  test('entries are calls or explicit steps; parallel and any single-turn scope are options', () => {
    expectTypeOf(
      toolTrajectory(['search', ['get_weather', { name: 'get_weather', args: { city: /SF/ } }]], {
        parallel: 'ordered',
        scope: turnAt(2),
      }),
    ).toEqualTypeOf<ToolTrajectory>()
    toolTrajectory(['a'], { parallel: 'unordered', scope: lastTurnScope() })
    // @ts-expect-error -- parallel is 'unordered' or 'ordered'
    toolTrajectory(['a'], { parallel: true })
    // @ts-expect-error -- a step holds calls, one level deep
    toolTrajectory([['a', ['b']]])
    expectTypeOf<ToolTrajectory['expected'][number]>().toEqualTypeOf<
      ToolCallPattern | ToolCallPattern[]
    >()
  })
})

describe('sugar and constructor arguments', () => {
  test('an operator object holds exactly one of eq gt gte lt lte matches', () => {
    lastTurn({ 'parsed.score': { gte: 3 }, 'parsed.drug': { eq: { name: 'x' } } })
    lastTurn({ rawResponse: { matches: 'BCL2' }, verifyResult: null, 'parsed.tags': ['a'] })
    // @ts-expect-error -- neq needs an explicit verifyWith or anyOf
    lastTurn({ 'parsed.score': { neq: 3 } })
    // @ts-expect-error -- several operators
    lastTurn({ 'parsed.score': { gte: 1, lte: 5 } })
    // @ts-expect-error -- gt takes a number
    lastTurn({ 'parsed.score': { gt: '3' } })
    // @ts-expect-error -- a plain object is the operator form; compare objects with { eq }
    lastTurn({ 'parsed.drug': { name: 'x' } })
    expectTypeOf(lastTurn({ verifyResult: true })).toEqualTypeOf<TurnCheck | AllOf>()
  })

  test('statuses, result fields, comparisons and filter keys are checked', () => {
    // @ts-expect-error -- not a status
    statusIs('complete')
    // @ts-expect-error -- not a result field
    resultCheck('history', 1)
    resultCheck('turn_count', 1)
    crossTurn({
      source: firstTurnScope(),
      sourceField: 'rawResponse',
      target: lastTurnScope(),
      targetField: 'rawResponse',
      // @ts-expect-error -- not a comparison
      comparison: 'like',
    })
    // @ts-expect-error -- the option is `node`
    countTurns({ nodeId: 'ask' })
  })
})
