// JSON from outside (a server's response, a request body, a recording file, an agent's tool
// arguments) may be nested deeper than a recursive walk survives: the walks that copy, scan or
// print it count their depth and stop at the same limit as plain-data arguments, with the path.
/**
 * JSON nested deeper than this is refused on every path that walks it; plain-data arguments
 * have the same limit (`MAX_DATA_DEPTH`).
 */
export const MAX_JSON_DEPTH = 1000

/** How many leading segments of a deep value's path a message shows. */
const SHOWN_SEGMENTS = 8

/**
 * What is wrong with a value nested too deep, for a message: its path (the first segments, then
 * how many more) and the limit, e.g. `the value at response.body.a.a.a… (1001 levels) is nested
 * more than 1000 levels deep`.
 *
 * @example
 * tooDeep('response.body.a.a') // 'the value at response.body.a.a is nested more than 1000 levels deep'
 */
export function tooDeep(path: string): string {
  return `the value at ${shortPath(path)} is nested more than ${MAX_JSON_DEPTH} levels deep`
}

/** A dot path cut to its first segments, with the count of the ones left out. */
export function shortPath(path: string): string {
  const segments = path.split('.')
  if (segments.length <= SHOWN_SEGMENTS + 2) return path
  return `${segments.slice(0, SHOWN_SEGMENTS).join('.')}.… (${segments.length - SHOWN_SEGMENTS} more levels)`
}

/** A walk's error when it went past `MAX_JSON_DEPTH`; the caller makes it its own error. */
export class JsonTooDeepError extends Error {
  override name = 'JsonTooDeepError'
  /** The path of the value where the walk stopped. */
  readonly path: string

  constructor(path: string) {
    super(tooDeep(path))
    this.path = path
  }
}
