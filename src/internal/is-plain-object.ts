/**
 * Whether `value` is a plain object: its prototype is `Object.prototype` or `null`. A Proxy whose
 * `getPrototypeOf` trap throws (or a revoked one) is not: it answers `false`, never throws.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  let proto: unknown
  try {
    proto = Object.getPrototypeOf(value)
  } catch {
    return false
  }
  return proto === Object.prototype || proto === null
}
