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
export function formatMessage({ what, subjects = [], fix }: MessageParts): string {
  const lines = [`${MESSAGE_PREFIX} ${what}`, ...subjects.map((s) => `  - ${s}`)]
  if (fix !== undefined) lines.push(fix)
  return lines.join('\n')
}

/** Quotes each value the way messages name things: `'a', 'b'`. */
export function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ')
}
