// The kinds of field the scenario meta schema is made of. The meta crosses a process boundary
// (worker RPC, or a blob that `--merge-reports` loads, maybe written by another version), so a
// reader refuses what does not fit and says where and why: each field carries its own message,
// naming the value's type and size, never its content (it may be a secret).
import { z } from 'zod'

import { MAX_META_STRING, MAX_TRANSCRIPT_TEXT } from './meta-limits.js'

export { MAX_META_STRING }

// Categories, stages and stop reasons are shown as words and grow between versions
// (`bad_response`): any short identifier is read, so a newer writer's category is shown, not
// refused.
const IDENTIFIER = /^[a-z][A-Za-z_]{0,39}$/

/** What a value is, for a message: its type and size, never its content. */
export function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') {
    return `a string of ${value.length} ${value.length === 1 ? 'character' : 'characters'}`
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? `the number ${value}` : String(value)
  return `${typeof value === 'object' ? 'an' : 'a'} ${typeof value}`
}

/** A field's message: the value described, then what the field holds. */
export function says(what: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => `${describe(issue.input)}, ${what}` }
}

/**
 * A string drawn from the test's, the model's or a server's content. The reader passes each one
 * through its `text` rewrite (secret masking): `rewriteTexts` finds them by this schema.
 */
export const textField = z
  .string(says('not a string'))
  .max(MAX_META_STRING, says(`longer than ${MAX_META_STRING}`))

/**
 * A judged transcript's text: a string of many lines, with a limit of its own
 * (`MAX_TRANSCRIPT_TEXT`); masked on reading as every `textField` is.
 */
export const transcriptText = z
  .string(says('not a string'))
  .max(MAX_TRANSCRIPT_TEXT, says(`longer than ${MAX_TRANSCRIPT_TEXT}`))

/** A finite number ≥ 0 (token counts, durations, costs). */
export const count = (): z.ZodNumber =>
  z.number(says('not a number ≥ 0')).min(0, says('not a number ≥ 0'))

/** A whole number from `min` (to `max` when given). */
export function whole(min: number, max?: number): z.ZodNumber {
  const message = says(
    `not a whole number ${max === undefined ? `≥ ${min}` : `from ${min} to ${max}`}`,
  )
  const schema = z.number(message).int(message).min(min, message)
  return max === undefined ? schema : schema.max(max, message)
}

/** A rate from 0 to 1. */
export const rate = (): z.ZodNumber =>
  z
    .number(says('not a rate from 0 to 1'))
    .min(0, says('not a rate from 0 to 1'))
    .max(1, says('not a rate from 0 to 1'))

/** One of a few words, e.g. a status. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, says(`not one of ${values.join(', ')}`))
}

/** A short identifier read as `T` (see `IDENTIFIER`). */
export function identifier<T extends string>() {
  return z.custom<T>(
    (value) => typeof value === 'string' && IDENTIFIER.test(value),
    says("not a category name such as 'connection'"),
  )
}

/** A flag that is set (`true`) or absent. */
export const flag = () => z.literal(true, says('not true')).optional()

/** `true` or `false`. */
export const bool = () => z.boolean(says('not a boolean'))

/** An outcome's value: a boolean, or a finite number (a numeric criterion's). */
export const outcomeValue = () =>
  z.custom<boolean | number>(
    (value) => typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)),
    says('not a boolean or a number'),
  )

/** `true`, `false` or `null`. */
export const verdict = () => z.boolean(says('not true, false or null')).nullable()

/** An object with these fields; others are dropped. */
export function objectOf<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object(shape, says('not an object'))
}

/** An array of `item`s (a hole in a sparse array reads as missing). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.array(item, says('not an array'))
}

/** The value schema of each keyed record, for `rewriteTexts`. */
const recordValues = new WeakMap<z.ZodType, z.ZodType>()

/**
 * An object of `item`s keyed by names (an outcome's). Written by hand rather than with
 * `z.record`: zod drops a `__proto__` key, and an outcome may be named so; here it stays an
 * entry, never a prototype.
 */
export function keyedBy<T extends z.ZodType>(item: T) {
  const schema = z
    .custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      says('not an object'),
    )
    .transform((input, ctx) => {
      const out: Record<string, z.output<T>> = {}
      for (const [name, value] of Object.entries(input)) {
        if (name.length > MAX_META_STRING) {
          ctx.issues.push({
            code: 'custom',
            input: name,
            path: [],
            message: `a name of ${name.length} characters, longer than ${MAX_META_STRING}`,
          })
          continue
        }
        const read = item.safeParse(value)
        if (!read.success) {
          for (const issue of read.error.issues) {
            ctx.issues.push({ ...issue, input: undefined, path: [name, ...issue.path] })
          }
          continue
        }
        define(out, name, read.data)
      }
      return out
    })
  recordValues.set(schema, item)
  return schema
}

/**
 * `value`, parsed by `schema`, with every `textField` string (and every name of a keyed record)
 * through `text`. Changes the parsed copy in place: zod made it, nothing else holds it.
 */
export function rewriteTexts(
  schema: z.ZodType,
  value: unknown,
  text: (value: string) => string,
): unknown {
  if (schema === textField || schema === transcriptText) {
    return typeof value === 'string' ? text(value) : value
  }
  if (value === null || value === undefined) return value
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return rewriteTexts(schema.unwrap() as z.ZodType, value, text)
  }
  if (schema instanceof z.ZodArray && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      value[i] = rewriteTexts(schema.element as z.ZodType, value[i], text)
    return value
  }
  if (schema instanceof z.ZodObject && typeof value === 'object') {
    const object = value as Record<string, unknown>
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (key in object) object[key] = rewriteTexts(field, object[key], text)
    }
    return value
  }
  const item = recordValues.get(schema)
  if (item !== undefined && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, entry] of Object.entries(value))
      define(out, text(name), rewriteTexts(item, entry, text))
    return out
  }
  return value
}

/** An entry keyed by a user's name: `__proto__` stays an entry, never a prototype. */
export function define<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}
