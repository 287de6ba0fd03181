import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { Normalizer, SynonymMap } from './types.js'

const hasOwn = Object.prototype.hasOwnProperty

/** The normalizer names, in the order error messages list them. */
export const NORMALIZER_NAMES = [
  'lowercase',
  'strip',
  'trim',
  'removePunctuation',
  'collapseWhitespace',
] as const

// Compiled once: these run for every compared string.
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g
const WHITESPACE_RUN = /\s+/g

/**
 * Applies normalizers left to right; a synonym map replaces the whole string when it equals a
 * key.
 *
 * @example
 * applyNormalizers('  Hello,  World! ', ['removePunctuation', 'collapseWhitespace', 'lowercase'])
 * // 'hello world'
 */
export function applyNormalizers(text: string, normalizers: readonly Normalizer[]): string {
  let out = text
  for (let i = 0; i < normalizers.length; i++) {
    const n = normalizers[i] as Normalizer
    switch (n) {
      case 'lowercase':
        out = out.toLowerCase()
        break
      case 'strip':
      case 'trim':
        out = out.trim()
        break
      case 'removePunctuation':
        out = out.replace(ASCII_PUNCTUATION, '')
        break
      case 'collapseWhitespace':
        out = out.replace(WHITESPACE_RUN, ' ').trim()
        break
      default:
        if (hasOwn.call(n.map, out)) out = n.map[out] as string
    }
  }
  return out
}

/**
 * Builds a synonym-map normalizer: a string equal to a key (after the normalizers before it) is
 * replaced by its value; substrings are never replaced.
 *
 * @example
 * exactMatch({ normalize: ['lowercase', 'strip', synonymMap({ usa: 'united states' })] })
 */
export function synonymMap(map: Record<string, string>): SynonymMap {
  return readSynonymMap(map, 'synonymMap()')
}

function readSynonymMap(map: unknown, where: string): SynonymMap {
  if (!isPlainObject(map)) {
    throw new InvalidArgumentError(
      `Invalid synonym map in ${where}: ${describeValue(map)}`,
      "Pass an object of replacements, e.g. synonymMap({ usa: 'united states' }).",
    )
  }
  assertReadable(map, where)
  const entries: [string, string][] = []
  for (const [from, to] of Object.entries(map)) {
    if (typeof to !== 'string') {
      throw new InvalidArgumentError(
        `Invalid synonym for '${from}' in ${where}: ${describeValue(to)}`,
        'Every replacement in a synonym map must be a string.',
      )
    }
    entries.push([from, to])
  }
  // fromEntries defines own properties, so a key such as '__proto__' stays an ordinary key.
  return Object.freeze({ type: 'SynonymMap', map: Object.freeze(Object.fromEntries(entries)) })
}

/**
 * Validates a list of normalizers (from code or JSON) and returns a frozen copy; an unknown
 * normalizer is an error naming the valid ones.
 *
 * @example
 * validateNormalizers(['lowercase', 'trim'], 'exactMatch()') // ['lowercase', 'trim']
 */
export function validateNormalizers(list: unknown, where: string): Normalizer[] {
  if (!Array.isArray(list)) {
    throw new InvalidArgumentError(
      `Invalid 'normalize' in ${where}: ${describeValue(list)}`,
      `'normalize' must be an array of normalizers: ${quoteList(NORMALIZER_NAMES)} or synonymMap({ … }).`,
    )
  }
  const out: Normalizer[] = []
  for (const item of list) {
    if (typeof item === 'string' && (NORMALIZER_NAMES as readonly string[]).includes(item)) {
      out.push(item as Normalizer)
    } else if (isPlainObject(item) && item.type === 'SynonymMap') {
      const keys = Object.keys(item)
      if (keys.length !== 2 || !keys.includes('map')) {
        throw new InvalidArgumentError(
          `Invalid synonym map in ${where}`,
          "A synonym map is { type: 'SynonymMap', map: { from: 'to' } }; build it with synonymMap().",
        )
      }
      out.push(readSynonymMap(item.map, where))
    } else {
      throw new InvalidArgumentError(
        `Unknown normalizer ${describeValue(item)} in ${where}`,
        `Valid values: ${quoteList(NORMALIZER_NAMES)} or synonymMap({ … }).`,
      )
    }
  }
  return Object.freeze(out) as Normalizer[]
}
