// The data inside a when-object: JSON only, `undefined` read as `null`.
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'

/** Where a when-object value sits, for error messages. */
export interface WhenSite {
  /** The dot path the value belongs to. */
  readonly path: string
  /** The operator, when the value is an operand. */
  readonly operator?: string | undefined
  /** The call that received the condition, e.g. `addEdge('ask', 'retry')`. */
  readonly where: string
}

// Names a site in a message: `'parsed.x'`, or `'parsed.x' (operator 'eq')`.
function siteLabel(site: WhenSite): string {
  return site.operator === undefined
    ? `'${site.path}'`
    : `'${site.path}' (operator '${site.operator}')`
}

function unsupported(what: string, site: WhenSite): never {
  throw new InvalidArgumentError(
    `Unsupported value in 'when' at ${siteLabel(site)}: ${what}`,
    'A when-object holds JSON data (booleans, strings, finite numbers, null, arrays, objects). ' +
      "For dates use stateCheck(path, dateMatch(), '2024-05-01'); for anything else write a " +
      'function condition (state) => boolean.',
    [site.where],
  )
}

/**
 * Copies JSON data from a when-object, reading `undefined` (also inside arrays and objects) as
 * `null`; any other non-JSON value (`Date`, `RegExp`, function, bigint, `NaN`, a cycle) is an
 * error naming the path.
 *
 * @example
 * readWhenJson(['a', undefined], { path: 'parsed.tags', where: 'addEdge(…)' }) // ['a', null]
 */
export function readWhenJson(value: unknown, site: WhenSite): unknown {
  return copyJson(value, site, [])
}

function copyJson(value: unknown, site: WhenSite, ancestors: unknown[]): unknown {
  switch (typeof value) {
    case 'undefined':
      return null
    case 'string':
    case 'boolean':
      return value
    case 'number':
      if (Number.isFinite(value)) return value
      return unsupported(String(value), site)
    case 'object':
      break
    default:
      return unsupported(describeValue(value), site)
  }
  if (value === null) return null
  if (ancestors.includes(value)) unsupported('a cyclic object', site)
  if (Array.isArray(value)) {
    ancestors.push(value)
    const out: unknown[] = []
    // An index loop, not map(): holes in a sparse array are `undefined`, hence `null`.
    for (let i = 0; i < value.length; i++) out.push(copyJson(value[i], site, ancestors))
    ancestors.pop()
    return out
  }
  if (!isPlainObject(value)) return unsupported(describeValue(value), site)
  ancestors.push(value)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    // defineProperty, so a key such as '__proto__' stays an ordinary key.
    Object.defineProperty(out, key, {
      value: copyJson(value[key], site, ancestors),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  ancestors.pop()
  return out
}
