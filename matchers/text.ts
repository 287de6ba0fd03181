// Short, single-line renderings of values and texts for matcher messages: a failure message must
// stay readable however long a model's answer was.
import { describeValue } from '../src/internal/describe-value.js'
import { neutralizeControl } from '../src/secrets/index.js'
import { unclippedSafeText } from './printed.js'

/**
 * Collapses whitespace (newlines included) to single spaces and cuts `text` to `max` characters.
 * Secrets are masked before a cut (a clipped key is still a leak), and control characters
 * (terminal escapes in a model's answer) are written as visible escapes.
 */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  // A text shown whole is masked with the whole message (lazily, when an assertion fails); one
  // that is cut is masked first, or the cut could leave the start of a secret no rule matches.
  if (flat.length <= max) return neutralizeControl(flat)
  const masked = neutralizeControl(unclippedSafeText(text).replace(/\s+/g, ' ').trim())
  return masked.length <= max ? masked : `${masked.slice(0, max - 1)}…`
}

/**
 * A value as code writes it, on one line and cut to `max` characters: strings in single quotes,
 * arrays and objects as JSON.
 *
 * @example
 * formatValue('BCL2') // "'BCL2'"
 * formatValue(['ask', 'challenge']) // '["ask","challenge"]'
 */
export function formatValue(value: unknown, max = 60): string {
  if (typeof value === 'string') return `'${truncate(value, max - 2)}'`
  if (typeof value === 'object' && value !== null) {
    let json: string | undefined
    try {
      json = JSON.stringify(value)
    } catch {
      json = undefined
    }
    // No JSON (a cycle, a Proxy, a throwing getter): described, never converted.
    return truncate(json ?? describeValue(value), max)
  }
  return typeof value === 'bigint' ? `${value}n` : String(value)
}

/** A count with its noun: `1 turn`, `3 turns`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** A share as a percentage with at most one decimal: `0.3974` → `39.7%`. */
export function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`
}

/** A list of strings as code writes it: `['ask', 'challenge']`, cut to `max` characters. */
export function formatList(values: readonly string[], max = 60): string {
  return truncate(`[${values.map((v) => `'${v}'`).join(', ')}]`, max)
}

/** A path as arrows: `ask → challenge`; `(no turns)` when empty. */
export function formatPath(path: readonly string[], max = 80): string {
  return path.length === 0 ? '(no turns)' : truncate(path.join(' → '), max)
}
