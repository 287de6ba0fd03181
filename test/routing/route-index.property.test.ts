// Wide fan-outs are routed with a look-up (src/routing/route-index.ts) instead of trying each
// edge: it must take the edge the ordinary rule takes (the first conditional edge that matches,
// else the first unconditional one) and leave the same diagnostics, for any mix of edges and any
// state value, tricky ones included (case and spacing, numeric strings, NaN, missing values).
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { compileWhen } from '../../src/conditions/compile-when.js'
import { evaluateCondition } from '../../src/conditions/evaluate-condition.js'
import { type RoutableEdge, takenEdgeIndex } from '../../src/routing/index.js'
import { MIN_INDEXED_EDGES } from '../../src/routing/route-index.js'
import type { Diagnostic, ScenarioStateView } from '../../src/state/types.js'
import { makeState } from '../state/state-fixture.js'

const TEXTS = ['refund', 'Refund', ' refund ', 'cancel', 'CANCEL', 'upgrade', '', 'réfund']
/** Bounds and values of when-objects (JSON: finite numbers only). */
const NUMBERS = [-1, 0, 0.5, 1, 2, 3, 10]

const text = fc.constantFrom(...TEXTS)
const number = fc.constantFrom(...NUMBERS)
const op = fc.constantFrom('gt', 'gte', 'lt', 'lte')

/** One edge's `when`: unconditional, looked up (text, range) or tried one by one. */
const when = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: text.map((t) => ({ 'parsed.intent': t })) },
  { weight: 2, arbitrary: text.map((t) => ({ 'parsed.topic': t })) },
  {
    weight: 4,
    arbitrary: fc.tuple(op, number).map(([o, n]) => ({ 'accumulated.score': { [o]: n } })),
  },
  { weight: 1, arbitrary: number.map((n) => ({ 'accumulated.score': n })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(text, number)
      .map(([t, n]) => ({ 'parsed.intent': t, 'accumulated.score': { gte: n } })),
  },
  { weight: 1, arbitrary: text.map((t) => ({ 'parsed.intent': { matches: t.trim() || 'x' } })) },
)

/** A state value as a run may hold it, odd ones included. */
const value = fc.oneof(
  text,
  number,
  fc.constantFrom(
    undefined,
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    '3',
    ' 2 ',
    'abc',
    true,
    ['refund'],
    { a: 1 },
  ),
)

/** The ordinary rule, one edge after the other. */
function oneByOne(
  edges: readonly RoutableEdge[],
  state: ScenarioStateView,
  diagnostics: Diagnostic[],
) {
  let fallback = -1
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i] as RoutableEdge
    const compiled = compileWhen(edge.when, 'test')
    if (compiled === null) {
      if (fallback < 0) fallback = i
      continue
    }
    if (
      evaluateCondition(compiled, state, {
        diagnostics,
        nodeId: edge.source,
        turn: state.turn,
        edge,
      })
    )
      return i
  }
  return fallback
}

describe('routing with the look-up', () => {
  test('takes the edge the ordinary rule takes, with the same diagnostics', () => {
    fc.assert(
      fc.property(
        fc.array(when, { minLength: MIN_INDEXED_EDGES, maxLength: 60 }),
        value,
        value,
        value,
        (whens, intent, topic, score) => {
          const edges = Object.freeze(
            whens.map((w, i) =>
              Object.freeze(
                w === undefined
                  ? { source: 'hub', target: `t${i}` }
                  : { source: 'hub', target: `t${i}`, when: w },
              ),
            ),
          )
          const state = makeState({
            parsed: { intent, topic },
            accumulated: { score },
          }) as unknown as ScenarioStateView
          const expected: Diagnostic[] = []
          const actual: Diagnostic[] = []
          const want = oneByOne(edges, state, expected)
          // Twice: the first call builds the look-up, the second uses the cached one.
          expect(takenEdgeIndex(edges, state, { diagnostics: [] })).toBe(want)
          expect(takenEdgeIndex(edges, state, { diagnostics: actual })).toBe(want)
          expect(actual).toEqual(expected)
          expect(takenEdgeIndex(edges, state)).toBe(want)
        },
      ),
      { numRuns: 3_000 },
    )
  })

  test('a wide text fan-out finds the one matching edge, after normalizing', () => {
    const edges = Object.freeze(
      Array.from({ length: 1_000 }, (_, i) =>
        Object.freeze({ source: 'hub', target: `t${i}`, when: { 'parsed.intent': `intent ${i}` } }),
      ),
    )
    const state = makeState({ parsed: { intent: '  INTENT 777 ' } }) as unknown as ScenarioStateView
    expect(takenEdgeIndex(edges, state)).toBe(777)
  })
})
