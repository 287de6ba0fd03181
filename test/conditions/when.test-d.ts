import { describe, expectTypeOf, test } from 'vitest'
import {
  type StateCheck,
  stateCheck,
  type When,
  type WhenFunction,
  type WhenObject,
} from '../../src/conditions/index.js'
import { exactMatch, regexMatch } from '../../src/primitives/index.js'
import type { ScenarioStateView } from '../../src/state/types.js'

/** Stands in for `addEdge(source, target, { when })`. */
declare function addEdge(source: string, target: string, options?: { when?: When }): void

describe('accepted when shapes', () => {
  test('absent, undefined and null', () => {
    addEdge('ask', 'end')
    addEdge('ask', 'end', {})
    addEdge('ask', 'end', { when: undefined })
    addEdge('ask', 'end', { when: null })
  })

  test('when-objects: scalars, null, arrays and operator objects', () => {
    addEdge('ask', 'retry', { when: { verifyResult: false } })
    addEdge('ask', 'retry', { when: { 'parsed.confidence': 'low', 'nodeVisits.ask': 2 } })
    addEdge('ask', 'retry', { when: { 'parsed.note': null, 'parsed.other': undefined } })
    addEdge('ask', 'retry', { when: { 'parsed.tags': ['a', 1, true, null] } })
    addEdge('ask', 'retry', { when: { 'parsed.score': { gt: 1, lte: 5 } } })
    addEdge('ask', 'retry', {
      when: {
        'parsed.x': {
          eq: { mg: 50, tags: ['a'] },
          neq: null,
          in: ['a', 1, null, [1]],
          matches: '^a',
        },
        'parsed.y': { gte: 0, lt: 1 },
      },
    })
  })

  test('lists of checks, stateCheck and functions', () => {
    addEdge('ask', 'retry', { when: [] })
    addEdge('ask', 'retry', { when: [{ verifyResult: false }, { 'parsed.score': { gte: 3 } }] })
    addEdge('ask', 'retry', { when: stateCheck('parsed.answer', regexMatch('^no')) })
    addEdge('ask', 'retry', { when: [stateCheck('turn', exactMatch(), 2), (s) => s.turn > 1] })
    addEdge('ask', 'retry', { when: (state) => state.nodeVisits.ask === 2 })
    addEdge('ask', 'retry', { when: (state) => state.history.length })
  })

  test('a function gets the read-only state view', () => {
    addEdge('ask', 'retry', {
      when: (state) => {
        expectTypeOf(state).toEqualTypeOf<ScenarioStateView>()
        // @ts-expect-error -- the view is read-only
        state.turn = 3
        // @ts-expect-error -- deeply read-only
        state.history.push(state.history[0] as never)
        return true
      },
    })
  })

  test('the parts are exported', () => {
    expectTypeOf(stateCheck('turn', exactMatch())).toEqualTypeOf<StateCheck>()
    expectTypeOf<WhenFunction>().toEqualTypeOf<(state: ScenarioStateView) => unknown>()
    expectTypeOf<{ verifyResult: false }>().toExtend<WhenObject>()
  })
})

describe('rejected when shapes', () => {
  test('numbers and strings are not conditions', () => {
    // @ts-expect-error -- a number is not a condition
    addEdge('ask', 'retry', { when: 1 })
    // @ts-expect-error -- a string is never evaluated as code
    addEdge('ask', 'retry', { when: 'state.verifyResult === false' })
    // @ts-expect-error -- nor is a boolean
    addEdge('ask', 'retry', { when: true })
    expectTypeOf<number>().not.toExtend<When>()
    expectTypeOf<string>().not.toExtend<When>()
    expectTypeOf<boolean>().not.toExtend<When>()
  })

  test('non-JSON values and unknown operators in a when-object', () => {
    // @ts-expect-error -- a Date is not JSON data
    addEdge('ask', 'retry', { when: { 'parsed.day': new Date() } })
    // @ts-expect-error -- a RegExp: write { matches: 'pattern' }
    addEdge('ask', 'retry', { when: { 'parsed.answer': /no/ } })
    // @ts-expect-error -- unknown operator
    addEdge('ask', 'retry', { when: { 'parsed.score': { ge: 3 } } })
    // @ts-expect-error -- gte takes a number
    addEdge('ask', 'retry', { when: { 'parsed.score': { gte: '3' } } })
    // @ts-expect-error -- in takes an array
    addEdge('ask', 'retry', { when: { 'parsed.level': { in: 'low' } } })
    // @ts-expect-error -- matches takes a pattern string
    addEdge('ask', 'retry', { when: { 'parsed.answer': { matches: /no/ } } })
  })

  test('lists hold checks, not scalars or nested lists', () => {
    // @ts-expect-error -- a number in a list
    addEdge('ask', 'retry', { when: [{ verifyResult: true }, 1] })
    // @ts-expect-error -- a nested list
    addEdge('ask', 'retry', { when: [[{ verifyResult: true }]] })
  })
})
