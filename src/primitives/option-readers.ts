// Validation helpers shared by the factories and `hydratePrimitive`: one wording for every
// option error, so a bad option reads the same whether it came from code or from JSON.
import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'

/** Throws the error for an option that is missing or has an invalid value. */
export function invalidOption(where: string, key: string, value: unknown, must: string): never {
  const what =
    value === undefined
      ? `Missing '${key}' in ${where}`
      : `Invalid '${key}' in ${where}: ${describeValue(value)}`
  throw new InvalidArgumentError(what, `'${key}' must be ${must}.`)
}

/** Reads one of a fixed set of strings; the error lists the valid values. */
export function readOneOf<T extends string>(
  fields: Record<string, unknown>,
  key: string,
  valid: readonly T[],
  fallback: T,
  where: string,
  noun: string = key,
): T {
  const value = fields[key]
  if (value === undefined) return fallback
  if (typeof value === 'string' && (valid as readonly string[]).includes(value)) return value as T
  throw new InvalidArgumentError(
    `Unknown ${noun} ${describeValue(value)} in ${where}`,
    `Valid values: ${quoteList(valid)}.`,
  )
}

/** Reads an optional boolean option. */
export function readBoolean(
  fields: Record<string, unknown>,
  key: string,
  fallback: boolean,
  where: string,
): boolean {
  const value = fields[key]
  if (value === undefined) return fallback
  if (typeof value === 'boolean') return value
  return invalidOption(where, key, value, 'true or false')
}

/** The constraint a number option must meet, also used as the text of its error. */
export interface NumberRule {
  /** The value must be greater than this (or equal to it when `orEqual`). */
  above?: number | undefined
  /** Whether `above` itself is allowed. */
  orEqual?: boolean | undefined
  /** Whether the value must be an integer. */
  integer?: boolean | undefined
}

/** Reads a finite number option; `undefined` when absent and not `required`. */
export function readNumber(
  fields: Record<string, unknown>,
  key: string,
  rule: NumberRule,
  where: string,
  required: boolean,
): number | undefined {
  const value = fields[key]
  if (value === undefined && !required) return undefined
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (rule.integer !== true || Number.isInteger(value)) &&
    (rule.above === undefined ||
      value > rule.above ||
      (rule.orEqual === true && value === rule.above))
  if (ok) return value
  return invalidOption(where, key, value, describeRule(rule))
}

function describeRule(rule: NumberRule): string {
  const kind = rule.integer === true ? 'an integer' : 'a finite number'
  if (rule.above === undefined) return kind
  return `${kind} ${rule.orEqual === true ? '>=' : '>'} ${rule.above}`
}

/** Reads a required finite number option. */
export function requireNumber(
  fields: Record<string, unknown>,
  key: string,
  rule: NumberRule,
  where: string,
): number {
  return readNumber(fields, key, rule, where, true) as number
}
