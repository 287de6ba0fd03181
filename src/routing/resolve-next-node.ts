import { compileWhen } from '../conditions/compile-when.js'
import type { CompiledCondition } from '../conditions/compiled-condition.js'
import { type ConditionContext, evaluateCondition } from '../conditions/evaluate-condition.js'
import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { readDiagnostics } from '../internal/read-diagnostics.js'
import type { Diagnostic, ScenarioStateView } from '../state/types.js'

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
  let fallback = -1
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i] as RoutableEdge
    const compiled = compiledFor(edge)
    if (compiled === null) {
      if (fallback < 0) fallback = i
      continue
    }
    // A context only when someone reads diagnostics: the common path allocates nothing.
    const ctx: ConditionContext | undefined =
      diagnostics === undefined
        ? undefined
        : { diagnostics, nodeId: edge.source, turn: state.turn, edge }
    if (evaluateCondition(compiled, state, ctx)) return i
  }
  return fallback
}
