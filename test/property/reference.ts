// A small reference implementation of conditions, routing and the run loop, written from the
// SPEC (sections 3, 5, 6 and 13) over the data specs of `arbitraries.ts` — never over the
// engine's compiled forms. It is meant to be obviously correct, not fast, and it only has to
// handle the value domain the arbitraries generate (numbers, decimal numeric strings, words,
// booleans and 'true'/'false' strings, null, small arrays and objects).
import {
  type AnswerSpec,
  type ConditionSpec,
  type EdgeSpec,
  type FnSpec,
  type Json,
  type OperatorSpec,
  type PathCheckSpec,
  rawAnswer,
  type ScenarioCase,
  type StateUpdateSpec,
} from './arbitraries.js'

/** `END` as SPEC section 2 defines it (spelled out: the reference does not import the engine). */
export const REF_END = '__end__'

/** The parts of the state conditions read. */
export interface RefState {
  readonly turn: number
  readonly currentNode: string
  readonly verifyResult: boolean | null
  readonly parsed: Readonly<Record<string, unknown>>
  readonly nodeVisits: Readonly<Record<string, number>>
  readonly accumulated: Readonly<Record<string, unknown>>
}

/**
 * What one check says: it matches, it is plainly false, or it cannot match because the value is
 * missing / of the wrong type / the callable threw or returned a Promise (all three must leave a
 * diagnostic, SPEC section 3 and 13.6–13.8). `unsure` is a non-match where the SPEC does not say
 * whether a diagnostic is due (an `in` whose elements disagree on the value's type).
 */
export type RefVerdict = 'match' | 'false' | 'missing' | 'wrongType' | 'failed' | 'unsure'

/** One check the reference evaluated: the dot path it read (`<fn>` for a callable). */
export interface EvaluatedCheck {
  readonly key: string
  readonly verdict: RefVerdict
  /** What was tested: `value:<type>`, the operator, or `fn:<kind>` (for coverage statistics). */
  readonly test: string
}

/** The diagnostic key of a callable check (its diagnostic has no `path`). */
export const FN_KEY = '<fn>'

// ---------------------------------------------------------------------------------------------
// Dot paths (SPEC section 5, 13.15, 13.38)

function hasKey(record: object, key: string): boolean {
  return Object.hasOwn(record, key)
}

/** Nested lookup: the whole rest as a key first, then each split at a dot, left to right. */
export function refLookup(value: unknown, rest: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  if (hasKey(record, rest) && record[rest] !== undefined) return record[rest]
  for (let dot = rest.indexOf('.'); dot !== -1; dot = rest.indexOf('.', dot + 1)) {
    const head = rest.slice(0, dot)
    if (!hasKey(record, head)) continue
    const found = refLookup(record[head], rest.slice(dot + 1))
    if (found !== undefined) return found
  }
  return undefined
}

/** The value at a dot path (camelCase or karenina spelling). */
export function refReadPath(state: RefState, path: string): unknown {
  const dot = path.indexOf('.')
  const root = dot === -1 ? path : path.slice(0, dot)
  const rest = dot === -1 ? undefined : path.slice(dot + 1)
  switch (root) {
    case 'verifyResult':
    case 'verify_result':
      return rest === undefined ? state.verifyResult : undefined
    case 'turn':
      return rest === undefined ? state.turn : undefined
    case 'currentNode':
    case 'current_node':
      return rest === undefined ? state.currentNode : undefined
    case 'parsed':
      return rest === undefined ? state.parsed : refLookup(state.parsed, rest)
    case 'accumulated':
      return rest === undefined ? state.accumulated : refLookup(state.accumulated, rest)
    case 'nodeVisits':
    case 'node_visits': {
      if (rest === undefined) return state.nodeVisits
      const count = refLookup(state.nodeVisits, rest)
      return count === undefined ? 0 : count
    }
    default:
      throw new Error(`reference: unexpected path ${path}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Comparisons (SPEC section 3 and 4)

const missing = (v: unknown) => v === undefined || v === null

/** A number, or a decimal numeric string (trimmed); else undefined. */
function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v
  if (typeof v !== 'string' || v.trim() === '') return undefined
  const n = Number(v.trim())
  return Number.isFinite(n) ? n : undefined
}

/** A boolean, or the string 'true'/'false' in any case, trimmed; else undefined. */
function asBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v
  if (typeof v !== 'string') return undefined
  const t = v.trim().toLowerCase()
  return t === 'true' ? true : t === 'false' ? false : undefined
}

/** `exactMatch`'s default normalizers: lowercase, strip. */
const normalize = (s: string) => s.toLowerCase().trim()

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => deepEqual(x, b[i]))
    )
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    return ka.length === kb.length && ka.every((k) => hasKey(b, k) && deepEqual(a[k], b[k]))
  }
  return a === b
}

const verdict = (b: boolean): RefVerdict => (b ? 'match' : 'false')

/** The value form `{ path: expected }`. */
function valueForm(expected: Json, v: unknown): RefVerdict {
  if (expected === null) return verdict(missing(v))
  if (missing(v)) return 'missing'
  if (typeof expected === 'boolean') {
    const b = asBoolean(v)
    return b === undefined ? 'wrongType' : verdict(b === expected)
  }
  if (typeof expected === 'number') {
    const n = asNumber(v)
    return n === undefined ? 'wrongType' : verdict(n === expected)
  }
  if (typeof expected === 'string') {
    if (typeof v === 'string') return verdict(normalize(v) === normalize(expected))
    if (typeof v === 'number' || typeof v === 'boolean') {
      return verdict(normalize(String(v)) === normalize(expected))
    }
    return 'wrongType'
  }
  if (Array.isArray(expected)) {
    // setContainment('exact'): the same elements as sets, by deep equality.
    if (!Array.isArray(v)) return 'wrongType'
    const within = (xs: readonly unknown[], ys: readonly unknown[]) =>
      xs.every((x) => ys.some((y) => deepEqual(x, y)))
    return verdict(within(v, expected) && within(expected, v))
  }
  throw new Error('reference: a plain object is never a value form')
}

/** `eq`: the value form for scalars and null, deep equality for arrays and objects. */
function eq(operand: Json, v: unknown): RefVerdict {
  if (Array.isArray(operand)) {
    if (missing(v)) return 'missing'
    return Array.isArray(v) ? verdict(deepEqual(v, operand)) : 'wrongType'
  }
  if (isObject(operand)) {
    if (missing(v)) return 'missing'
    return isObject(v) ? verdict(deepEqual(v, operand)) : 'wrongType'
  }
  return valueForm(operand, v)
}

function operator(o: OperatorSpec, v: unknown): RefVerdict {
  switch (o.op) {
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (missing(v)) return 'missing'
      const n = asNumber(v)
      if (n === undefined) return 'wrongType'
      const b = o.operand
      return verdict(
        o.op === 'gt' ? n > b : o.op === 'gte' ? n >= b : o.op === 'lt' ? n < b : n <= b,
      )
    }
    case 'eq':
      return eq(o.operand, v)
    case 'neq': {
      // "present and not null" for a null operand; else the negation of eq, where a value eq
      // cannot judge does not match either.
      if (o.operand === null) return v === undefined ? 'missing' : verdict(v !== null)
      const r = eq(o.operand, v)
      return r === 'match' ? 'false' : r === 'false' ? 'match' : r
    }
    case 'in': {
      if (v === undefined) return 'missing'
      if (v === null) return o.operand.includes(null) ? 'match' : 'missing'
      const each = o.operand.map((e) => (e === null ? 'false' : eq(e, v)))
      if (each.includes('match')) return 'match'
      if (each.length > 0 && each.every((r) => r === 'wrongType')) return 'wrongType'
      return each.every((r) => r === 'false') ? 'false' : 'unsure'
    }
    case 'matches':
      if (missing(v)) return 'missing'
      return typeof v === 'string' ? verdict(new RegExp(o.operand).test(v)) : 'wrongType'
  }
}

function callable(spec: FnSpec, state: RefState): RefVerdict {
  switch (spec.fn) {
    case 'visitsAtLeast': {
      const visits = hasKey(state.nodeVisits, spec.node) ? state.nodeVisits[spec.node] : 0
      return verdict((visits ?? 0) >= spec.n)
    }
    case 'turnAtLeast':
      return verdict(state.turn >= spec.n)
    case 'verdictIs':
      return verdict(state.verifyResult === spec.value)
    case 'accumulatedAtLeast': {
      const v = state.accumulated[spec.key]
      return verdict(typeof v === 'number' && v >= spec.n)
    }
    case 'parsedTruthy':
      return verdict(Boolean(hasKey(state.parsed, spec.field) && state.parsed[spec.field]))
    case 'constant':
      return verdict(Boolean(spec.value))
    case 'throws':
    case 'promise':
      return 'failed'
    case 'tryMutate':
      // The state is read-only for conditions: the write never takes effect.
      return 'false'
  }
}

function valueType(value: Json): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

function pathCheck(check: PathCheckSpec, state: RefState, out: EvaluatedCheck[]): boolean {
  const v = refReadPath(state, check.path)
  const tests: [string, (v: unknown) => RefVerdict][] =
    check.kind === 'value'
      ? [[`value:${valueType(check.value as Json)}`, (x) => valueForm(check.value as Json, x)]]
      : check.ops.map((o) => [o.op, (x: unknown) => operator(o, x)])
  for (const [test, run] of tests) {
    const r = run(v)
    out.push({ key: check.path, verdict: r, test })
    if (r !== 'match') return false
  }
  return true
}

/** Evaluates a condition (AND, short-circuit), appending each evaluated check to `out`. */
export function refCondition(spec: ConditionSpec, state: RefState, out: EvaluatedCheck[]): boolean {
  switch (spec.form) {
    case 'object':
      return spec.checks.every((c) => pathCheck(c, state, out))
    case 'fn': {
      const r = callable(spec.fn, state)
      out.push({ key: FN_KEY, verdict: r, test: `fn:${spec.fn.fn}` })
      return r === 'match'
    }
    case 'list':
      return spec.items.every((item) => refCondition(item, state, out))
  }
}

/** A routing decision of the reference. */
export interface RefRoute {
  /** The next node, `END`, or null (an implicit terminal). */
  readonly target: string | null
  /** The checks evaluated, in order. */
  readonly evaluated: EvaluatedCheck[]
  /** The index of the edge taken, if any. */
  readonly chosen: number | null
  /** The index of the first unconditional edge, if any. */
  readonly fallback: number | null
}

/** The next step (SPEC section 5) and the checks evaluated to find it. */
export function refRoute(edges: readonly EdgeSpec[], state: RefState): RefRoute {
  const evaluated: EvaluatedCheck[] = []
  let fallback: number | null = null
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i] as EdgeSpec
    if (edge.when === null) {
      if (fallback === null) fallback = i
    } else if (refCondition(edge.when, state, evaluated)) {
      return { target: edge.target, evaluated, chosen: i, fallback }
    }
  }
  const target = fallback === null ? null : (edges[fallback] as EdgeSpec).target
  return { target, evaluated, chosen: fallback, fallback }
}

/**
 * The diagnostics a set of evaluated checks allows, as keys (dot path or `<fn>`): every check that
 * could not judge its value must leave one (`required`); none may come from a check that was not
 * evaluated or that matched (`allowed` = the evaluated non-matching checks).
 */
export function diagnosticBounds(evaluated: readonly EvaluatedCheck[]): {
  required: string[]
  allowed: string[]
} {
  const mustReport = (v: RefVerdict) => v === 'missing' || v === 'wrongType' || v === 'failed'
  return {
    required: evaluated.filter((c) => mustReport(c.verdict)).map((c) => c.key),
    allowed: evaluated.filter((c) => c.verdict !== 'match').map((c) => c.key),
  }
}

// ---------------------------------------------------------------------------------------------
// The run loop (SPEC section 5 "Per turn, in this order", section 6 "Turn limit", "Errors")

/** What the reference says about a run. */
export interface RefRun {
  status: 'completed' | 'limit_reached' | 'error'
  path: string[]
  verifyResults: (boolean | null)[]
  parsed: Record<string, unknown>[]
  nodeVisits: Record<string, number>
  accumulated: Record<string, unknown>
  /** Turns whose stateUpdate failed (one `stateUpdate` diagnostic each). */
  stateUpdateFailures: number[]
  /** Per turn that routed, the routing decision. */
  routes: (RefRoute & { turn: number })[]
  /** The next step after the last turn (`undefined` after an error turn). */
  next: string | null | undefined
}

function applyUpdate(
  spec: StateUpdateSpec,
  accumulated: Record<string, unknown>,
  parsed: Record<string, unknown>,
): Record<string, unknown> | 'failed' {
  switch (spec.kind) {
    case 'count': {
      const v = accumulated[spec.key]
      return { ...accumulated, [spec.key]: (typeof v === 'number' ? v : 0) + spec.by }
    }
    case 'copy':
      return { ...accumulated, [spec.key]: parsed[spec.field] ?? null }
    case 'mutateAndReturn':
      return { ...accumulated, [spec.key]: 'mutated' }
    case 'mutateParsed':
      return { ...accumulated }
    case 'throw':
    case 'mutateThenThrow':
    case 'nonObject':
    case 'nonCloneable':
      return 'failed'
  }
}

/** Runs a scenario case by the SPEC's rules, with the same scripted answers. */
export function refRun(c: ScenarioCase): RefRun {
  const nodes = new Map(c.graph.nodes.map((n) => [n.id, n]))
  const edgesFrom = (id: string) => c.graph.edges.filter((e) => e.source === id)
  const run: RefRun = {
    status: 'completed',
    path: [],
    verifyResults: [],
    parsed: [],
    nodeVisits: {},
    accumulated: {},
    stateUpdateFailures: [],
    routes: [],
    next: undefined,
  }
  // Every node of the graph counts from 0 before it runs (defineProperty: '__proto__' is a key).
  for (const { id } of c.graph.nodes) {
    Object.defineProperty(run.nodeVisits, id, {
      value: 0,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  let node = c.graph.entry
  for (let turn = 0; ; turn++) {
    const spec = nodes.get(node)
    if (spec === undefined) throw new Error(`reference: unknown node ${node}`)
    const answer = c.answers[turn % c.answers.length] as AnswerSpec
    const failed = answer.kind === 'error'
    const parsed: Record<string, unknown> =
      answer.kind === 'error' || spec.template === 'none' ? {} : JSON.parse(rawAnswer(answer))
    const verifyResult =
      answer.kind === 'answer' && spec.template === 'verdict' ? answer.verdict : null
    const visits = hasKey(run.nodeVisits, node) ? (run.nodeVisits[node] as number) : 0
    // defineProperty: a node id such as '__proto__' is an ordinary key here.
    Object.defineProperty(run.nodeVisits, node, {
      value: visits + 1,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    if (spec.stateUpdate !== null) {
      const next = applyUpdate(spec.stateUpdate, run.accumulated, parsed)
      if (next === 'failed') run.stateUpdateFailures.push(turn)
      else run.accumulated = next
    }
    run.path.push(node)
    run.verifyResults.push(verifyResult)
    run.parsed.push(parsed)
    if (failed) {
      run.status = 'error'
      return run
    }
    const state: RefState = {
      turn,
      currentNode: node,
      verifyResult,
      parsed,
      nodeVisits: run.nodeVisits,
      accumulated: run.accumulated,
    }
    const route = refRoute(edgesFrom(node), state)
    run.routes.push({ ...route, turn })
    const target = route.target
    run.next = target
    if (target === null || target === REF_END) return run
    if (run.path.length === c.turnLimit) {
      run.status = 'limit_reached'
      return run
    }
    node = target
  }
}
