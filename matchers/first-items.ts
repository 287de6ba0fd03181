// A long run makes long lists (failing turns, path steps, samples, outcome criteria): a message
// or a diff lists the first few items and counts the rest. Bounded, the message stays readable,
// and the runner stays fast: Vitest diffs and pretty-prints every entry of the compared values
// it is given, and Jest sends them from its worker to the main process.
import { plural } from './text.js'

/** How many items (failing turns, samples, criteria, path steps) a message or a diff lists. */
export const MAX_LISTED = 10

/** The key that stands, in a bounded diff value, for the entries left out. */
export const MORE_KEY = '…'

/** The first `max` items, and how many were left out. */
export function firstItems<T>(
  items: readonly T[],
  max = MAX_LISTED,
): { shown: readonly T[]; more: number } {
  return { shown: items.length <= max ? items : items.slice(0, max), more: items.length - max }
}

/**
 * What a cut list leaves out, as a line's end: `… and 9990 more failing turns`.
 *
 * @example
 * andMore(9990, 'failing turn') // '… and 9990 more failing turns'
 */
export function andMore(count: number, noun: string): string {
  return `… and ${plural(count, `more ${noun}`)}`
}

/**
 * Items as a comma-separated list, the first `max` of them: `3, 4, 5, … and 7 more`.
 *
 * @example
 * listedItems(['3', '4', '5'], 2) // '3, 4, … and 1 more'
 */
export function listedItems(items: readonly string[], max = MAX_LISTED): string {
  const { shown, more } = firstItems(items, max)
  return more > 0 ? `${shown.join(', ')}, … and ${more} more` : shown.join(', ')
}

/**
 * A diff value keyed by subject (turn, sample, criterion), cut to the keys in `keep`: when some
 * are left out, a last key `…` counts them, with the same text on both sides of the diff so the
 * runner shows it as unchanged.
 *
 * @example
 * boundedRecord({ 'sample 0': a, 'sample 1': b }, ['sample 0'], 'sample') // { 'sample 0': a, '…': '1 more sample' }
 */
export function boundedRecord(
  record: Readonly<Record<string, unknown>>,
  keep: readonly string[],
  noun: string,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const key of keep) if (Object.hasOwn(record, key)) kept[key] = record[key]
  const more = Object.keys(record).length - Object.keys(kept).length
  if (more > 0) kept[MORE_KEY] = plural(more, `more ${noun}`)
  return kept
}
