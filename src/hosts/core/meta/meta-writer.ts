// How the scenario meta writes the strings it draws from a test's definition and results: each
// through the `text` rewrite (redaction, secret masking) before it is clipped, node ids and
// outcome names once per value so the graph, the paths and the outcomes keep agreeing.
import { InvalidArgumentError } from '../../../errors/index.js'
import { describeValue } from '../../../internal/describe-value.js'
import type { ScenarioDefinition } from '../../../scenario/definition.js'
import { END } from '../../../scenario/end.js'
import { clip, describeWhen, MAX_LABEL } from './describe-when.js'
import { MAX_META_STRING } from './meta-limits.js'
import type { ScenarioEdgeMeta, ScenarioGraphMeta, ScenarioRunMeta } from './meta-schema.js'

/** A rewrite of the strings of a `ScenarioMeta`, by dot path (see `ScenarioMetaOptions.text`). */
export type MetaText = (value: string, path: string) => string

/** How the meta writes the strings it draws from the definition and the results. */
export interface MetaWriter {
  /** `value` through the `text` option at `path`, on one line when asked, then clipped to `max`. */
  text(value: string, path: string, max: number, oneLine?: boolean): string
  /** A node id, rewritten once per id: the graph, the paths and the errors keep agreeing. */
  node(id: string): string
  /** An outcome name, rewritten once per name: the criteria and each run's outcomes agree. */
  outcome(name: string): string
}

/**
 * `rewrite(value, path)`; what it throws is the caller's bug, said as such (with the error as its
 * cause), never passed through as if the library threw it.
 */
function rewritten(rewrite: MetaText, value: string, path: string): unknown {
  try {
    return rewrite(value, path)
  } catch (error) {
    // An error the library made (a redact hook `metaText()` calls) already says what to do.
    if (error instanceof InvalidArgumentError) throw error
    const reason = error instanceof Error ? error.message : describeValue(error)
    throw new InvalidArgumentError(
      `\`text\` in scenarioMeta(definition, results, options) threw for "${path}": ${reason}`,
      'Make it return a string for every value: the value itself for paths it does not change.',
      undefined,
      { cause: error },
    )
  }
}

/** The writer of one meta: `rewrite` is the `text` option of `scenarioMeta()`. */
export function metaWriter(
  definition: ScenarioDefinition,
  rewrite: MetaText | undefined,
): MetaWriter {
  const text = (value: string, path: string, max: number, flat = false): string => {
    // Rewrite (redact, mask) the whole text first: a key clipped in half would not be recognised.
    const kept = rewrite === undefined ? value : rewritten(rewrite, value, path)
    if (typeof kept !== 'string') {
      throw new InvalidArgumentError(
        `\`text\` in scenarioMeta(definition, results, options) must return a string; for "${path}" it returned ${describeValue(kept)}`,
      )
    }
    return clip(flat ? oneLine(kept) : kept, max)
  }
  const cached = (path: (value: string) => string) => {
    const seen = new Map<string, string>()
    return (value: string): string => {
      let out = seen.get(value)
      if (out === undefined) {
        out = text(value, path(value), MAX_META_STRING)
        seen.set(value, out)
      }
      return out
    }
  }
  const nodes = new Map(definition.nodeIds.map((id, i) => [id, `graph.nodes.${i}`]))
  const criteria = new Map(
    definition.outcomeCriteria.map((criterion, i) => [criterion.name, `criteria.${i}.name`]),
  )
  const node = cached((id) => nodes.get(id) ?? 'graph.nodes')
  return {
    text,
    // END is the library's own marker, never user text.
    node: (id) => (id === END ? id : node(id)),
    outcome: cached((name) => criteria.get(name) ?? 'criteria'),
  }
}

/** The scenario graph as the meta holds it, edge conditions as short labels. */
export function graphMeta(definition: ScenarioDefinition, write: MetaWriter): ScenarioGraphMeta {
  // An edge without `when` (or with `when: null`) is its source's fallback; the others are
  // conditional. The graph is described as written: the route each turn took is on its record.
  const conditional = new Set(
    definition.edges.filter((e) => e.when !== undefined && e.when !== null).map((e) => e.source),
  )
  return {
    nodes: definition.nodeIds.map(write.node),
    entry: write.node(definition.entryNode),
    edges: definition.edges.map((edge, i) => {
      // Described in full, rewritten, then clipped: a value in a condition may be a secret.
      const label = describeWhen(edge.when, Number.POSITIVE_INFINITY)
      const out: ScenarioEdgeMeta = { from: write.node(edge.source), to: write.node(edge.target) }
      // A fallback beside conditional edges is taken only when none of them holds: say so.
      if (label !== undefined) out.label = write.text(label, `graph.edges.${i}.label`, MAX_LABEL)
      else if (conditional.has(edge.source)) out.label = 'otherwise'
      return out
    }),
  }
}

/** Run indexes, failed runs first (the ones a reader opens the report for), then in order. */
export function failedFirst(runs: readonly ScenarioRunMeta[]): number[] {
  const order = runs.map((_, i) => i)
  return order.sort((a, b) => Number(runs[a]?.passed) - Number(runs[b]?.passed) || a - b)
}

/** `text` on one line: runs of white space as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
