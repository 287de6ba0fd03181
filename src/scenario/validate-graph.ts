import { isUnconditional } from '../conditions/index.js'
import type { ValidationProblem } from '../errors/index.js'
import { END } from './end.js'
import type { ScenarioEdge, ScenarioNode, ScenarioWarning } from './types.js'
import { testsOnlyVerdict, verdictFallbackHint } from './verdict-edges.js'

/** The problems and warnings of a graph, in the order `validate()` reports them:
 * entry, edge ends, reachability, fallbacks. */
export interface GraphReport {
  problems: ValidationProblem[]
  warnings: ScenarioWarning[]
}

/** Checks a graph's structure: entry, edge ends, reachability, fallbacks. */
export function checkGraph(
  specs: ReadonlyMap<string, ScenarioNode>,
  edges: readonly ScenarioEdge[],
  entry: string | undefined,
): GraphReport {
  const nodeIds = [...specs.keys()]
  const nodes = new Set(nodeIds)
  const problems: ValidationProblem[] = []
  if (entry === undefined) {
    problems.push({ code: 'no_entry', message: 'No entry node is set; call setEntry(id)', ids: [] })
  } else if (!nodes.has(entry)) {
    problems.push({
      code: 'unknown_entry',
      message: `The entry node '${entry}' is not a known node`,
      ids: [entry],
    })
  }
  for (const { source, target } of edges) {
    if (!nodes.has(source)) {
      problems.push({
        code: 'unknown_source',
        message: `Edge '${source}' → '${target}' starts at '${source}', which is not a known node`,
        ids: [source, target],
      })
    }
    if (!nodes.has(target) && target !== END) {
      problems.push({
        code: 'unknown_target',
        message: `Edge '${source}' → '${target}' goes to '${target}', which is neither a known node nor END`,
        ids: [source, target],
      })
    }
  }
  if (entry !== undefined && nodes.has(entry)) {
    const reached = reachable(entry, edges, nodes)
    for (const id of [...nodeIds].sort()) {
      if (!reached.has(id)) {
        problems.push({
          code: 'unreachable',
          message: `Node '${id}' cannot be reached from the entry node '${entry}'`,
          ids: [id],
        })
      }
    }
  }
  const { fallbacks, warnings } = checkFallbacks(edges, specs)
  problems.push(...fallbacks)
  return { problems, warnings }
}

/**
 * The nodes reachable from `entry`: a breadth-first walk over the edges grouped by source once,
 * so a graph is checked in time linear in its nodes and edges (a scan of every edge per node was
 * quadratic: half a second for a 10,000-node chain).
 */
function reachable(entry: string, edges: readonly ScenarioEdge[], nodes: Set<string>): Set<string> {
  const targets = new Map<string, string[]>()
  for (const { source, target } of edges) {
    if (!nodes.has(target)) continue
    const list = targets.get(source)
    if (list === undefined) targets.set(source, [target])
    else list.push(target)
  }
  const seen = new Set([entry])
  const queue = [entry]
  for (let i = 0; i < queue.length; i++) {
    for (const target of targets.get(queue[i] as string) ?? []) {
      if (!seen.has(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  return seen
}

function checkFallbacks(
  edges: readonly ScenarioEdge[],
  specs: ReadonlyMap<string, ScenarioNode>,
): {
  fallbacks: ValidationProblem[]
  warnings: ScenarioWarning[]
} {
  // Sources in order of first appearance, with their conditional edges and unconditional targets.
  const bySource = new Map<string, { conditional: ScenarioEdge[]; unconditional: string[] }>()
  for (const edge of edges) {
    let entry = bySource.get(edge.source)
    if (entry === undefined) {
      entry = { conditional: [], unconditional: [] }
      bySource.set(edge.source, entry)
    }
    if (isUnconditional(edge.when)) entry.unconditional.push(edge.target)
    else entry.conditional.push(edge)
  }
  const fallbacks: ValidationProblem[] = []
  const warnings: ScenarioWarning[] = []
  for (const [source, { conditional, unconditional }] of bySource) {
    if (conditional.length > 0 && unconditional.length === 0) {
      // Edges on `verifyResult: true` and `false` look exhaustive; say why they are not.
      const hint = testsOnlyVerdict(conditional) ? verdictFallbackHint(specs.get(source)) : ''
      fallbacks.push({
        code: 'no_fallback',
        message: `Node '${source}' has conditional edges but no unconditional fallback; add addEdge('${source}', target) without \`when\`${hint}`,
        ids: [source],
      })
    }
    if (unconditional.length > 1) {
      const targets = unconditional.map((t) => `'${t}'`).join(', ')
      warnings.push({
        code: 'multiple_unconditional',
        message: `Node '${source}' has ${unconditional.length} unconditional edges (to ${targets}); only the first, to '${unconditional[0]}', is used`,
        ids: [source, ...unconditional],
      })
    }
  }
  return { fallbacks, warnings }
}
