// A look-up for wide fan-outs: many edges of one node that each compare the same dot path with a
// value of their own, a text (`{ 'parsed.intent': 'refund' }`) or a bound (`{ 'parsed.score':
// { gte: 70 } }`). Trying them one by one costs a condition per edge on every turn; with the
// look-up, routing reads the path once and finds the first matching edge directly. It gives the
// edge the ordinary rule would take, and defers to that rule whenever it could say otherwise.
import type { CompiledCondition, PathCheck, RangeOp } from '../conditions/compiled-condition.js'
import { applyNormalizers, type Normalizer } from '../primitives/index.js'
import type { CompiledPath } from '../state/resolve-path.js'
import type { ScenarioStateView } from '../state/types.js'

/** Below this many looked-up edges a node's edges are tried one by one, as ever. */
export const MIN_INDEXED_EDGES = 8

/**
 * Edges that compare one path the same way, each with its own value. `first` gives the position
 * (among the node's edges) of the first of them that the value matches, `Infinity` when none
 * does, or `undefined` when the look-up cannot tell (a value of another type: the edges would
 * compare it by other rules, or leave diagnostics), and the edges are tried one by one.
 */
interface Group {
  readonly path: CompiledPath
  /** Whether an edge's comparison is this group's (the same operator, the same normalizers). */
  accepts(test: NonNullable<ReturnType<typeof lookUpAble>>): boolean
  add(position: number, test: NonNullable<ReturnType<typeof lookUpAble>>): void
  first(value: unknown): number | undefined
}

/** A node's edges as routing reads them with the look-up. */
export interface RouteIndex {
  readonly groups: readonly Group[]
  /** The positions of the conditional edges that are not looked up, in order. */
  readonly others: readonly number[]
  /** The position of the first unconditional edge, -1 without one. */
  readonly fallback: number
}

/**
 * The look-up for a node's compiled conditions (`null`: unconditional), or `undefined` when fewer
 * than `MIN_INDEXED_EDGES` of them are one comparison of a path (nothing to gain).
 */
export function buildRouteIndex(
  conditions: readonly (CompiledCondition | null)[],
): RouteIndex | undefined {
  const groups: Group[] = []
  const others: number[] = []
  let fallback = -1
  let indexed = 0
  conditions.forEach((condition, position) => {
    if (condition === null) {
      if (fallback < 0) fallback = position
      return
    }
    const test = lookUpAble(condition)
    if (test === undefined) {
      others.push(position)
      return
    }
    let group = groups.find((g) => g.path.path === test.check.path.path && g.accepts(test))
    if (group === undefined) {
      group =
        test.range === undefined ? textGroup(test.check.path, test.normalize) : rangeGroup(test)
      groups.push(group)
    }
    group.add(position, test)
    indexed++
  })
  if (indexed < MIN_INDEXED_EDGES) return undefined
  return { groups, others, fallback }
}

/**
 * The first looked-up edge that matches the state: the lowest position among the groups'
 * matches (`Infinity`: none), or `undefined` when a group cannot tell.
 */
export function firstLookedUp(index: RouteIndex, state: ScenarioStateView): number | undefined {
  let best = Number.POSITIVE_INFINITY
  for (const group of index.groups) {
    let value: unknown
    try {
      value = group.path.read(state)
    } catch {
      return undefined
    }
    const at = group.first(value)
    if (at === undefined) return undefined
    if (at < best) best = at
  }
  return best
}

/** A condition that is one comparison of one path, with what the look-up needs of it. */
function lookUpAble(condition: CompiledCondition) {
  if (condition.checks.length !== 1) return undefined
  const check = condition.checks[0]
  if (check === undefined || check.kind !== 'path' || check.tests.length !== 1) return undefined
  const test = check.tests[0]
  if (test?.equalsString !== undefined) {
    const { normalized, normalize } = test.equalsString
    return { check, normalized, normalize, range: undefined }
  }
  if (test?.range !== undefined) {
    return { check, normalized: '', normalize: [], range: test.range }
  }
  return undefined
}

/**
 * Edges that expect a text: a string value matches an edge exactly when its normalized form is
 * the edge's normalized text (`stringTest`), so one map from text to first position answers.
 */
function textGroup(path: CompiledPath, normalize: readonly Normalizer[]): Group {
  const byText = new Map<string, number>()
  return {
    path,
    // One group per normalizer list: the value is normalized once per group.
    accepts: (test) => test.range === undefined && test.normalize === normalize,
    add(position, test) {
      if (!byText.has(test.normalized)) byText.set(test.normalized, position)
    },
    first(value) {
      if (typeof value !== 'string') return undefined
      return byText.get(applyNormalizers(value, normalize)) ?? Number.POSITIVE_INFINITY
    },
  }
}

/**
 * Edges with one range operator: for `gte`, the first edge whose bound is at most the value is
 * the first whose running minimum of bounds is, and running minima only fall, so a binary search
 * finds it (`gt` the same, strictly; `lte`/`lt` with running maxima). Numbers only (NaN is a
 * wrong type, with a diagnostic, so it defers).
 */
function rangeGroup(test: { check: PathCheck; range?: { op: RangeOp } | undefined }): Group {
  const op = test.range?.op ?? 'gte'
  const falls = op === 'gte' || op === 'gt'
  const positions: number[] = []
  const extremes: number[] = []
  return {
    path: test.check.path,
    accepts: (other) => other.range?.op === op,
    add(position, added) {
      const bound = added.range?.bound ?? 0
      const last = extremes.at(-1)
      positions.push(position)
      extremes.push(
        last === undefined ? bound : falls ? Math.min(last, bound) : Math.max(last, bound),
      )
    },
    first(value) {
      if (typeof value !== 'number' || Number.isNaN(value)) return undefined
      const holds = (extreme: number) =>
        op === 'gte'
          ? extreme <= value
          : op === 'gt'
            ? extreme < value
            : op === 'lte'
              ? extreme >= value
              : extreme > value
      // The first k where holds(extremes[k]): once it holds it holds for every later k.
      let low = 0
      let high = extremes.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (holds(extremes[mid] as number)) high = mid
        else low = mid + 1
      }
      return low < positions.length ? (positions[low] as number) : Number.POSITIVE_INFINITY
    },
  }
}
