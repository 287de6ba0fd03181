// The one registry of primitive behaviour, keyed by `type`, and the functions that dispatch
// through it. Everything here works on plain data too (a primitive copied or parsed from JSON).
import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { parseOptionKeys } from '../internal/option-keys.js'
import { attachBehaviour, type Behaviour, type DataOf } from './behaviour.js'
import { booleanMatchBehaviour } from './boolean-match.js'
import { literalMatchBehaviour, setContainmentBehaviour } from './collection-primitives.js'
import {
  dateMatchBehaviour,
  dateRangeBehaviour,
  dateToleranceBehaviour,
} from './date-primitives.js'
import { exactMatchBehaviour, orderedMatchBehaviour } from './exact-match.js'
import {
  numericGradedBehaviour,
  numericRangeGradedBehaviour,
  numericThresholdGradedBehaviour,
} from './graded-primitives.js'
import {
  numericExactBehaviour,
  numericMaximumBehaviour,
  numericMinimumBehaviour,
  numericRangeBehaviour,
  numericToleranceBehaviour,
} from './numeric-primitives.js'
import { containsAllBehaviour, containsAnyBehaviour, regexMatchBehaviour } from './text-search.js'
import type { Primitive, PrimitiveData, PrimitiveType } from './types.js'

const registry: { readonly [T in PrimitiveType]: Behaviour<DataOf<T>> } = {
  BooleanMatch: booleanMatchBehaviour,
  ExactMatch: exactMatchBehaviour,
  LiteralMatch: literalMatchBehaviour,
  NumericExact: numericExactBehaviour,
  NumericTolerance: numericToleranceBehaviour,
  NumericRange: numericRangeBehaviour,
  NumericMinimum: numericMinimumBehaviour,
  NumericMaximum: numericMaximumBehaviour,
  ContainsAny: containsAnyBehaviour,
  ContainsAll: containsAllBehaviour,
  RegexMatch: regexMatchBehaviour,
  SetContainment: setContainmentBehaviour,
  OrderedMatch: orderedMatchBehaviour,
  DateMatch: dateMatchBehaviour,
  DateTolerance: dateToleranceBehaviour,
  DateRange: dateRangeBehaviour,
  NumericGraded: numericGradedBehaviour,
  NumericRangeGraded: numericRangeGradedBehaviour,
  NumericThresholdGraded: numericThresholdGradedBehaviour,
}

/** Every primitive `type` tag, in registry order. */
export const PRIMITIVE_TYPES = Object.freeze(Object.keys(registry)) as readonly PrimitiveType[]

const hasOwn = Object.prototype.hasOwnProperty

function behaviourOf(data: PrimitiveData): Behaviour<PrimitiveData> {
  // One cast at the dispatch point: the registry's mapped type guarantees the pairing.
  return registry[data.type] as unknown as Behaviour<PrimitiveData>
}

/** Whether `value` carries a known primitive `type` tag (it may lack attached behaviour). */
export function isPrimitiveData(value: unknown): value is PrimitiveData {
  if (typeof value !== 'object' || value === null) return false
  try {
    const type = (value as { type?: unknown }).type
    return typeof type === 'string' && hasOwn.call(registry, type)
  } catch {
    // A value whose `type` cannot be read (a throwing getter or Proxy) is no primitive.
    return false
  }
}

/**
 * Whether `value` is a primitive with its behaviour attached (built by a factory or by
 * `hydratePrimitive`), as opposed to a bare scope, a plain object or a data copy.
 *
 * @example
 * isPrimitive(exactMatch()) // true
 * isPrimitive({ type: 'ExactMatch', normalize: [] }) // false: hydrate it first
 */
export function isPrimitive(value: unknown): value is Primitive {
  if (!isPrimitiveData(value)) return false
  try {
    return (
      typeof (value as Partial<Primitive>).check === 'function' &&
      typeof (value as Partial<Primitive>).score === 'function'
    )
  } catch {
    return false
  }
}

/**
 * Whether `value` passes `p` against `expected`, through the registry (works on data copies).
 *
 * @example
 * checkPrimitive(exactMatch(), ' Yes', 'yes') // true
 */
export function checkPrimitive(p: PrimitiveData, value: unknown, expected?: unknown): boolean {
  return behaviourOf(p).check(p, value, expected)
}

/**
 * The score of `value` against `expected` in [0, 1]: partial credit for graded primitives,
 * 1/0 from `check` for the others.
 *
 * @example
 * scorePrimitive(numericGraded({ cutoff: 0.2 }), 105, 100) // 0.75
 */
export function scorePrimitive(p: PrimitiveData, value: unknown, expected?: unknown): number {
  const b = behaviourOf(p)
  return b.score === undefined ? (b.check(p, value, expected) ? 1 : 0) : b.score(p, value, expected)
}

/**
 * Whether `value` is of a type `p` takes; a `false` check on a value it does not
 * take is a "wrong type" diagnostic. `expected` matters only for `exactMatch`, where a shape
 * mismatch (array vs string, object vs array) is a wrong type.
 *
 * @example
 * primitiveAccepts(numericRange({ min: 1 }), 'high') // false
 * primitiveAccepts(exactMatch(), ['a'], 'a') // false
 */
export function primitiveAccepts(p: PrimitiveData, value: unknown, expected?: unknown): boolean {
  return behaviourOf(p).accepts(p, value, expected)
}

/**
 * Validates arbitrary data (parsed JSON, a copy) as a primitive and returns a new frozen
 * primitive with its behaviour attached; missing optional fields take their defaults, and
 * every error names `where`.
 *
 * @example
 * hydratePrimitive(JSON.parse('{"type":"ExactMatch","normalize":["strip"]}'), 'edges.0.when')
 */
export function hydratePrimitive(data: unknown, where: string): Primitive {
  if (!isPlainObject(data) && !isPrimitiveData(data)) {
    throw new InvalidArgumentError(
      `Invalid primitive in ${where}: ${describeValue(data)}`,
      "A primitive is an object with a 'type', e.g. { type: 'ExactMatch', normalize: ['lowercase'] }.",
    )
  }
  const { type, ...fields } = data as Record<string, unknown>
  if (typeof type !== 'string' || !hasOwn.call(registry, type)) {
    throw new InvalidArgumentError(
      type === undefined
        ? `Missing primitive 'type' in ${where}`
        : `Unknown primitive type ${describeValue(type)} in ${where}`,
      `Valid values: ${quoteList(PRIMITIVE_TYPES)}.`,
    )
  }
  const b = registry[type as PrimitiveType] as unknown as Behaviour<PrimitiveData>
  // Name the type too: 'edges.1.when (NumericRange)' says which data the keys belong to.
  const at = `${where} (${type})`
  parseOptionKeys(fields, b.keys, {
    where: at,
    fix: `Remove what ${type} does not take: its data is its 'type' and its own fields.`,
  })
  return attachBehaviour(b.build(fields, at), b)
}
