import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import {
  hydratePrimitive,
  isPlainObject,
  isPrimitive,
  isPrimitiveData,
  type Primitive,
  type PrimitiveData,
} from '../primitives/index.js'
import { compilePath, PATH_ROOTS } from '../state/resolve-path.js'
import type { StateCheck } from './types.js'

/**
 * An explicit check of one dot path with any primitive, as plain data; use it as a `when` or as
 * an element of a `[…]` list.
 *
 * @example
 * s.addEdge('ask', 'retry', { when: stateCheck('parsed.answer', regexMatch('^no\\b', { flags: 'i' })) })
 * s.addEdge('ask', 'done', { when: stateCheck('parsed.dose', numericTolerance({ tolerance: 0.1 }), 50) })
 */
export function stateCheck(
  path: string,
  primitive: Primitive | PrimitiveData,
  expected?: unknown,
): StateCheck {
  if (typeof path !== 'string' || path === '') {
    throw new InvalidArgumentError(
      `Invalid path in stateCheck(): ${describeValue(path)}`,
      "The first argument is a dot path such as 'parsed.score' or 'nodeResults.ask.verifyResult'.",
    )
  }
  if (!compilePath(path).known) {
    throw new InvalidArgumentError(
      `Unknown dot path '${path}' in stateCheck()`,
      `A path starts with ${PATH_ROOTS.join(', ')}, e.g. 'parsed.score'.`,
    )
  }
  // A primitive's data (a JSON copy) is the primitive: rebuilt here, it works as the original.
  if (isPrimitiveData(primitive) && !isPrimitive(primitive)) {
    const live = hydratePrimitive(primitive, `stateCheck('${path}', …)`)
    return { type: 'StateCheck', field: path, verifyWith: live, expected }
  }
  if (!isPrimitive(primitive)) {
    throw new InvalidArgumentError(
      `Invalid primitive in stateCheck('${path}', …): ${describeValue(primitive)}`,
      'The second argument is a primitive built by a factory, e.g. numericRange({ min: 3 }).',
    )
  }
  return { type: 'StateCheck', field: path, verifyWith: primitive, expected }
}

/** Whether a value is a `StateCheck` (built by `stateCheck()`, or its data read from JSON). */
export function isStateCheck(value: unknown): value is StateCheck {
  if (!isPlainObject(value)) return false
  try {
    return value.type === 'StateCheck'
  } catch {
    // A value whose `type` cannot be read (a throwing getter or Proxy) is no state check.
    return false
  }
}
