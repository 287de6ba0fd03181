// Check nodes and recordings are plain data: values written into them must survive JSON unchanged.

import { describeValue } from './describe-value.js'
import { isPlainObject } from './is-plain-object.js'

/**
 * Describes the first part of `value` that is not JSON data (a `Date`, a function, a non-finite
 * number, a class instance, …), with its path below `value`; `undefined` when all of it is JSON.
 * `undefined` inside objects and arrays is accepted: it is read as `null`.
 */
export function describeNonJson(value: unknown, path = ''): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return undefined
    case 'number':
      return Number.isFinite(value) ? undefined : at(path, String(value))
    case 'object': {
      if (value === null) return undefined
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const problem = describeNonJson(value[i], `${path}[${i}]`)
          if (problem !== undefined) return problem
        }
        return undefined
      }
      if (!isPlainObject(value)) return at(path, describeValue(value))
      for (const key of Object.keys(value)) {
        const problem = describeNonJson(value[key], `${path}.${key}`)
        if (problem !== undefined) return problem
      }
      return undefined
    }
    case 'bigint':
      return at(path, `${value}n`)
    default:
      return at(path, describeValue(value))
  }
}

function at(path: string, what: string): string {
  return path === '' ? what : `${what} at ${path}`
}
