/**
 * Describes a value for an error message: strings quoted, arrays and objects by kind (a tagged
 * node by its `type`), scalars as written.
 *
 * @example
 * describeValue('high') // "'high'"
 * describeValue({ type: 'TurnAt', index: 0 }) // "an object of type 'TurnAt'"
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array'
  if (value instanceof Date) return 'a Date'
  if (value instanceof RegExp) return 'a RegExp'
  if (typeof value === 'object') {
    const type = (value as { type?: unknown }).type
    return typeof type === 'string' ? `an object of type '${type}'` : 'an object'
  }
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'bigint') return `${value}n`
  return String(value)
}
