// Decimal numbers only: no hex, no 'Infinity', no empty string (which `Number('')` reads as 0).
const NUMERIC_STRING = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i

/**
 * Reads a number the numeric primitives take: a number other than `NaN`, or a decimal numeric
 * string with surrounding whitespace; `undefined` for anything else.
 *
 * @example
 * toNumber(' 2.5e3 ') // 2500
 * toNumber('0x10') // undefined
 */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value
  if (typeof value === 'string' && NUMERIC_STRING.test(value)) return Number(value)
  return undefined
}
