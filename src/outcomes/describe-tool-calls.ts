// Tool calls and call patterns as short text, for diagnostics and matcher messages.

import { renderData } from '../internal/describe-value.js'
import type { ToolCallRecord } from '../state/types.js'
import { scopeLabel } from './scope-turns.js'
import type {
  CalledTool,
  CountRange,
  NodeFilter,
  ToolArgMatch,
  ToolCallPattern,
  ToolCallsSelection,
  ToolTrajectory,
} from './types.js'

/** At most this many calls are named in one line; the rest are counted. */
const MAX_NAMED = 10

/**
 * A call as code would write it: `book({"city":"Paris"})`, the arguments clipped.
 *
 * @example
 * describeCall({ id: 'c1', name: 'search', arguments: { q: 'x' } }) // 'search({"q":"x"})'
 */
export function describeCall(call: ToolCallRecord): string {
  const args = call.arguments
  const shown =
    args === undefined || args === null
      ? ''
      : typeof args === 'string'
        ? args.length > 60
          ? `${args.slice(0, 59)}…`
          : args
        : renderData(args)
  return `${call.name}(${shown})`
}

/**
 * A pattern as its constructor takes it: `'search'`, `book({ city: 'Paris', q: /par/i })`.
 *
 * @example
 * describePattern({ name: 'book', args: { city: { eq: 'Paris' } } }) // "book({ city: 'Paris' })"
 */
export function describePattern(pattern: ToolCallPattern): string {
  const args = pattern.args
  if (args === undefined || Object.keys(args).length === 0) return `'${pattern.name}'`
  return `${pattern.name}(${describeArgs(args)})`
}

/**
 * Arguments as the user wrote them: `{ city: 'Paris', q: /par/i }`.
 *
 * @example
 * describeArgs({ q: { matches: 'par', flags: 'i' } }) // '{ q: /par/i }'
 */
export function describeArgs(args: Readonly<Record<string, ToolArgMatch>>): string {
  const parts = Object.keys(args).map((key) => `${key}: ${describeArg(args[key] as ToolArgMatch)}`)
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`
}

function describeArg(match: ToolArgMatch): string {
  if ('matches' in match) return `/${match.matches}/${match.flags ?? ''}`
  return renderData(match.eq)
}

/** A list of names, at most `MAX_NAMED` of them: `search, book, … and 3 more`; `(none)` when empty. */
export function nameList(names: readonly string[]): string {
  if (names.length === 0) return '(none)'
  const shown = names.slice(0, MAX_NAMED).join(', ')
  const more = names.length - MAX_NAMED
  return more > 0 ? `${shown}, … and ${more} more` : shown
}

/**
 * Items described one by one, at most `MAX_NAMED` of them (the rest are counted, never
 * described: a long run's calls would cost a rendering each): `search(), book(), … and 3 more`;
 * `(none)` when empty.
 */
export function describedList<T>(items: readonly T[], describe: (item: T) => string): string {
  const shown = items.slice(0, MAX_NAMED).map(describe)
  const more = items.length - shown.length
  return more > 0 ? `${shown.join(', ')}, … and ${more} more` : nameList(shown)
}

/**
 * An expected trajectory as code writes it, at most `MAX_NAMED` entries, an explicit step as a
 * list: `['search', book()]`, `['search', ['get_weather', 'get_weather']]`.
 *
 * @example
 * patternList([{ name: 'search' }]) // "['search']"
 */
export function patternList(patterns: readonly (ToolCallPattern | ToolCallPattern[])[]): string {
  return patterns.length === 0 ? '[]' : `[${describedList(patterns, describeExpected)}]`
}

/** An expected entry: a pattern, or an explicit step as a list of patterns. */
export function describeExpected(entry: ToolCallPattern | readonly ToolCallPattern[]): string {
  if (!Array.isArray(entry)) return describePattern(entry as ToolCallPattern)
  return `[${describedList(entry, describePattern)}]`
}

/** An expected count in words: `at least once`, `exactly 2 times`, `between 1 and 3 times`. */
export function describeTimes(times: number | CountRange | undefined): string {
  if (times === undefined) return 'at least once'
  if (typeof times === 'number') return `exactly ${times} time${times === 1 ? '' : 's'}`
  const { min, max } = times
  if (min !== undefined && max !== undefined) {
    return min === max
      ? `exactly ${min} time${min === 1 ? '' : 's'}`
      : `between ${min} and ${max} times`
  }
  if (min !== undefined) return `at least ${min} time${min === 1 ? '' : 's'}`
  if (max !== undefined) return `at most ${max} time${max === 1 ? '' : 's'}`
  return 'any number of times'
}

/** Which turns a tool check reads, in words: `all turns`, `turns of node 'book'`, `lastTurn`. */
export function selectionLabel(selection: ToolCallsSelection): string {
  if (selection.scope !== undefined) return scopeLabel(selection.scope)
  return selection.nodeId === undefined ? 'all turns' : `turns of ${nodesLabel(selection.nodeId)}`
}

function nodesLabel(filter: NodeFilter): string {
  if (typeof filter === 'string') return `node '${filter}'`
  return `nodes ${filter.map((id) => `'${id}'`).join(', ')}`
}

/**
 * A tool check as one line: `calledTool 'search' at least once (all turns)`,
 * `toolTrajectory strict ['search', book({ city: 'Paris' })] (lastTurn)`.
 *
 * @example
 * toolCheckLabel(calledTool('search')) // "calledTool 'search' at least once (all turns)"
 */
export function toolCheckLabel(check: CalledTool | ToolTrajectory): string {
  const where = `(${selectionLabel(check)})`
  if (check.type === 'CalledTool') {
    return `calledTool ${describePattern(check)} ${describeTimes(check.times)} ${where}`
  }
  const mode = check.parallel === 'ordered' ? `${check.mode} (parallel calls in order)` : check.mode
  return `toolTrajectory ${mode} ${patternList(check.expected)} ${where}`
}
