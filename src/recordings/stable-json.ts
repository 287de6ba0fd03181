/** A JSON value as recordings hold it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A copy of `value` with object keys sorted at every level, so equal data prints equally. */
export function canonicalize(value: Json): Json {
  if (Array.isArray(value)) {
    // A loop, not `map`: one stack frame per level for data nested up to the 1000-level limit.
    const items: Json[] = new Array(value.length)
    for (let i = 0; i < value.length; i++) items[i] = canonicalize(value[i] as Json)
    return items
  }
  if (value !== null && typeof value === 'object') {
    const sorted: { [key: string]: Json } = {}
    for (const key of Object.keys(value).sort()) {
      setOwn(sorted, key, canonicalize(value[key] as Json))
    }
    return sorted
  }
  return value
}

/**
 * Sets `object[key]` as an own property, also for the key `__proto__` (which JSON.parse reads as
 * an ordinary key and a plain assignment would take as the object's prototype).
 */
export function setOwn(object: { [key: string]: unknown }, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else object[key] = value
}

/**
 * Whether two JSON values are equal as JSON: the same keys with equal values, in any key order.
 * An object key whose value is `undefined` counts as absent, as JSON.stringify leaves it out; an
 * `undefined` array item counts as `null`, as JSON.stringify writes it. Reads each key without
 * collecting key lists, since it runs over whole conversations.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null)
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  let keys = 0
  for (const key in left) {
    if (!Object.hasOwn(left, key) || left[key] === undefined) continue
    keys++
    const other = Object.hasOwn(right, key) ? right[key] : undefined
    if (other === undefined || !jsonEqual(left[key], other)) return false
  }
  for (const key in right) {
    if (Object.hasOwn(right, key) && right[key] !== undefined) keys--
  }
  return keys === 0
}

/** The file text of a JSON value: two-space indent and a final newline. */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
