import { describeValue } from '../internal/describe-value.js'

/**
 * The parts of a library message: what happened, to what, and what to do. Every `ScenarioError`
 * keeps them as data (`error.what`, `error.subjects`, `error.fix`), beside the message made of them.
 */
export interface MessageParts {
  /** What happened, in one clause. */
  what: string
  /** The concrete subject, one indented line each: node id, file, request, option. */
  subjects?: readonly string[] | undefined
  /** A longer block shown between the subjects and the fix (a request, a diff), when there is one. */
  details?: string | undefined
  /** What to do about it. */
  fix?: string | undefined
}

/** The parts as an error keeps them: every part present, the optional ones possibly empty. */
export interface ReadParts {
  what: string
  subjects: readonly string[]
  details: string | undefined
  fix: string | undefined
}

/** The prefix every message of the library starts with. */
export const MESSAGE_PREFIX = '[vitest-scenario]'

/**
 * Formats a message the one way the library writes them all. A `ScenarioError` adds one line
 * after these parts, the docs line of its code (`docsLine`); a warning, which has no code, ends
 * with its fix.
 *
 * @example
 * formatMessage({ what: "Node 'ask' already exists", fix: 'Give each node a unique id.' })
 * // "[vitest-scenario] Node 'ask' already exists\nGive each node a unique id."
 */
export function formatMessage(parts: MessageParts): string {
  const { what, subjects, details, fix } = readParts(parts)
  const lines = [`${MESSAGE_PREFIX} ${what}`, ...subjects.map((s) => `  - ${s}`)]
  if (details !== undefined) lines.push('', details, '')
  if (fix !== undefined) lines.push(fix)
  return lines.join('\n')
}

/**
 * The parts as strings. The library always passes strings; an error built by hand with anything
 * else still gets a message (described, never converted), so constructing an error never throws.
 */
export function readParts(parts: unknown): ReadParts {
  if (typeof parts !== 'object' || parts === null) {
    return { what: text(parts), subjects: [], details: undefined, fix: undefined }
  }
  try {
    const { what, subjects, details, fix } = parts as Record<string, unknown>
    return {
      what: text(what),
      subjects: Array.isArray(subjects) ? subjects.map(text) : [],
      details: details === undefined ? undefined : text(details),
      fix: fix === undefined ? undefined : text(fix),
    }
  } catch {
    return { what: describeValue(parts), subjects: [], details: undefined, fix: undefined }
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : describeValue(value)
}

/** Quotes each value the way messages name things: `'a', 'b'`. */
export function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ')
}
