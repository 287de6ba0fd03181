import { compileWhen } from '../conditions/compile-when.js'
import type { CompiledCondition } from '../conditions/compiled-condition.js'
import { type ConditionContext, evaluateCondition } from '../conditions/evaluate-condition.js'
import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { readDiagnostics } from '../internal/read-diagnostics.js'
import type { Diagnostic, ScenarioStateView } from '../state/types.js'
import { buildRouteIndex, firstLookedUp, type RouteIndex } from './route-index.js'

/** What routing needs of an edge: a definition's edges, or any object of this shape. */
export interface RoutableEdge {
  readonly source: string
  readonly target: string
  readonly when?: unknown
}

/** Options of `resolveNextNode`. */
export interface ResolveNextNodeOptions {
  /** Receives a `condition` diagnostic for each evaluated check that could not match. */
  diagnostics?: Diagnostic[] | undefined
}

// Compiled conditions, keyed by the `when` object or function itself: definitions stay frozen
// plain data with no hidden fields, and shallow copies of an edge share the compiled form.
const compiledByWhen = new WeakMap<object, CompiledCondition>()

function compiledFor(edge: RoutableEdge): CompiledCondition | null {
  const when = edge.when
  if (when === undefined || when === null) return null
  if (typeof when !== 'object' && typeof when !== 'function') {
    // Not cacheable, and not valid either: compileWhen throws the addEdge error.
    return compileWhen(when, `edge '${edge.source}' -> '${edge.target}'`)
  }
  let compiled = compiledByWhen.get(when)
  if (compiled === undefined) {
    compiled = compileWhen(when, `edge '${edge.source}' -> '${edge.target}'`) as CompiledCondition
    compiledByWhen.set(when, compiled)
  }
  return compiled
}

/**
 * Picks the next node: scans `edges` in order, remembers the first
 * unconditional edge as the fallback (wherever it stands), and returns the target of the first
 * conditional edge that matches, else the fallback's target, else `null` (an implicit terminal).
 * Conditions never throw; diagnostics go to `options.diagnostics`. An invalid `when` (which
 * `addEdge` would have refused) is an `InvalidArgumentError`.
 *
 * @example
 * resolveNextNode(definition.edgesFrom('ask'), state) // 'retry' when verifyResult is false
 */
export function resolveNextNode(
  edges: readonly RoutableEdge[],
  state: ScenarioStateView,
  options?: ResolveNextNodeOptions,
): string | null {
  // Checked here, at the public entry; the runner routes each turn with `nextNode`, whose
  // edges come from a validated definition and whose state it keeps itself.
  const where = 'resolveNextNode(edges, state, options)'
  // The list and each edge's own fields; a `when` is checked when it is compiled (once, cached).
  assertReadable(edges, where, 2)
  if (!Array.isArray(edges)) {
    throw new InvalidArgumentError(
      `${where} needs an array of edges, got ${describeValue(edges)}`,
      "Pass the edges of a node, e.g. definition.edgesFrom('ask').",
    )
  }
  for (let i = 0; i < edges.length; i++) {
    const edge: unknown = edges[i]
    if (
      !isPlainObject(edge) ||
      typeof edge.source !== 'string' ||
      typeof edge.target !== 'string'
    ) {
      throw new InvalidArgumentError(
        `edges[${i}] in ${where} is not an edge { source, target, when? }: ${describeValue(edge)}`,
        "Pass the edges of a node, e.g. definition.edgesFrom('ask').",
      )
    }
  }
  // The state is not walked: a value in it that throws when read is a condition that does not
  // match (with a diagnostic), never an error.
  if (!isPlainObject(state)) {
    throw new InvalidArgumentError(
      `${where} needs the run's state, got ${describeValue(state)}`,
      'Pass the state a condition, question or agent is given (context.state), or result.finalState.',
    )
  }
  readDiagnostics(options, where)
  return nextNode(edges, state, options)
}

/** `resolveNextNode` without the checks of its arguments. */
export function nextNode(
  edges: readonly RoutableEdge[],
  state: ScenarioStateView,
  options?: ResolveNextNodeOptions,
): string | null {
  const taken = takenEdgeIndex(edges, state, options)
  return taken < 0 ? null : (edges[taken] as RoutableEdge).target
}

/**
 * The routing rule itself, as the position in `edges` of the edge taken (-1: none, an implicit
 * terminal): the first conditional edge that matches, else the first unconditional one. The
 * runner calls it once per turn and keeps the answer on the turn record, so nothing evaluates a
 * condition again after the run.
 */
export function takenEdgeIndex(
  edges: readonly RoutableEdge[],
  state: ScenarioStateView,
  options?: ResolveNextNodeOptions,
): number {
  const diagnostics = options?.diagnostics
  const { conditions, index } = compiledEdges(edges)
  // One context for the pass, pointed at each edge in turn (it is read only while a condition
  // reports): routing a wide fan-out allocates nothing per edge.
  const ctx: ConditionContext | undefined =
    diagnostics === undefined ? undefined : { diagnostics, turn: state.turn }
  const looked = index === undefined ? undefined : firstLookedUp(index, state)
  if (index !== undefined && looked !== undefined) {
    // The edges that are not looked up are tried in order, up to the first looked-up match.
    for (const i of index.others) {
      if (i > looked) break
      if (tryEdge(edges, conditions, i, state, ctx)) return i
    }
    return Number.isFinite(looked) ? looked : index.fallback
  }
  let fallback = -1
  for (let i = 0; i < edges.length; i++) {
    if (conditions[i] === null) {
      if (fallback < 0) fallback = i
      continue
    }
    if (tryEdge(edges, conditions, i, state, ctx)) return i
  }
  return fallback
}

/** Whether the condition of conditional edge `i` holds, its diagnostics naming that edge. */
function tryEdge(
  edges: readonly RoutableEdge[],
  conditions: readonly (CompiledCondition | null)[],
  i: number,
  state: ScenarioStateView,
  ctx: ConditionContext | undefined,
): boolean {
  if (ctx !== undefined) {
    const edge = edges[i] as RoutableEdge
    ctx.nodeId = edge.source
    ctx.edge = edge
  }
  return evaluateCondition(conditions[i] as CompiledCondition, state, ctx)
}

/** A list of edges compiled for routing: each edge's condition, and the look-up when it pays. */
interface CompiledEdges {
  /** Each edge's compiled condition (`null`: unconditional), in the order of the edges. */
  readonly conditions: readonly (CompiledCondition | null)[]
  readonly index: RouteIndex | undefined
}

// Made once per frozen list of edges (a definition's `edgesFrom`): routing then reads an array
// instead of looking each edge's condition up on every turn.
const compiledLists = new WeakMap<readonly RoutableEdge[], CompiledEdges>()

function compiledEdges(edges: readonly RoutableEdge[]): CompiledEdges {
  const cached = compiledLists.get(edges)
  if (cached !== undefined) return cached
  const conditions = edges.map(compiledFor)
  const compiled = { conditions, index: buildRouteIndex(conditions) }
  // A list that may still change (a caller's own array) is compiled per call, as it reads now.
  if (Object.isFrozen(edges)) compiledLists.set(edges, compiled)
  return compiled
}
