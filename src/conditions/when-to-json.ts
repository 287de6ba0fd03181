import { isPlainObject } from '../primitives/index.js'
import { isStateCheck } from './state-check.js'
import { readWhenJson } from './when-json.js'

/**
 * Whether a `when` makes an edge unconditional (the fallback): absent, `undefined` or `null`.
 *
 * @example
 * isUnconditional(undefined) // true
 * isUnconditional([]) // false: a condition that always holds
 */
export function isUnconditional(when: unknown): when is null | undefined {
  return when === undefined || when === null
}

/** Plain data of a value: what `JSON.stringify` keeps (a primitive's data, a `Date` as ISO). */
function plainData(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
}

function elementToJSON(element: unknown): unknown {
  if (isStateCheck(element)) {
    const out: Record<string, unknown> = {
      type: 'StateCheck',
      field: element.field,
      verifyWith: plainData(element.verifyWith),
    }
    if (element.expected !== undefined) out.expected = plainData(element.expected)
    return out
  }
  if (isPlainObject(element)) {
    const out: Record<string, unknown> = {}
    for (const path of Object.keys(element)) {
      Object.defineProperty(out, path, {
        // Already validated at addEdge; this only writes `undefined` as `null`.
        value: readWhenJson(element[path], { path, where: 'toJSON()' }),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  // Functions are written by the serializer as { callable, at }; anything else as it is.
  return element
}

/**
 * The JSON form of a validated `when`: when-objects with `undefined` written as `null`
 *, `stateCheck`s as data; functions are returned as they are, for the
 * serializer to write as `{ callable, at }`.
 *
 * @example
 * whenToJSON({ 'parsed.note': undefined }) // { 'parsed.note': null }
 * whenToJSON(stateCheck('turn', numericRange({ min: 2 }))) // { type: 'StateCheck', field: 'turn', verifyWith: { … } }
 */
export function whenToJSON(when: unknown): unknown {
  if (Array.isArray(when)) return when.map(elementToJSON)
  return elementToJSON(when)
}
