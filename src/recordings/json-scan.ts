// Just enough of a JSON scanner to find where a request body's list ends in its text, so a call
// that resends the text of an earlier call's list with items more is parsed from there on (see
// request-normalizer.ts). Anything it does not understand answers `undefined`: the caller then
// parses the whole text.

/** Where a body text's list sits: after its last item, and the keys written before it. */
export interface ListInText {
  /** The offset just after the list's last item (just after `[` when the list is empty). */
  itemsEnd: number
  /** The body's keys written before the list, in order. */
  before: string[]
}

/**
 * Where the array under the top-level key `key` of the JSON object `text` ends, and which keys
 * come before it; `undefined` when `text` is not an object, its value there is not an array, or
 * any top-level key is written twice (JSON.parse keeps the last of them, which this does not
 * follow).
 */
export function listInText(text: string, key: string): ListInText | undefined {
  let i = skipSpace(text, 0)
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined
  i = skipSpace(text, i + 1)
  const names = new Set<string>()
  const before: string[] = []
  let found: number | undefined
  if (text.charCodeAt(i) === CLOSE_BRACE) return undefined
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined
    const nameEnd = stringEnd(text, i)
    if (nameEnd === undefined) return undefined
    let name: unknown
    try {
      name = JSON.parse(text.slice(i, nameEnd))
    } catch {
      return undefined
    }
    if (typeof name !== 'string' || names.has(name)) return undefined
    names.add(name)
    i = skipSpace(text, nameEnd)
    if (text.charCodeAt(i) !== COLON) return undefined
    i = skipSpace(text, i + 1)
    const end = valueEnd(text, i)
    if (end === undefined) return undefined
    if (name === key) {
      if (text.charCodeAt(i) !== OPEN_BRACKET) return undefined
      found = trimEnd(text, end - 1)
    } else if (found === undefined) before.push(name)
    i = skipSpace(text, end)
    const next = text.charCodeAt(i)
    if (next === CLOSE_BRACE) break
    if (next !== COMMA) return undefined
    i = skipSpace(text, i + 1)
  }
  return found === undefined ? undefined : { itemsEnd: found, before }
}

/**
 * The offset of the `]` that closes the array `from` is inside (at its own level: after `[` or
 * after one of its items), or `undefined` when the text ends first or a `}` closes it.
 */
export function arrayClose(text: string, from: number): number | undefined {
  const close = closing(text, from)
  return close !== undefined && text.charCodeAt(close) === CLOSE_BRACKET ? close : undefined
}

/** The offset just after the last character before `end` that is not JSON whitespace. */
export function trimEnd(text: string, end: number): number {
  let i = end
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--
  return i
}

/**
 * The offset of the first `[` or `{` of JSON `text` that opens a level deeper than `limit`, or
 * `undefined` when none does: one pass over the text (strings skipped), so a recording too deep
 * for the recursive walks after it is refused at the door, before any of them runs.
 */
export function tooDeepAt(text: string, limit: number): number | undefined {
  // A level is opened by a `[` or a `{`: a text with no more of them than `limit` (counted also
  // inside strings) opens no level past it. Counting with `indexOf` costs a small part of the
  // character-by-character scan below, which then runs only for texts with that many brackets.
  if (opens(text, '{', limit) + opens(text, '[', limit) <= limit) return undefined
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      if (end === undefined) return undefined
      i = end - 1
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return i
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--
  }
  return undefined
}

/** How many times `char` occurs in `text`, counted up to just past `limit`. */
function opens(text: string, char: string, limit: number): number {
  let count = 0
  for (let i = text.indexOf(char); i >= 0 && count <= limit; i = text.indexOf(char, i + 1)) count++
  return count
}

/** The offset of the bracket or brace that closes the level `from` is in. */
function closing(text: string, from: number): number | undefined {
  let depth = 0
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      if (end === undefined) return undefined
      i = end - 1
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++
    else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      if (depth === 0) return i
      depth--
    }
  }
  return undefined
}

/** The offset just after the value that starts at `from`. */
function valueEnd(text: string, from: number): number | undefined {
  const c = text.charCodeAt(from)
  if (c === QUOTE) return stringEnd(text, from)
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    const close = closing(text, from + 1)
    if (close === undefined) return undefined
    return text.charCodeAt(close) === (c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)
      ? close + 1
      : undefined
  }
  // A number, true, false or null: up to the next delimiter.
  let i = from
  while (i < text.length) {
    const d = text.charCodeAt(i)
    if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break
    i++
  }
  return i > from ? i : undefined
}

/** The offset just after the string whose opening quote is at `from`. */
function stringEnd(text: string, from: number): number | undefined {
  let i = from + 1
  for (;;) {
    const quote = text.indexOf('"', i)
    if (quote < 0) return undefined
    // A quote after an odd number of backslashes is escaped.
    let slashes = 0
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++
    if (slashes % 2 === 0) return quote + 1
    i = quote + 1
  }
}

/** The offset of the first character at or after `from` that is not JSON whitespace. */
export function skipSpace(text: string, from: number): number {
  let i = from
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
