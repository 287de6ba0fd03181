import { MAX_JSON_DEPTH } from '../internal/json-depth.js'

/**
 * A guardrail's `outputInfo` as plain JSON data, for a turn record (which is cloned, compared and
 * serialized): what `JSON.stringify` would keep of it, as values. Functions, symbols and
 * `undefined` are dropped (`null` in a list or at the top, as JSON has it), a `toJSON()` is used (an Agents SDK
 * agent becomes `{ name }`), a bigint becomes its decimal text, a number that is not finite
 * `null`; a class instance keeps its own enumerable fields; a cycle and anything nested deeper
 * than the JSON limit are dropped; a getter that throws drops its field.
 */
export function jsonAble(value: unknown): unknown {
  const copied = copy(value, new Set(), 0)
  return copied === DROPPED ? null : copied
}

/** A dropped value: not a field of an object, `null` in a list. */
const DROPPED = Symbol('dropped')

function copy(value: unknown, path: Set<object>, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'bigint':
      return value.toString()
    case 'object':
      break
    default:
      return DROPPED
  }
  if (value === null) return null
  if (path.has(value) || depth >= MAX_JSON_DEPTH) return DROPPED
  try {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') {
      const own = toJSON.call(value)
      if (own !== value) return copy(own, path, depth + 1)
    }
    path.add(value)
    try {
      if (Array.isArray(value)) {
        return value.map((item) => {
          const copied = copy(item, path, depth + 1)
          return copied === DROPPED ? null : copied
        })
      }
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(value)) {
        const copied = copy((value as Record<string, unknown>)[key], path, depth + 1)
        if (copied !== DROPPED) out[key] = copied
      }
      return out
    } finally {
      path.delete(value)
    }
  } catch {
    return DROPPED
  }
}
