// One import point for the outcome tests: the outcomes module and the primitives they use.
export * from '../../src/outcomes/index.js'
export {
  booleanMatch,
  containsAny,
  exactMatch,
  literalMatch,
  numericExact,
  numericMaximum,
  numericMinimum,
  numericRange,
  regexMatch,
  setContainment,
  synonymMap,
} from '../../src/primitives/index.js'
