// Random outcome criteria: declarative checks of every kind, `evaluate` callables, or both.
import fc from 'fast-check'
import {
  allOf,
  anyOf,
  anyTurn,
  atLeastN,
  type BooleanCheck,
  countTurns,
  crossTurn,
  firstMatchIndex,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  type OutcomeCheck,
  type OutcomeCriterionSpec,
  resultCheck,
  statusIs,
  type TurnScope,
  turnAt,
  turnCheck,
  turnCountGte,
} from '../../../src/core.js'
import { type FnKind, pick, ranTwice } from './callable-pool.js'
import { jsonArb, normalizersArb, primitiveArb } from './primitive-arbitraries.js'

const fieldArb = fc.constantFrom(
  'verifyResult',
  'nodeId',
  'rawResponse',
  'parsed.score',
  'parsed.verdict',
  'rubric.short',
)

function scopeArb(ids: readonly string[]): fc.Arbitrary<TurnScope> {
  return fc.oneof(
    fc.constant(null).map(() => lastTurnScope()),
    fc.constant(null).map(() => firstTurnScope()),
    fc.integer({ min: -3, max: 3 }).map((i) => turnAt(i)),
    fc
      .option(fc.subarray([...ids], { minLength: 1 }), { nil: undefined })
      .map(
        (nodeId): TurnScope =>
          nodeId === undefined ? { type: 'AnyTurn' } : { type: 'AnyTurn', nodeId },
      ),
    fc.constantFrom(...ids).map((nodeId): TurnScope => ({ type: 'AllTurns', nodeId })),
  )
}

function booleanCheckArb(ids: readonly string[]): fc.Arbitrary<BooleanCheck> {
  const scope = scopeArb(ids)
  return fc.oneof(
    fc.boolean().map((verifyResult) => lastTurn({ verifyResult })),
    fc
      .record({ gte: fc.integer({ min: 0, max: 4 }), node: fc.constantFrom(...ids) })
      .map(({ gte, node }) => anyTurn({ 'parsed.score': { gte } }, { node })),
    fc.constantFrom('completed', 'limit_reached', 'error' as const).map((s) => statusIs(s)),
    fc.integer({ min: 0, max: 5 }).map((n) => turnCountGte(n)),
    fc
      .record({ scope, field: fieldArb, expected: jsonArb, primitive: primitiveArb })
      .map((o) => turnCheck(o.scope, o.field, o.expected, o.primitive)),
    fc
      .record({
        field: fc.constantFrom('status', 'turnCount', 'path', 'scenarioId', 'turn_count' as const),
        expected: jsonArb,
        primitive: primitiveArb,
      })
      .map((o) => resultCheck(o.field, o.expected, o.primitive)),
    fc
      .record({
        source: fc.constantFrom(firstTurnScope(), lastTurnScope(), turnAt(1)),
        target: fc.constantFrom(firstTurnScope(), lastTurnScope(), turnAt(-2)),
        field: fieldArb,
        comparison: fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains' as const),
        normalize: normalizersArb,
      })
      .map((o) =>
        crossTurn({
          source: o.source,
          sourceField: o.field,
          target: o.target,
          targetField: o.field,
          comparison: o.comparison,
          normalize: o.normalize,
        }),
      ),
  )
}

/** Any outcome check: a boolean check, a composition of them, or an aggregation. */
export function checkArb(ids: readonly string[]): fc.Arbitrary<OutcomeCheck> {
  const single = booleanCheckArb(ids)
  const list = fc.array(single, { maxLength: 3 })
  const filter = fc.record(
    {
      node: fc.oneof(fc.constantFrom(...ids), fc.subarray([...ids])),
      verifyResult: fc.constantFrom(true, false, null),
    },
    { requiredKeys: [] },
  )
  return fc.oneof(
    { arbitrary: single, weight: 4 },
    { arbitrary: list.map((c) => allOf(...c)), weight: 1 },
    { arbitrary: list.map((c) => anyOf(...c)), weight: 1 },
    { arbitrary: fc.tuple(fc.nat(3), list).map(([n, c]) => atLeastN(n, ...c)), weight: 1 },
    { arbitrary: filter.map((o) => countTurns(o)), weight: 1 },
    { arbitrary: filter.map((o) => firstMatchIndex(o)), weight: 1 },
  )
}

/** 0–3 criteria with unique names; each has a check, an `evaluate`, or both. */
export function criteriaArb(ids: readonly string[]): fc.Arbitrary<OutcomeCriterionSpec[]> {
  const criterion = fc.record({
    name: fc.string({ minLength: 1, maxLength: 8 }),
    description: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
    check: checkArb(ids),
    form: fc.constantFrom('check', 'evaluate', 'both'),
    fnKind: fc.constantFrom<FnKind>('named', 'anonymous', 'sameName'),
  })
  return fc.uniqueArray(criterion, { maxLength: 3, selector: (c) => c.name }).map((list) =>
    list.map((c): OutcomeCriterionSpec => {
      const spec: OutcomeCriterionSpec = { name: c.name }
      if (c.description !== undefined) spec.description = c.description
      if (c.form !== 'evaluate') spec.check = c.check
      if (c.form !== 'check') spec.evaluate = pick(ranTwice, c.fnKind)
      return spec
    }),
  )
}
