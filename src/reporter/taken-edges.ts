// Which edge a run took after each turn. A result records the nodes visited, not the edges, and
// a step from `a` to `b` is ambiguous when several `a → b` edges exist (a condition and a
// fallback to the same target is common). Routing is re-run on the state rebuilt from the
// history to tell them apart; the rebuilt state lacks `accumulated` before the last turn, so a
// condition that reads it leaves the step undecided (-1) rather than guessed.
import { isUnconditional } from '../conditions/when-to-json.js'
import { nextNode } from '../routing/resolve-next-node.js'
import type { ScenarioDefinition } from '../scenario/definition.js'
import { END } from '../scenario/end.js'
import type {
  NodeResult,
  ScenarioExecutionResult,
  ScenarioState,
  ScenarioStateView,
} from '../state/types.js'
import { zeroVisits } from '../state/zero-visits.js'

/**
 * The edges a run took, as indices into `definition.edges`: entry `k` is the edge from
 * `path[k]` to `path[k + 1]`, and an entry at `k = path.length - 1` is the edge to END that ended
 * a completed run (absent when it ended at an implicit terminal). -1 marks a step whose edge
 * could not be told apart from a parallel one.
 *
 * @example
 * takenEdges(definition, result) // [1, 3]: ask → retry by edge 1, then retry → END by edge 3
 */
export function takenEdges(
  definition: ScenarioDefinition,
  result: ScenarioExecutionResult,
): number[] {
  const { path } = result
  const indexed = definition.edges.map((edge, index) => ({ edge, index }))
  const taken: number[] = []
  for (let k = 0; k < path.length; k++) {
    const from = path[k] as string
    const last = k === path.length - 1
    // The failing turn of an error run and the last turn of a limit_reached run routed nowhere.
    if (last && result.status !== 'completed') break
    const to = last ? END : (path[k + 1] as string)
    const candidates = indexed.filter(({ edge }) => edge.source === from && edge.target === to)
    if (candidates.length === 0) break // a completed run that ended at an implicit terminal
    if (candidates.length === 1 && !last) {
      taken.push((candidates[0] as { index: number }).index)
      continue
    }
    const fired = firedEdge(
      indexed.filter(({ edge }) => edge.source === from),
      rebuildState(definition, result, k),
      last,
    )
    if (fired === undefined) taken.push(-1)
    else if (fired === null)
      break // resolved to no edge: an implicit terminal
    else if (candidates.some((c) => c.index === fired)) taken.push(fired)
    else taken.push(-1) // the rebuilt state routed elsewhere: it differs from the real one
  }
  return taken
}

/**
 * Resolves routing on a rebuilt state the way `resolveNextNode` does, returning the edge's
 * index: the first conditional edge that matches, else the first unconditional one, else
 * `null`; `undefined` when a condition read the state's unknown `accumulated`.
 */
function firedEdge(
  outbound: readonly { edge: ScenarioDefinition['edges'][number]; index: number }[],
  state: ScenarioState,
  accumulatedKnown: boolean,
): number | null | undefined {
  let tainted = false
  const view = accumulatedKnown
    ? state
    : new Proxy(state, {
        get(target, key, receiver) {
          if (key === 'accumulated') tainted = true
          return Reflect.get(target, key, receiver)
        },
        getOwnPropertyDescriptor(target, key) {
          if (key === 'accumulated') tainted = true
          return Reflect.getOwnPropertyDescriptor(target, key)
        },
      })
  let fallback: number | null = null
  for (const { edge, index } of outbound) {
    if (isUnconditional(edge.when)) {
      fallback ??= index
      continue
    }
    const matched = nextNode([edge], view as ScenarioStateView) !== null
    if (tainted) return undefined
    if (matched) return index
  }
  return fallback
}

/** The state as it stood after turn `k`, rebuilt from the history (`accumulated` only at the end). */
function rebuildState(
  definition: ScenarioDefinition,
  result: ScenarioExecutionResult,
  k: number,
): ScenarioState {
  const history = result.history.slice(0, k + 1)
  const turn = result.history[k]
  // As in the run itself: every node of the graph counts from 0.
  const nodeVisits = zeroVisits(definition.nodes)
  const nodeResults: Record<string, NodeResult> = {}
  for (const record of history) {
    nodeVisits[record.nodeId] = (nodeVisits[record.nodeId] ?? 0) + 1
    nodeResults[record.nodeId] = {
      verifyResult: record.verifyResult,
      parsed: record.parsedFields,
      rubric: record.rubric,
    }
  }
  return {
    turn: k,
    currentNode: turn?.nodeId ?? '',
    verifyResult: turn?.verifyResult ?? null,
    parsed: turn?.parsedFields ?? {},
    nodeVisits,
    history,
    accumulated: k === result.history.length - 1 ? result.finalState.accumulated : {},
    nodeResults,
  }
}
