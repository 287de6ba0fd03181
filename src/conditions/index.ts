export { compileWhen } from './compile-when.js'
export type {
  CompiledCheck,
  CompiledCondition,
  FunctionCheck,
  PathCheck,
  ValueTest,
  Verdict,
} from './compiled-condition.js'
export { type ConditionContext, evaluateCondition } from './evaluate-condition.js'
export { WHEN_OPERATORS } from './operators.js'
export { isStateCheck, stateCheck } from './state-check.js'
export type {
  StateCheck,
  When,
  WhenCheck,
  WhenFunction,
  WhenJson,
  WhenObject,
  WhenOperator,
  WhenOperators,
  WhenScalar,
  WhenValue,
} from './types.js'
export { isUnconditional, whenToJSON } from './when-to-json.js'
