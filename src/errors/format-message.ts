import { describeValue } from '../internal/describe-value.js'

/** The parts of a library message: what happened, to what, and what to do (SPEC section 11). */
export interface MessageParts {
  /** What happened, in one clause. */
  what: string
  /** The concrete subject, one indented line each: node id, file, request, option. */
  subjects?: readonly string[] | undefined
  /** What to do about it. */
  fix?: string | undefined
}

/** The prefix every message of the library starts with. */
export const MESSAGE_PREFIX = '[vitest-scenario]'

/**
 * Formats a message the one way the library writes them all.
 *
 * @example
 * formatMessage({ what: "Node 'ask' already exists", fix: 'Give each node a unique id.' })
 * // "[vitest-scenario] Node 'ask' already exists\nGive each node a unique id."
 */
export function formatMessage(parts: MessageParts): string {
  const { what, subjects, fix } = readParts(parts)
  const lines = [`${MESSAGE_PREFIX} ${what}`, ...subjects.map((s) => `  - ${s}`)]
  if (fix !== undefined) lines.push(fix)
  return lines.join('\n')
}

/**
 * The parts as strings. The library always passes strings; an error built by hand with anything
 * else still gets a message (described, never converted), so constructing an error never throws.
 */
function readParts(parts: unknown): { what: string; subjects: string[]; fix: string | undefined } {
  if (typeof parts !== 'object' || parts === null)
    return { what: text(parts), subjects: [], fix: undefined }
  try {
    const { what, subjects, fix } = parts as Record<string, unknown>
    return {
      what: text(what),
      subjects: Array.isArray(subjects) ? subjects.map(text) : [],
      fix: fix === undefined ? undefined : text(fix),
    }
  } catch {
    return { what: describeValue(parts), subjects: [], fix: undefined }
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : describeValue(value)
}

/** Quotes each value the way messages name things: `'a', 'b'`. */
export function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ')
}
