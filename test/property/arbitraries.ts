// fast-check arbitraries for random scenario graphs, random edge conditions, random scripted
// answers and random runtime states (SPEC sections 2, 3, 5, 6).
//
// Everything is generated as plain data first (`GraphSpec`, `ConditionSpec`, `AnswerSpec`, …) so
// that a test can interpret it independently of the engine (see `reference.ts`), and is then
// turned into the engine's inputs by the builders below (`toWhen`, `buildScenario`,
// `buildDefinition`, `scriptedAgent`). Reusable, e.g. for serialization round-trip properties:
//
//   fc.assert(fc.asyncProperty(scenarioCaseArb(), async (c) => {
//     const definition = buildDefinition(c.graph) // validated; multiple-fallback warnings muted
//     const model = scriptedAgent(c.answers)
//     const result = await runScenario(definition, { model, turnLimit: c.turnLimit })
//   }))
//
// The callables are all named functions built from data: `FnSpec` conditions (`toWhenFunction`),
// `StateUpdateSpec` updates (`toStateUpdate`) and the two answer templates' `parse`/`verify`
// (`verdictTemplate`, `noVerifyTemplate`). Node ids are `n0`, `n1`, … unless `graphSpecArb`
// is given `ids: trickyIds` (dots, digits, spaces, case, root names). States: `stateArb`
// (well-formed, domain values) and `garbageStateArb` (any values, hostile ones included).
import fc from 'fast-check'
import { z } from 'zod'
import {
  type AgentContext,
  type AnswerTemplate,
  type ChatMessage,
  defineTemplate,
  END,
  Scenario,
  type ScenarioDefinition,
  type ScenarioState,
  type ScenarioStateView,
  type ScriptedModel,
  type StateUpdate,
  scriptedModel,
  type When,
  type WhenCheck,
  type WhenFunction,
  type WhenObject,
  type WhenValue,
} from '../../src/core.js'

// ---------------------------------------------------------------------------------------------
// The data model

/** JSON-like data as it appears in the state and in when-objects. */
export type Json =
  | null
  | boolean
  | number
  | string
  | readonly Json[]
  | { readonly [k: string]: Json }

/** The operators generated in the operator form (SPEC section 3). */
export type OperatorName = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'matches'

/** One operator with its operand. */
export type OperatorSpec =
  | { readonly op: 'gt' | 'gte' | 'lt' | 'lte'; readonly operand: number }
  | { readonly op: 'eq' | 'neq'; readonly operand: Json }
  | { readonly op: 'in'; readonly operand: readonly Json[] }
  | { readonly op: 'matches'; readonly operand: string }

/** One dot path of a when-object with its value: the value form or the operator form. */
export type PathCheckSpec =
  | {
      readonly kind: 'value'
      readonly path: string
      /** A scalar, `null` or an array (never a plain object: that is the operator form). */
      readonly value: null | boolean | number | string | readonly (string | number)[]
    }
  | { readonly kind: 'ops'; readonly path: string; readonly ops: readonly OperatorSpec[] }

/** A callable condition, described as data so a reference can interpret it. */
export type FnSpec =
  | { readonly fn: 'visitsAtLeast'; readonly node: string; readonly n: number }
  | { readonly fn: 'turnAtLeast'; readonly n: number }
  | { readonly fn: 'verdictIs'; readonly value: boolean | null }
  | { readonly fn: 'accumulatedAtLeast'; readonly key: string; readonly n: number }
  | { readonly fn: 'parsedTruthy'; readonly field: string }
  | { readonly fn: 'constant'; readonly value: 0 | 1 | '' | 'x' | null | boolean }
  /** Throws: never matches, leaves a diagnostic. */
  | { readonly fn: 'throws' }
  /** Returns a Promise: never matches, leaves a diagnostic (SPEC 13.7). */
  | { readonly fn: 'promise' }
  /** Tries to write into the read-only view; true only if the write took effect (never). */
  | { readonly fn: 'tryMutate' }

/** A when-object (one or several distinct paths, ANDed in key order). */
export interface ObjectConditionSpec {
  readonly form: 'object'
  readonly checks: readonly PathCheckSpec[]
}

/** A callable condition. */
export interface FnConditionSpec {
  readonly form: 'fn'
  readonly fn: FnSpec
}

/** A `[…]` list (AND, `[]` always holds). */
export interface ListConditionSpec {
  readonly form: 'list'
  readonly items: readonly (ObjectConditionSpec | FnConditionSpec)[]
}

/** An edge condition. */
export type ConditionSpec = ObjectConditionSpec | FnConditionSpec | ListConditionSpec

/** How an unconditional edge is written: no `when`, `when: undefined` or `when: null`. */
export type UnconditionalForm = 'absent' | 'undefined' | 'null'

/** An edge; `when: null` is unconditional. */
export interface EdgeSpec {
  readonly source: string
  /** A node id or `END`. */
  readonly target: string
  readonly when: ConditionSpec | null
  /** For an unconditional edge: how it is written (all mean the same, SPEC section 3). */
  readonly unconditional: UnconditionalForm
}

/** A node's `stateUpdate`, described as data. */
export type StateUpdateSpec =
  /** `accumulated[key] = (number at key, else 0) + by` */
  | { readonly kind: 'count'; readonly key: string; readonly by: number }
  /** `accumulated[key] = parsed[field]` (`null` when the field is absent) */
  | { readonly kind: 'copy'; readonly key: string; readonly field: string }
  /** Throws: `accumulated` is restored, a `stateUpdate` diagnostic. */
  | { readonly kind: 'throw' }
  /** Writes into `accumulated` in place, then throws: the write must be undone. */
  | { readonly kind: 'mutateThenThrow'; readonly key: string }
  /** Returns something that is not a plain object: restored, a diagnostic. */
  | { readonly kind: 'nonObject'; readonly value: 'number' | 'array' | 'null' | 'date' }
  /** Returns a plain object holding a function (not structured-cloneable): restored (13.14). */
  | { readonly kind: 'nonCloneable' }
  /** Writes into `accumulated` in place and returns it: the write counts. */
  | { readonly kind: 'mutateAndReturn'; readonly key: string }
  /** Writes into its `parsed` argument (a copy, 13.14): the state's `parsed` is unchanged. */
  | { readonly kind: 'mutateParsed' }

/**
 * How a node's answers are read: no template (`verifyResult` null, `parsed` `{}`), a template
 * whose verdict is the answer's `verdict`, or a template with no `verify` (`verifyResult` null,
 * parsed fields kept) — SPEC section 6 and 13.17.
 */
export type TemplateKind = 'none' | 'verdict' | 'noVerify'

/** A node. */
export interface NodeSpec {
  readonly id: string
  readonly template: TemplateKind
  readonly stateUpdate: StateUpdateSpec | null
}

/** A whole scenario graph; always valid (entry set, all nodes reachable, fallbacks present). */
export interface GraphSpec {
  readonly nodes: readonly NodeSpec[]
  readonly entry: string
  /** In definition order (drives routing). */
  readonly edges: readonly EdgeSpec[]
}

/** One scripted answer: a verdict and parsed fields, or an error the agent throws. */
export type AnswerSpec =
  | {
      readonly kind: 'answer'
      readonly verdict: boolean
      /** Parsed fields besides `verdict` (keys from `PARSED_FIELDS`, values JSON). */
      readonly fields: { readonly [field: string]: Json }
    }
  | { readonly kind: 'error' }

/** A graph, the answers of turn 0, 1, … (turn i gets answer i mod length) and a turn limit. */
export interface ScenarioCase {
  readonly graph: GraphSpec
  readonly answers: readonly AnswerSpec[]
  readonly turnLimit: number
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

/** Parsed fields an answer may carry (`meta` is an object, `meta.level` a key with a dot). */
export const PARSED_FIELDS = ['score', 'label', 'flag', 'tags', 'meta', 'meta.level'] as const

/** Dot paths under `parsed` that conditions read (`absent` is never written). */
export const PARSED_PATHS = [
  'parsed.verdict',
  'parsed.score',
  'parsed.label',
  'parsed.flag',
  'parsed.tags',
  'parsed.meta.level',
  'parsed.absent',
  // Never written: must read as missing, not as the inherited Object.prototype member.
  'parsed.constructor',
] as const

/** Keys of `accumulated` that state updates write. */
export const ACCUMULATED_KEYS = ['k0', 'k1', 'copy'] as const

/** Dot paths under `accumulated` that conditions read. */
export const ACCUMULATED_PATHS = [
  'accumulated.k0',
  'accumulated.k1',
  'accumulated.copy',
  'accumulated.absent',
  'accumulated.toString',
] as const

/** Node ids of a graph with `n` nodes. */
export function nodeIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `n${i}`)
}

/**
 * Awkward but valid node ids: dots (`nodeVisits.a.b` must try the key `a.b` first), digits
 * (integer-like keys reorder in objects), spaces, case (exact matches ignore case), non-ASCII,
 * and the names of state roots and of `END`'s spelling.
 */
export const TRICKY_IDS = [
  'a',
  'a.b',
  '0',
  'a.b.c',
  ' x ',
  '10',
  'END',
  'verifyResult',
  'ñ',
  'node-1',
  'A',
  'b',
  '1',
  'parsed',
  'turn',
  '__end',
  'b.a',
  'x y',
  'nodeVisits',
  'Z',
] as const

/** The first `n` tricky ids (1 ≤ n ≤ 20). */
export function trickyIds(n: number): string[] {
  return TRICKY_IDS.slice(0, n)
}

// ---------------------------------------------------------------------------------------------
// Values

/**
 * Values of parsed fields and accumulated keys: a small, deliberately colliding domain where every
 * comparison has one obvious meaning (numbers, decimal numeric strings, words, booleans and the
 * strings 'true'/'false' in any case and spacing, null, arrays, objects).
 */
export const domainValueArb: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: -1, max: 6 }),
  fc.constantFrom(2.5, 0.5, -0),
  fc.constantFrom('3', ' 4 ', '2.5', '-1', '0'),
  fc.constantFrom('yes', 'YES ', ' no', 'a', 'b', 'high', '', 'n1'),
  fc.boolean(),
  fc.constantFrom('true', ' FALSE ', 'True'),
  fc.constant(null),
  fc.constantFrom<Json>(['a', 'b'], ['b', 'a'], ['a'], [], [1, 2], ['a', 'a', 'b']),
  fc.constantFrom<Json>({ a: 1 }, {}, { level: 3 }),
)

const numberishArb: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: -1, max: 6 }),
  fc.constantFrom(2.5, '3', ' 4 ', '2.5', '-1'),
)
const wordArb: fc.Arbitrary<Json> = fc.constantFrom(
  'yes',
  'YES ',
  ' no',
  'a',
  'b',
  'high',
  '',
  'n1',
)
const booleanishArb: fc.Arbitrary<Json> = fc.oneof(
  fc.boolean(),
  fc.constantFrom('true', ' FALSE ', 'True'),
)
const arrayDataArb: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  ['a', 'b'],
  ['b', 'a'],
  ['a'],
  [],
  [1, 2],
  ['a', 'a', 'b'],
)

/** Mostly the field's own kind of value, sometimes anything from the domain. */
const mostly = (arb: fc.Arbitrary<Json>) =>
  fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: domainValueArb, weight: 1 })

/**
 * Parsed fields of one answer, each present or absent: `score` mostly numeric, `label` mostly a
 * word, `flag` mostly boolean-like, `tags` mostly an array — and any domain value sometimes.
 */
export const parsedFieldsArb: fc.Arbitrary<{ [field: string]: Json }> = fc.record(
  {
    score: mostly(numberishArb),
    label: mostly(wordArb),
    flag: mostly(booleanishArb),
    tags: mostly(arrayDataArb),
    meta: fc.oneof(fc.record({ level: domainValueArb }, { noNullPrototype: true }), domainValueArb),
    'meta.level': domainValueArb,
  },
  { requiredKeys: [], noNullPrototype: true },
)

/** The operands of the checks on one dot path, chosen to often meet the values found there. */
interface Operands {
  /** How often the value form is an array, against 6 for a scalar and 1 for null. */
  readonly arrayWeight?: number
  readonly scalar: fc.Arbitrary<boolean | number | string>
  readonly bound: fc.Arbitrary<number>
  readonly array: fc.Arbitrary<readonly (string | number)[]>
  readonly object: fc.Arbitrary<Json>
}

const anyBoundArb = fc.oneof(fc.integer({ min: -1, max: 8 }), fc.constantFrom(0.5, 2.5))
const anyArrayArb: fc.Arbitrary<readonly (string | number)[]> = fc.oneof(
  fc.constantFrom<readonly (string | number)[]>(['a', 'b'], ['b', 'a', 'a'], ['a'], [], [1, 2]),
  fc.array(fc.oneof(fc.constantFrom('a', 'b'), fc.constantFrom(1, 2)), { maxLength: 3 }),
)
const anyObjectArb = fc.constantFrom<Json>({ a: 1 }, { level: 3 }, {}, { a: '1' })

/** Operands for a path holding domain values (`parsed.…`, `accumulated.…`). */
const dataOperands: Operands = {
  scalar: fc.oneof(
    fc.integer({ min: -1, max: 6 }),
    fc.constantFrom(2.5, '3', ' 2.5'),
    fc.constantFrom('yes', 'YES', ' no ', 'a', 'b', 'high', 'n1'),
    fc.boolean(),
    fc.constantFrom('true', 'False'),
  ),
  bound: anyBoundArb,
  array: anyArrayArb,
  object: anyObjectArb,
}

/** Operands for a path holding counts (`turn`, `nodeVisits.…`). */
const countOperands: Operands = {
  scalar: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 6 }), weight: 6 },
    {
      arbitrary: fc.constantFrom<boolean | number | string>('2', ' 1 ', 'yes', true, 0.5),
      weight: 1,
    },
  ),
  bound: anyBoundArb,
  array: anyArrayArb,
  object: anyObjectArb,
}

/** Operands for `verifyResult` (true, false or null). */
const verdictOperands: Operands = {
  scalar: fc.oneof(
    { arbitrary: fc.boolean(), weight: 6 },
    {
      arbitrary: fc.constantFrom<boolean | number | string>('true', ' FALSE', 1, 'yes'),
      weight: 1,
    },
  ),
  bound: fc.integer({ min: -1, max: 2 }),
  array: anyArrayArb,
  object: anyObjectArb,
}

/** Operands for `currentNode` (a node id). */
function nodeOperands(ids: readonly string[]): Operands {
  return {
    scalar: fc.oneof(
      { arbitrary: fc.constantFrom(...ids), weight: 4 },
      { arbitrary: fc.constantFrom<boolean | number | string>(' N0', 'x', 0), weight: 1 },
    ),
    bound: anyBoundArb,
    array: anyArrayArb,
    object: anyObjectArb,
  }
}

/** Operands for `parsed.tags` (mostly an array). */
const tagOperands: Operands = {
  ...dataOperands,
  arrayWeight: 8,
  array: fc.oneof(
    fc.constantFrom<readonly (string | number)[]>(['a', 'b'], ['b', 'a', 'a'], ['a'], [], [2, 1]),
    anyArrayArb,
  ),
}

function operandsFor(path: string, ids: readonly string[]): Operands {
  if (path === 'parsed.tags') return tagOperands
  const root = path.split('.')[0]
  if (root === 'verifyResult' || root === 'verify_result') return verdictOperands
  if (root === 'turn' || root === 'nodeVisits' || root === 'node_visits') return countOperands
  if (root === 'currentNode' || root === 'current_node') return nodeOperands(ids)
  return dataOperands
}

function eqOperandArb(o: Operands): fc.Arbitrary<Json> {
  return fc.oneof(
    { arbitrary: o.scalar, weight: 6 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: o.array, weight: o.arrayWeight ?? 1 },
    { arbitrary: o.object, weight: 1 },
  )
}

function operatorArb(o: Operands): fc.Arbitrary<OperatorSpec> {
  return fc.oneof(
    {
      arbitrary: fc.record({
        op: fc.constantFrom('gt' as const, 'gte' as const, 'lt' as const, 'lte' as const),
        operand: o.bound,
      }),
      weight: 4,
    },
    {
      arbitrary: fc.record({
        op: fc.constantFrom('eq' as const, 'neq' as const),
        operand: eqOperandArb(o),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('in' as const),
        operand: fc.array(eqOperandArb(o), { maxLength: 4 }),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('matches' as const),
        operand: fc.constantFrom('^y', 'es', '\\d', '^$', 'a|b', '^n\\d$', 'i'),
      }),
      weight: 2,
    },
  )
}

/** The dot paths conditions read, over the given node ids (aliases included). */
export function pathArb(ids: readonly string[]): fc.Arbitrary<string> {
  const id = fc.constantFrom(...ids)
  return fc.oneof(
    { arbitrary: fc.constantFrom('verifyResult', 'verify_result'), weight: 4 },
    { arbitrary: fc.constant('turn'), weight: 2 },
    { arbitrary: fc.constantFrom('currentNode', 'current_node'), weight: 1 },
    { arbitrary: id.map((n) => `nodeVisits.${n}`), weight: 3 },
    { arbitrary: id.map((n) => `node_visits.${n}`), weight: 1 },
    { arbitrary: fc.constantFrom(...ACCUMULATED_PATHS), weight: 3 },
    { arbitrary: fc.constantFrom(...PARSED_PATHS), weight: 4 },
  )
}

/** A check of a path drawn from `path`, with operands from `o`. */
function checkArb(path: fc.Arbitrary<string>, o: Operands): fc.Arbitrary<PathCheckSpec> {
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('value' as const),
        path,
        value: fc.oneof(
          { arbitrary: o.scalar, weight: 6 },
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: o.array, weight: o.arrayWeight ?? 1 },
        ),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('ops' as const),
        path,
        ops: fc.uniqueArray(operatorArb(o), { minLength: 1, maxLength: 3, selector: (x) => x.op }),
      }),
      weight: 2,
    },
  )
}

/** A check of the given path: a value-form value or an operator object, suited to the path. */
export function checkOfPathArb(path: string, ids: readonly string[]): fc.Arbitrary<PathCheckSpec> {
  return checkArb(fc.constant(path), operandsFor(path, ids))
}

/**
 * Memoizes an arbitrary per list of node ids: arbitraries built inside `chain` would otherwise be
 * rebuilt for every generated value, which costs more than generating.
 */
function memoByIds<T>(build: (ids: readonly string[]) => fc.Arbitrary<T>) {
  const memo = new Map<string, fc.Arbitrary<T>>()
  return (ids: readonly string[]): fc.Arbitrary<T> => {
    const key = ids.join('\u0000')
    let arb = memo.get(key)
    if (arb === undefined) {
      arb = build(ids)
      memo.set(key, arb)
    }
    return arb
  }
}

/** One random path (as `pathArb` draws them) with a value-form value or an operator object. */
export const pathCheckArb: (ids: readonly string[]) => fc.Arbitrary<PathCheckSpec> = memoByIds(
  (ids) => {
    const id = fc.constantFrom(...ids)
    const visits = fc.oneof(
      { arbitrary: id.map((n) => `nodeVisits.${n}`), weight: 3 },
      { arbitrary: id.map((n) => `node_visits.${n}`), weight: 1 },
    )
    const parsed = PARSED_PATHS.filter((p) => p !== 'parsed.tags')
    return fc.oneof(
      {
        arbitrary: checkArb(fc.constantFrom('verifyResult', 'verify_result'), verdictOperands),
        weight: 4,
      },
      { arbitrary: checkArb(fc.constant('turn'), countOperands), weight: 2 },
      {
        arbitrary: checkArb(fc.constantFrom('currentNode', 'current_node'), nodeOperands(ids)),
        weight: 1,
      },
      { arbitrary: checkArb(visits, countOperands), weight: 4 },
      { arbitrary: checkArb(fc.constantFrom(...ACCUMULATED_PATHS), dataOperands), weight: 3 },
      { arbitrary: checkArb(fc.constantFrom(...parsed), dataOperands), weight: 3 },
      { arbitrary: checkArb(fc.constant('parsed.tags'), tagOperands), weight: 1 },
    )
  },
)

/** A callable condition over the given node ids. */
export function fnSpecArb(ids: readonly string[]): fc.Arbitrary<FnSpec> {
  return fc.oneof(
    fc.record({
      fn: fc.constant('visitsAtLeast' as const),
      node: fc.constantFrom(...ids),
      n: fc.integer({ min: 0, max: 4 }),
    }),
    fc.record({ fn: fc.constant('turnAtLeast' as const), n: fc.integer({ min: 0, max: 12 }) }),
    fc.record({ fn: fc.constant('verdictIs' as const), value: fc.constantFrom(true, false, null) }),
    fc.record({
      fn: fc.constant('accumulatedAtLeast' as const),
      key: fc.constantFrom(...ACCUMULATED_KEYS),
      n: fc.integer({ min: -1, max: 4 }),
    }),
    fc.record({
      fn: fc.constant('parsedTruthy' as const),
      field: fc.constantFrom('verdict', 'score', 'label', 'flag'),
    }),
    fc.record({
      fn: fc.constant('constant' as const),
      value: fc.constantFrom(0 as const, 1 as const, '' as const, 'x' as const, null, true, false),
    }),
    fc.constant({ fn: 'throws' as const }),
    fc.constant({ fn: 'promise' as const }),
    fc.constant({ fn: 'tryMutate' as const }),
  )
}

/** A when-object with 1–3 distinct paths. */
export function objectConditionArb(ids: readonly string[]): fc.Arbitrary<ObjectConditionSpec> {
  return fc
    .uniqueArray(pathCheckArb(ids), { minLength: 1, maxLength: 3, selector: (c) => c.path })
    .map((checks) => ({ form: 'object' as const, checks }))
}

/** Any edge condition: a when-object, a callable or an AND list (possibly empty). */
export const conditionSpecArb: (ids: readonly string[]) => fc.Arbitrary<ConditionSpec> = memoByIds(
  (ids) => {
    const object = objectConditionArb(ids)
    const fn = fnSpecArb(ids).map((spec) => ({ form: 'fn' as const, fn: spec }))
    return fc.oneof(
      { arbitrary: object, weight: 6 },
      { arbitrary: fn, weight: 2 },
      {
        arbitrary: fc
          .array(fc.oneof({ arbitrary: object, weight: 3 }, { arbitrary: fn, weight: 1 }), {
            maxLength: 3,
          })
          .map((items) => ({ form: 'list' as const, items })),
        weight: 2,
      },
    )
  },
)

/** A node's optional `stateUpdate`. */
export const stateUpdateSpecArb: fc.Arbitrary<StateUpdateSpec> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      key: fc.constantFrom('k0', 'k1'),
      by: fc.integer({ min: -1, max: 3 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('copy' as const),
      key: fc.constantFrom(...ACCUMULATED_KEYS),
      field: fc.constantFrom('score', 'label', 'flag', 'absent'),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: 'throw' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('mutateThenThrow' as const),
      key: fc.constantFrom(...ACCUMULATED_KEYS),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('nonObject' as const),
      value: fc.constantFrom('number' as const, 'array' as const, 'null' as const, 'date' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'nonCloneable' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('mutateAndReturn' as const),
      key: fc.constantFrom(...ACCUMULATED_KEYS),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'mutateParsed' as const }), weight: 1 },
)

// ---------------------------------------------------------------------------------------------
// Graphs

const unconditionalFormArb = fc.constantFrom<UnconditionalForm>('absent', 'undefined', 'null')

/** Options of `graphSpecArb`. */
export interface GraphOptions {
  /** At most this many nodes (default 20). */
  maxNodes?: number
  /** The ids of a graph of n nodes (default `nodeIds`, i.e. `n0`, `n1`, …). */
  ids?: (n: number) => string[]
}

/**
 * A random valid scenario graph of 1–`maxNodes` nodes: a random spanning tree from the entry (so
 * every node is reachable), random extra edges (self-loops, back edges, edges to `END`, several
 * unconditional edges on one node), random conditions, then an unconditional fallback wherever a
 * node has conditional edges but none, all in a random definition order (so a fallback may stand
 * before the conditional edges it backs up).
 */
export function graphSpecArb(options: GraphOptions = {}): fc.Arbitrary<GraphSpec> {
  const maxNodes = options.maxNodes ?? 20
  const ids = options.ids ?? nodeIds
  return fc.integer({ min: 1, max: maxNodes }).chain((n) => graphOfSizeArb(ids(n)))
}

/** A random valid graph over exactly these node ids (see `graphSpecArb`). */
export const graphOfSizeArb: (ids: readonly string[]) => fc.Arbitrary<GraphSpec> = memoByIds(
  (ids) => {
    const n = ids.length
    const target = fc.oneof(
      { arbitrary: fc.constantFrom(...ids), weight: 6 },
      { arbitrary: fc.constant<string>(END), weight: 1 },
    )
    const condition = fc.option(conditionSpecArb(ids), { nil: null, freq: 2 })
    const rank = fc.nat(999)
    return fc
      .record({
        order: fc.shuffledSubarray([...ids], { minLength: n, maxLength: n }),
        parents: fc.array(fc.nat(), { minLength: n, maxLength: n }),
        tree: fc.array(fc.record({ when: condition, form: unconditionalFormArb, rank }), {
          minLength: n,
          maxLength: n,
        }),
        extra: fc.array(
          fc.record({
            source: fc.constantFrom(...ids),
            target,
            when: condition,
            form: unconditionalFormArb,
            rank,
          }),
          { minLength: Math.floor(n / 2), maxLength: 3 * n },
        ),
        fallbacks: fc.array(fc.record({ target, form: unconditionalFormArb, rank }), {
          minLength: n,
          maxLength: n,
        }),
        nodes: fc.array(
          fc.record({
            template: fc.constantFrom<TemplateKind>(
              'verdict',
              'verdict',
              'verdict',
              'none',
              'noVerify',
            ),
            stateUpdate: fc.option(stateUpdateSpecArb, { nil: null, freq: 2 }),
          }),
          { minLength: n, maxLength: n },
        ),
      })
      .map(({ order, parents, tree, extra, fallbacks, nodes }) => {
        const ranked: { edge: EdgeSpec; rank: number }[] = []
        const entry = order[0] as string
        for (let p = 1; p < n; p++) {
          const child = order[p] as string
          const parent = order[(parents[p] as number) % p] as string
          const t = tree[p] as (typeof tree)[number]
          ranked.push({
            edge: { source: parent, target: child, when: t.when, unconditional: t.form },
            rank: t.rank,
          })
        }
        for (const e of extra) {
          ranked.push({
            edge: { source: e.source, target: e.target, when: e.when, unconditional: e.form },
            rank: e.rank,
          })
        }
        ids.forEach((id, i) => {
          const own = ranked.filter((r) => r.edge.source === id)
          if (own.some((r) => r.edge.when !== null) && !own.some((r) => r.edge.when === null)) {
            const f = fallbacks[i] as (typeof fallbacks)[number]
            ranked.push({
              edge: { source: id, target: f.target, when: null, unconditional: f.form },
              rank: f.rank,
            })
          }
        })
        // A stable sort by rank: a random definition order.
        const edges = ranked
          .map((r, i) => ({ ...r, i }))
          .sort((a, b) => a.rank - b.rank || a.i - b.i)
          .map((r) => r.edge)
        const nodeSpecs: NodeSpec[] = ids.map((id, i) => {
          const node = nodes[i] as (typeof nodes)[number]
          return { id, template: node.template, stateUpdate: node.stateUpdate }
        })
        return { nodes: nodeSpecs, entry, edges }
      })
  },
)

/** One scripted answer; an error (the agent throws) about one time in 40. */
export const answerSpecArb: fc.Arbitrary<AnswerSpec> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      verdict: fc.boolean(),
      fields: parsedFieldsArb,
    }),
    weight: 39,
  },
  { arbitrary: fc.constant({ kind: 'error' as const }), weight: 1 },
)

/** A graph, its scripted answers and a turn limit (1–25). */
export function scenarioCaseArb(options: GraphOptions = {}): fc.Arbitrary<ScenarioCase> {
  return fc.record({
    graph: graphSpecArb(options),
    answers: fc.array(answerSpecArb, { minLength: 1, maxLength: 25 }),
    turnLimit: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 25 }), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 },
    ),
  })
}

// ---------------------------------------------------------------------------------------------
// States for `resolveNextNode`

/**
 * A well-formed runtime state over the given node ids: every root has its type, leaves of
 * `parsed` and `accumulated` come from the domain (or are absent), `nodeVisits` holds counts.
 */
export function stateArb(ids: readonly string[]): fc.Arbitrary<ScenarioState> {
  return fc.record({
    turn: fc.nat(25),
    currentNode: fc.constantFrom(...ids),
    verifyResult: fc.constantFrom(true, false, null),
    parsed: fc.oneof(
      { arbitrary: fc.constant({}), weight: 1 },
      {
        arbitrary: fc
          .tuple(fc.boolean(), parsedFieldsArb)
          .map(([verdict, fields]) => ({ verdict, ...fields }) as Record<string, unknown>),
        weight: 4,
      },
    ),
    nodeVisits: fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 1, max: 6 }), {
      noNullPrototype: true,
    }),
    history: fc.constant([]),
    accumulated: fc.record(
      { k0: domainValueArb, k1: domainValueArb, copy: domainValueArb },
      { requiredKeys: [], noNullPrototype: true },
    ),
    toolCalls: fc.constant([]),
    toolNames: fc.constant([]),
    agents: fc.constant([]),
    guardrail: fc.constant(null),
    nodeResults: fc.constant({}),
  })
}

/**
 * Hostile values: a Proxy whose every string-keyed trap throws, and an object whose getters throw
 * (both print themselves for fast-check's reports).
 */
export function hostileValues(): unknown[] {
  const fail = (what: string) => {
    throw new Error(`hostile ${what}`)
  }
  const proxy = new Proxy(
    {},
    {
      get: (_t, key) =>
        key === fc.toStringMethod
          ? () => 'hostileProxy'
          : typeof key === 'symbol'
            ? undefined
            : fail(`get ${key}`),
      has: (_t, key) => (typeof key === 'symbol' ? key === fc.toStringMethod : fail(`has ${key}`)),
      ownKeys: () => fail('ownKeys'),
      getOwnPropertyDescriptor: () => fail('getOwnPropertyDescriptor'),
    },
  )
  const getters: Record<string | symbol, unknown> = { [fc.toStringMethod]: () => 'throwingGetters' }
  for (const key of ['score', 'label', 'level', 'k0', 'n0', 'n1', 'verdict', 'toJSON']) {
    Object.defineProperty(getters, key, { get: () => fail(`getter ${key}`), enumerable: true })
  }
  return [proxy, getters]
}

/** Any value at all, with the awkward ones (NaN, ±Infinity, -0, dates, odd strings) frequent. */
export const anyValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileValues()),
  fc.jsonValue(),
  fc.constantFrom(undefined, null, Number.NaN, Infinity, -Infinity, -0, '', '  ', 'NaN', '0x10'),
  fc.constantFrom('Infinity', '1e400', 'true ', 'FALSE', [], {}, [null], { level: null }),
  fc.date({ noInvalidDate: false }),
  fc.anything(),
  domainValueArb,
)

const anyFieldsArb = fc.dictionary(
  fc.oneof(fc.constantFrom('verdict', ...PARSED_FIELDS, 'k0', 'k1', 'copy'), fc.string()),
  anyValueArb,
)

/**
 * A state with arbitrary values: each root is absent, of its type with arbitrary contents, or any
 * value at all (null, a string, an array, …).
 */
export function garbageStateArb(ids: readonly string[]): fc.Arbitrary<ScenarioStateView> {
  const root = <T>(proper: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: proper, weight: 3 }, { arbitrary: anyValueArb, weight: 1 })
  return fc
    .record(
      {
        turn: root(fc.nat(25)),
        currentNode: root(fc.constantFrom(...ids)),
        verifyResult: root(fc.constantFrom(true, false, null)),
        parsed: root(anyFieldsArb),
        nodeVisits: root(fc.dictionary(fc.constantFrom(...ids), anyValueArb)),
        history: root(fc.constant([])),
        accumulated: root(anyFieldsArb),
        nodeResults: root(fc.dictionary(fc.constantFrom(...ids), anyValueArb)),
      },
      { requiredKeys: [] },
    )
    .map((s) => s as unknown as ScenarioStateView)
}

/** A list of edges out of one node (as `resolveNextNode` receives them), conditional or not. */
export function edgeListArb(ids: readonly string[]): fc.Arbitrary<EdgeSpec[]> {
  const target = fc.oneof(
    { arbitrary: fc.constantFrom(...ids), weight: 4 },
    { arbitrary: fc.constant<string>(END), weight: 1 },
  )
  return fc.array(
    fc.record({
      source: fc.constant(ids[0] as string),
      target,
      when: fc.option(conditionSpecArb(ids), { nil: null, freq: 4 }),
      unconditional: unconditionalFormArb,
    }),
    { maxLength: 8 },
  )
}

// ---------------------------------------------------------------------------------------------
// Builders: from data to the engine's inputs

/** The callable of an `FnSpec` (a named function reading the read-only state view). */
export function toWhenFunction(spec: FnSpec): WhenFunction {
  switch (spec.fn) {
    case 'visitsAtLeast': {
      const { node, n } = spec
      return function visitsAtLeast(state) {
        const visits = Object.hasOwn(state.nodeVisits, node) ? state.nodeVisits[node] : undefined
        return (visits ?? 0) >= n
      }
    }
    case 'turnAtLeast': {
      const { n } = spec
      return function turnAtLeast(state) {
        return state.turn >= n
      }
    }
    case 'verdictIs': {
      const { value } = spec
      return function verdictIs(state) {
        return state.verifyResult === value
      }
    }
    case 'accumulatedAtLeast': {
      const { key, n } = spec
      return function accumulatedAtLeast(state) {
        const v = state.accumulated[key]
        return typeof v === 'number' && v >= n
      }
    }
    case 'parsedTruthy': {
      const { field } = spec
      return function parsedTruthy(state) {
        return Boolean(state.parsed[field])
      }
    }
    case 'constant': {
      const { value } = spec
      return function constant() {
        return value
      }
    }
    case 'throws':
      return function throws() {
        throw new Error('condition failed on purpose')
      }
    case 'promise':
      return function promise() {
        return Promise.resolve(true)
      }
    case 'tryMutate':
      return function tryMutate(state) {
        const writable = state as unknown as { accumulated: Record<string, unknown> }
        try {
          writable.accumulated.byCondition = 'written by a condition'
        } catch {
          // A read-only view may refuse the write by throwing.
        }
        return writable.accumulated.byCondition === 'written by a condition'
      }
  }
}

function toWhenObject(spec: ObjectConditionSpec): WhenObject {
  const out: Record<string, WhenValue> = {}
  for (const check of spec.checks) {
    if (check.kind === 'value') {
      out[check.path] = check.value
    } else {
      const ops: Record<string, unknown> = {}
      for (const o of check.ops) ops[o.op] = o.operand
      out[check.path] = ops as WhenValue
    }
  }
  return out
}

/** The `when` of a condition spec (fresh objects and functions on every call). */
export function toWhen(spec: ConditionSpec): When {
  switch (spec.form) {
    case 'object':
      return toWhenObject(spec)
    case 'fn':
      return toWhenFunction(spec.fn)
    case 'list':
      return spec.items.map(
        (item): WhenCheck => (item.form === 'fn' ? toWhenFunction(item.fn) : toWhenObject(item)),
      )
  }
}

/** The options object of `addEdge` for an edge spec (`{}`, `{ when: undefined }`, …). */
export function edgeOptions(edge: EdgeSpec): { when?: When } {
  if (edge.when !== null) return { when: toWhen(edge.when) }
  switch (edge.unconditional) {
    case 'absent':
      return {}
    case 'undefined':
      return { when: undefined }
    case 'null':
      return { when: null }
  }
}

/** A routable edge, as `resolveNextNode` takes it. */
export function toRoutableEdge(edge: EdgeSpec): { source: string; target: string; when?: When } {
  return { source: edge.source, target: edge.target, ...edgeOptions(edge) }
}

/** The callable of a `StateUpdateSpec`. */
export function toStateUpdate(spec: StateUpdateSpec): StateUpdate {
  switch (spec.kind) {
    case 'count': {
      const { key, by } = spec
      return function count(accumulated) {
        const v = accumulated[key]
        return { ...accumulated, [key]: (typeof v === 'number' ? v : 0) + by }
      }
    }
    case 'copy': {
      const { key, field } = spec
      return function copy(accumulated, parsed) {
        const v = parsed[field]
        return { ...accumulated, [key]: v === undefined ? null : v }
      }
    }
    case 'throw':
      return function fails() {
        throw new Error('stateUpdate failed on purpose')
      }
    case 'mutateThenThrow': {
      const { key } = spec
      return function mutateThenThrow(accumulated) {
        accumulated[key] = 'mutated'
        throw new Error('stateUpdate failed after writing')
      }
    }
    case 'nonObject': {
      const { value } = spec
      return function nonObject() {
        const out =
          value === 'number' ? 42 : value === 'array' ? [1] : value === 'null' ? null : new Date(0)
        return out as unknown as Record<string, unknown>
      }
    }
    case 'nonCloneable':
      return function nonCloneable(accumulated) {
        return { ...accumulated, k0: () => 1 }
      }
    case 'mutateAndReturn': {
      const { key } = spec
      return function mutateAndReturn(accumulated) {
        accumulated[key] = 'mutated'
        return accumulated
      }
    }
    case 'mutateParsed':
      return function mutateParsed(accumulated, parsed) {
        parsed.label = 'mutated'
        parsed.score = 99
        return { ...accumulated }
      }
  }
}

const answerSchema = z.looseObject({ verdict: z.boolean() })

/** A template whose verdict is the answer's `verdict` field (raw answers are JSON). */
export const verdictTemplate: AnswerTemplate = defineTemplate({
  schema: answerSchema,
  parse: function parseJson(raw: string) {
    return JSON.parse(raw) as z.input<typeof answerSchema>
  },
  verify: function verdictField(parsed) {
    return parsed.verdict === true
  },
}) as unknown as AnswerTemplate

/** A template with no `verify` and no ground truth: parsed fields, `verifyResult` null. */
export const noVerifyTemplate: AnswerTemplate = defineTemplate({
  schema: answerSchema,
  parse: function parseJson(raw: string) {
    return JSON.parse(raw) as z.input<typeof answerSchema>
  },
}) as unknown as AnswerTemplate

/** The raw text of an answer (the template's `parse` reads it back). */
export function rawAnswer(answer: AnswerSpec & { kind: 'answer' }): string {
  return JSON.stringify({ ...answer.fields, verdict: answer.verdict })
}

/** The builder of a graph spec (not validated). */
export function buildScenario(
  graph: GraphSpec,
  name = 'property',
  onEdge?: (options: { when?: When }, edge: EdgeSpec) => void,
): Scenario {
  const s = new Scenario(name)
  for (const node of graph.nodes) {
    const template =
      node.template === 'verdict'
        ? verdictTemplate
        : node.template === 'noVerify'
          ? noVerifyTemplate
          : undefined
    s.addNode(node.id, {
      question:
        template === undefined
          ? `Question at ${node.id}`
          : { question: `Question at ${node.id}`, template },
      ...(node.stateUpdate === null ? {} : { stateUpdate: toStateUpdate(node.stateUpdate) }),
    })
  }
  for (const edge of graph.edges) {
    const options = edgeOptions(edge)
    s.addEdge(edge.source, edge.target, options)
    onEdge?.(options, edge)
  }
  s.setEntry(graph.entry)
  return s
}

/**
 * The validated definition of a graph spec. `validate()` prints a warning for a node with several
 * unconditional edges; with `quiet` (default) `console.warn` is muted for the call.
 */
export function buildDefinition(
  graph: GraphSpec,
  options: { name?: string; quiet?: boolean } = {},
): ScenarioDefinition {
  return validateQuietly(buildScenario(graph, options.name), options.quiet ?? true)
}

/** `validate()`, with `console.warn` muted for the call when `quiet`. */
export function validateQuietly(s: Scenario, quiet = true): ScenarioDefinition {
  if (!quiet) return s.validate()
  const warn = console.warn
  console.warn = () => {}
  try {
    return s.validate()
  } finally {
    console.warn = warn
  }
}

/**
 * A scripted agent answering turn i with answer i mod length (an error answer throws).
 * `onCall` sees each call's arguments as they are at the time of the call.
 */
export function scriptedAgent(
  answers: readonly AnswerSpec[],
  onCall?: (conversation: ChatMessage[], context: AgentContext) => void,
): ScriptedModel {
  return scriptedModel((conversation, context) => {
    onCall?.(conversation, context)
    const answer = answers[context.turn % answers.length] as AnswerSpec
    return answer.kind === 'error'
      ? new Error(`scripted failure at turn ${context.turn}`)
      : rawAnswer(answer)
  })
}
