// Number and text formatting shared by the terminal, Markdown and HTML reports.

import type { UsageMeta } from '../hosts/core/meta/scenario-meta.js'
import { END } from '../scenario/end.js'

/** A token count with thousands separators: `12,345`. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/**
 * A cost in the price table's currency (no symbol: the table says which one), with enough
 * decimals to show a cent fraction.
 */
export function formatCost(cost: number): string {
  if (cost === 0) return '0'
  if (cost < 0.01) return cost.toFixed(4)
  if (cost < 1) return cost.toFixed(3)
  return cost.toFixed(2)
}

/** A duration: `850ms`, `12.3s`, `2m 5s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`
  const minutes = Math.floor(ms / 60_000)
  return `${minutes}m ${Math.round((ms % 60_000) / 1000)}s`
}

/** A rate as a whole percentage: `80%`. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`
}

/**
 * Tokens (input + output) of some usage, with its cost when known and the simulated user's part
 * when it had one: `1,234 (cost 0.0012)`, `1,234 (300 simulated user)`.
 */
export function formatUsage(usage: UsageMeta): string {
  const tokens = formatCount(usage.input + usage.output)
  const notes: string[] = []
  if (usage.cost !== undefined) notes.push(`cost ${formatCost(usage.cost)}`)
  if ((usage.simulating ?? 0) > 0)
    notes.push(`${formatCount(usage.simulating ?? 0)} simulated user`)
  return notes.length === 0 ? tokens : `${tokens} (${notes.join(', ')})`
}

/** The name reports give a node id: END's internal id reads `END`. */
export function nodeName(id: string): string {
  return id === END ? 'END' : id
}

/**
 * A path as one line, `ask → challenge → END`; a long path keeps its first and last steps and
 * says how many it left out.
 */
export function formatPath(path: readonly string[], ended: boolean, max = 12): string {
  const steps = ended ? [...path, END] : [...path]
  const names = steps.map(nodeName)
  if (names.length <= max) return names.join(' → ')
  const head = names.slice(0, Math.ceil(max / 2) - 1)
  const tail = names.slice(names.length - Math.floor(max / 2))
  return `${head.join(' → ')} → … ${names.length - head.length - tail.length} more → ${tail.join(' → ')}`
}

/**
 * Adds `b` into a copy of `a`. The sum has a cost when some part had one and no part with turns
 * lacked one (those turns ran with no price for their model); empty parts do not count.
 */
export function addUsageMeta(a: UsageMeta, b: UsageMeta): UsageMeta {
  const sum: UsageMeta = {
    input: a.input + b.input,
    output: a.output + b.output,
    cached: a.cached + b.cached,
    turns: a.turns + b.turns,
  }
  if (a.cacheWrite !== undefined || b.cacheWrite !== undefined) {
    sum.cacheWrite = (a.cacheWrite ?? 0) + (b.cacheWrite ?? 0)
  }
  if (a.reasoning !== undefined || b.reasoning !== undefined) {
    sum.reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0)
  }
  if (a.simulating !== undefined || b.simulating !== undefined) {
    sum.simulating = (a.simulating ?? 0) + (b.simulating ?? 0)
  }
  const unpriced = (u: UsageMeta) => u.cost === undefined && u.turns > 0
  if (!unpriced(a) && !unpriced(b) && (a.cost !== undefined || b.cost !== undefined)) {
    sum.cost = (a.cost ?? 0) + (b.cost ?? 0)
  }
  return sum
}

/** Usage with no turns: adding it changes nothing. */
export function noUsage(): UsageMeta {
  return { input: 0, output: 0, cached: 0, turns: 0 }
}
