// Extra edge-condition forms on top of the random graphs: stateChecks, lists mixing stateChecks
// with when-objects and functions, and functions from the shared pool.
import fc from 'fast-check'
import { type StateCheck, stateCheck, type When, type WhenCheck } from '../../../src/core.js'
import {
  type ConditionSpec,
  type EdgeSpec,
  edgeOptions,
  toWhen,
} from '../../property/arbitraries.js'
import { type FnKind, isLate, pick } from './callable-pool.js'
import { jsonArb, primitiveArb } from './primitive-arbitraries.js'

const pathArb = fc.constantFrom(
  'verifyResult',
  'turn',
  'currentNode',
  'parsed.score',
  'parsed.label',
  'parsed.tags',
  'accumulated.k0',
  'accumulated.tally',
  'nodeVisits.n0',
  'nodeResults.n1.verifyResult',
)

const stateCheckArb: fc.Arbitrary<StateCheck> = fc
  .record({
    path: pathArb,
    primitive: primitiveArb,
    expected: fc.option(jsonArb, { nil: undefined }),
  })
  .map(({ path, primitive, expected }) => stateCheck(path, primitive, expected))

/** How the condition of a conditional edge is rewritten (`keep`: as the graph wrote it). */
export type WhenDecoration =
  | { readonly kind: 'keep' }
  | { readonly kind: 'stateCheck'; readonly check: StateCheck }
  | { readonly kind: 'fn'; readonly fnKind: FnKind }
  | {
      readonly kind: 'list'
      readonly checks: readonly StateCheck[]
      readonly fnKind: FnKind | null
    }

/** A random rewrite of one edge condition. */
export const whenDecorationArb: fc.Arbitrary<WhenDecoration> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'keep' as const }), weight: 5 },
  { arbitrary: stateCheckArb.map((check) => ({ kind: 'stateCheck' as const, check })), weight: 2 },
  {
    arbitrary: fc
      .constantFrom<FnKind>('named', 'anonymous', 'sameName')
      .map((fnKind) => ({ kind: 'fn' as const, fnKind })),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('list' as const),
      checks: fc.array(stateCheckArb, { minLength: 1, maxLength: 2 }),
      fnKind: fc.option(fc.constantFrom<FnKind>('named', 'anonymous', 'sameName'), { nil: null }),
    }),
    weight: 1,
  },
)

function listItems(spec: ConditionSpec): WhenCheck[] {
  const when = toWhen(spec)
  return Array.isArray(when) ? [...(when as WhenCheck[])] : [when as WhenCheck]
}

/** The `addEdge` options of a graph edge after a decoration (unconditional edges are kept). */
export function decoratedEdgeOptions(edge: EdgeSpec, decoration: WhenDecoration): { when?: When } {
  if (edge.when === null) return edgeOptions(edge)
  switch (decoration.kind) {
    case 'keep':
      return edgeOptions(edge)
    case 'stateCheck':
      return { when: decoration.check }
    case 'fn':
      return { when: pick(isLate, decoration.fnKind) }
    case 'list': {
      const fn = decoration.fnKind === null ? [] : [pick(isLate, decoration.fnKind)]
      return { when: [...decoration.checks, ...listItems(edge.when), ...fn] }
    }
  }
}
