/** A JSON value as recordings hold it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A copy of `value` with object keys sorted at every level, so equal data prints equally. */
export function canonicalize(value: Json): Json {
  if (Array.isArray(value)) return value.map(canonicalize)
  if (value !== null && typeof value === 'object') {
    const sorted: { [key: string]: Json } = {}
    for (const key of Object.keys(value).sort()) sorted[key] = canonicalize(value[key] as Json)
    return sorted
  }
  return value
}

/** The file text of a JSON value: two-space indent and a final newline. */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
