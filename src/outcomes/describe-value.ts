/** Describes a value for an error message: strings quoted, tagged nodes by `type`, others by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
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
