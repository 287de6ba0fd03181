// One import point for the outcome tests: the outcomes module, the primitives they use, and the
// runner's evaluation of a run's criteria.
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
export {
  evaluateCriteria,
  type JudgeNodeOutcome,
  type OutcomeEvaluation,
  type RunJudge,
} from '../../src/runner/evaluate-criteria.js'
