// A scenario graph as a Mermaid flowchart (GitHub renders ```mermaid blocks), the path taken in
// a highlight class and link style.

import type { ScenarioGraphMeta } from '../hosts/core/meta/scenario-meta.js'
import { END } from '../scenario/end.js'
import { stripControl } from '../secrets/index.js'
import { nodeName } from './format.js'
import { drawnNodes } from './graph-svg.js'
import type { PathHighlight } from './path-highlight.js'

const ON_PATH = '#2563eb'

/**
 * Text inside a quoted Mermaid label: characters Mermaid or Markdown would read (quotes, `#`,
 * angle brackets, `|`, backticks) as Mermaid's numeric entity codes (`#34;`), whitespace as one
 * space, control characters dropped.
 *
 * @example
 * mermaidText('say "no" <b>') // 'say #34;no#34; #60;b#62;'
 */
export function mermaidText(text: string): string {
  return stripControl(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[#"<>&`|\\[\]{}]/g, (c) => `#${c.codePointAt(0)};`)
}

/**
 * The Mermaid flowchart of a graph. Node ids are generated (`n0`, `n1`, …; `n_end` for END), so
 * no user id can break the syntax; ids appear only as quoted labels.
 */
export function mermaidGraph(graph: ScenarioGraphMeta, highlight: PathHighlight): string {
  const ids = drawnNodes(graph)
  const key = new Map(ids.map((id, i) => [id, id === END ? 'n_end' : `n${i}`]))
  const lines = ['flowchart TD']
  for (const id of ids) {
    const visits = highlight.visits.get(id) ?? 0
    const label = mermaidText(nodeName(id) + (visits > 1 && id !== END ? ` ×${visits}` : ''))
    lines.push(id === END ? `  ${key.get(id)}(["${label}"])` : `  ${key.get(id)}["${label}"]`)
  }
  const onPath: number[] = []
  graph.edges.forEach((edge, i) => {
    const taken = highlight.taken[i] ?? 0
    if (taken > 0) onPath.push(i)
    const text = [edge.label, taken > 1 ? `×${taken}` : undefined].filter(Boolean).join(' ')
    const label = text === '' ? '' : `|"${mermaidText(text)}"|`
    lines.push(`  ${key.get(edge.from)} -->${label} ${key.get(edge.to)}`)
  })
  // The start marker's link comes after the graph's, so link i is edge i for linkStyle.
  const entry = key.get(graph.entry)
  if (entry !== undefined) lines.push(`  n_start(("start")) --> ${entry}`)
  lines.push(
    `  classDef onPath fill:#dbeafe,stroke:${ON_PATH},stroke-width:2px`,
    '  classDef failed fill:#fee2e2,stroke:#dc2626,stroke-width:2px',
    '  classDef start fill:#f1f5f9,stroke:#94a3b8',
    '  class n_start start',
  )
  const visited = ids.filter(
    (id) => (highlight.visits.get(id) ?? 0) > 0 && !highlight.failed.has(id),
  )
  if (visited.length > 0) lines.push(`  class ${visited.map((id) => key.get(id)).join(',')} onPath`)
  const failed = ids.filter((id) => highlight.failed.has(id))
  if (failed.length > 0) lines.push(`  class ${failed.map((id) => key.get(id)).join(',')} failed`)
  if (onPath.length > 0) {
    lines.push(`  linkStyle ${onPath.join(',')} stroke:${ON_PATH},stroke-width:3px`)
  }
  return lines.join('\n')
}
