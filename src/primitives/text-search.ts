import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import { type Behaviour, compiledCache, type DataOf, fromFactory } from './behaviour.js'
import { applyNormalizers, validateNormalizers } from './normalizers.js'
import { invalidOption } from './option-readers.js'
import type { Normalizer, Primitive } from './types.js'

type ContainsData = DataOf<'ContainsAny'> | DataOf<'ContainsAll'>

/** The JavaScript regular-expression flag letters. */
export const REGEX_FLAGS = ['d', 'g', 'i', 'm', 's', 'u', 'v', 'y'] as const

// The substrings normalized once per primitive, not once per check.
const normalizedSubstrings = compiledCache((data: ContainsData) =>
  data.substrings.map((s) => applyNormalizers(s, data.normalize)),
)

function readSubstrings(fields: Record<string, unknown>, where: string): string[] {
  const value = fields.substrings
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((s): s is string => typeof s === 'string')
  ) {
    return invalidOption(where, 'substrings', value, 'a non-empty array of strings')
  }
  return Object.freeze([...value]) as string[]
}

function readNormalize(fields: Record<string, unknown>, where: string): Normalizer[] {
  return fields.normalize === undefined ? [] : validateNormalizers(fields.normalize, where)
}

const acceptsString = (_data: unknown, value: unknown): boolean => typeof value === 'string'

/** The registry entry of `containsAny`. */
export const containsAnyBehaviour: Behaviour<DataOf<'ContainsAny'>> = {
  keys: ['substrings', 'normalize'],
  build: (fields, where) => ({
    type: 'ContainsAny',
    substrings: readSubstrings(fields, where),
    normalize: readNormalize(fields, where),
  }),
  check: (data, value) => {
    if (typeof value !== 'string') return false
    const text = applyNormalizers(value, data.normalize)
    const subs = normalizedSubstrings(data)
    for (let i = 0; i < subs.length; i++) if (text.includes(subs[i] as string)) return true
    return false
  },
  accepts: acceptsString,
}

/** The registry entry of `containsAll`. */
export const containsAllBehaviour: Behaviour<DataOf<'ContainsAll'>> = {
  keys: ['substrings', 'normalize'],
  build: (fields, where) => ({
    type: 'ContainsAll',
    substrings: readSubstrings(fields, where),
    normalize: readNormalize(fields, where),
  }),
  check: (data, value) => {
    if (typeof value !== 'string') return false
    const text = applyNormalizers(value, data.normalize)
    const subs = normalizedSubstrings(data)
    for (let i = 0; i < subs.length; i++) if (!text.includes(subs[i] as string)) return false
    return true
  },
  accepts: acceptsString,
}

/** Options of `containsAny` and `containsAll`. */
export interface ContainsOptions {
  /** Normalizers applied to the text and to each substring; default none. */
  normalize?: readonly Normalizer[] | undefined
}

/**
 * Passes when the string value contains at least one of `substrings` (after the normalizers);
 * `expected` is ignored and a non-string fails.
 *
 * @example
 * containsAny(['yes', 'correct'], { normalize: ['lowercase'] }).check('Yes, indeed') // true
 */
export function containsAny(
  substrings: readonly string[],
  options?: ContainsOptions,
): Primitive<DataOf<'ContainsAny'>> {
  return fromFactory(containsAnyBehaviour, options, 'containsAny()', { substrings })
}

/**
 * Passes when the string value contains every one of `substrings` (after the normalizers);
 * `expected` is ignored and a non-string fails.
 *
 * @example
 * containsAll(['aspirin', 'dose']).check('aspirin, low dose') // true
 */
export function containsAll(
  substrings: readonly string[],
  options?: ContainsOptions,
): Primitive<DataOf<'ContainsAll'>> {
  return fromFactory(containsAllBehaviour, options, 'containsAll()', { substrings })
}

/** Compiles a pattern, turning an invalid one into an error that names `where`. */
function compile(pattern: string, flags: string, where: string): RegExp {
  try {
    return new RegExp(pattern, flags)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new InvalidArgumentError(
      `Invalid 'pattern' in ${where}: ${describeValue(pattern)}`,
      `'pattern' must be a valid JavaScript regular expression (${reason}).`,
    )
  }
}

function readFlags(fields: Record<string, unknown>, where: string): string {
  const flags = fields.flags
  if (flags === undefined) return ''
  if (typeof flags !== 'string')
    return invalidOption(where, 'flags', flags, 'a string of flag letters')
  for (let i = 0; i < flags.length; i++) {
    const f = flags.charAt(i)
    if (!(REGEX_FLAGS as readonly string[]).includes(f)) {
      throw new InvalidArgumentError(
        `Unknown regex flag '${f}' in ${where}`,
        `Valid values: ${quoteList(REGEX_FLAGS)} (JavaScript flag letters, e.g. 'i').`,
      )
    }
    if (flags.indexOf(f) !== i) {
      throw new InvalidArgumentError(
        `Regex flag '${f}' given twice in ${where}`,
        'Give each flag once.',
      )
    }
  }
  if (flags.includes('u') && flags.includes('v')) {
    throw new InvalidArgumentError(
      `Regex flags 'u' and 'v' together in ${where}`,
      "Give one of them: 'v' includes what 'u' does.",
    )
  }
  return flags
}

// One compiled RegExp per primitive, primed at the factory call: the hot path never compiles.
const compiledRegex = compiledCache((data: DataOf<'RegexMatch'>) =>
  compile(data.pattern, data.flags, 'regexMatch()'),
)

/** The registry entry of `regexMatch`. */
export const regexMatchBehaviour: Behaviour<DataOf<'RegexMatch'>> = {
  keys: ['pattern', 'flags'],
  build: (fields, where) => {
    const pattern = fields.pattern
    if (typeof pattern !== 'string') {
      return invalidOption(where, 'pattern', pattern, 'a regular expression string or a RegExp')
    }
    const flags = readFlags(fields, where)
    const data: DataOf<'RegexMatch'> = { type: 'RegexMatch', pattern, flags }
    compiledRegex.prime(data, compile(pattern, flags, where))
    return data
  },
  check: (data, value) => {
    if (typeof value !== 'string') return false
    const re = compiledRegex(data)
    // 'g' and 'y' make test() resume at lastIndex; every check searches from the start.
    re.lastIndex = 0
    return re.test(value)
  },
  accepts: acceptsString,
}

/** Options of `regexMatch`. */
export interface RegexMatchOptions {
  /** JavaScript flag letters, e.g. `'i'`; default `''` (or the flags of a RegExp pattern). */
  flags?: string | undefined
}

/**
 * Passes when the pattern is found anywhere in the string value (search, not full match; anchor
 * with `^…$`); `expected` is ignored and a non-string fails. A RegExp gives its source and flags.
 *
 * @example
 * regexMatch('^yes\\b', { flags: 'i' }).check('Yes, it is') // true
 * regexMatch(/\d+ mg/).check('take 50 mg') // true
 */
export function regexMatch(
  pattern: string | RegExp,
  options?: RegexMatchOptions,
): Primitive<DataOf<'RegexMatch'>> {
  const where = 'regexMatch()'
  assertReadable(pattern, where)
  if (pattern instanceof RegExp) {
    const { flags = pattern.flags } = parseOptionKeys(options, ['flags'], {
      where,
      fix: OPTIONS_FIX,
    })
    return fromFactory(regexMatchBehaviour, undefined, where, { pattern: pattern.source, flags })
  }
  return fromFactory(regexMatchBehaviour, options, where, { pattern })
}
