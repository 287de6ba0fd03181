export { isPlainObject } from '../internal/is-plain-object.js'
export type { Behaviour, CompiledCache, DataOf } from './behaviour.js'
export { booleanMatch, toBoolean } from './boolean-match.js'
export {
  literalMatch,
  SET_MODES,
  type SetContainmentOptions,
  setContainment,
} from './collection-primitives.js'
export {
  DATE_UNITS,
  type DateRangeOptions,
  type DateToleranceOptions,
  dateMatch,
  dateRange,
  dateTolerance,
} from './date-primitives.js'
export { deepEqual } from './deep-equal.js'
export { type ExactMatchOptions, exactEqual, exactMatch, orderedMatch } from './exact-match.js'
export {
  DECAYS,
  DIRECTIONS,
  type NumericGradedOptions,
  type NumericRangeGradedOptions,
  type NumericThresholdGradedOptions,
  numericGraded,
  numericRangeGraded,
  numericThresholdGraded,
} from './graded-primitives.js'
export {
  applyNormalizers,
  NORMALIZER_NAMES,
  synonymMap,
  validateNormalizers,
} from './normalizers.js'
export {
  DISTANCE_MODES,
  type NumericBoundOptions,
  type NumericRangeOptions,
  type NumericToleranceOptions,
  numericExact,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericTolerance,
} from './numeric-primitives.js'
export {
  checkPrimitive,
  hydratePrimitive,
  isPrimitive,
  isPrimitiveData,
  PRIMITIVE_TYPES,
  primitiveAccepts,
  scorePrimitive,
} from './registry.js'
export {
  type ContainsOptions,
  containsAll,
  containsAny,
  REGEX_FLAGS,
  type RegexMatchOptions,
  regexMatch,
} from './text-search.js'
export { toInstant } from './to-instant.js'
export { toNumber } from './to-number.js'
export type {
  DateUnit,
  Decay,
  DistanceMode,
  Normalizer,
  Primitive,
  PrimitiveBehaviour,
  PrimitiveData,
  PrimitiveType,
  SetMode,
  SynonymMap,
} from './types.js'
export { primitiveForValue, type ValuePrimitive } from './value-primitive.js'
