// Outcome criteria: check nodes as plain data, their constructors and sugar,
// evaluation, guards and JSON hydration.
export { countTurns, firstMatchIndex, type TurnFilterOptions } from './aggregations.js'
export { allOf, anyOf, atLeastN } from './compose.js'
export { type CrossTurnOptions, crossTurn } from './cross-turn.js'
export { evaluateOutcome } from './evaluate-outcome.js'
export { resultCheck, turnCheck } from './field-checks.js'
export { assertOutcomeCheck, isBooleanCheck, isOutcomeCheck } from './guards.js'
export { type HandedOffToOptions, handedOffTo } from './handed-off-to.js'
export { hydrateOutcomeCheck } from './hydrate-outcome-check.js'
export { type JudgeOptions, judge } from './judge.js'
export { firstTurnScope, isScope, lastTurnScope, turnAt } from './scopes.js'
export {
  allTurns,
  anyTurn,
  type FieldValue,
  firstTurn,
  lastTurn,
  type OperatorObject,
  statusIs,
  type TurnFields,
  type TurnQuantifierOptions,
  turnCountEq,
  turnCountGte,
} from './sugar.js'
export {
  type CalledToolOptions,
  calledTool,
  type ExpectedToolCall,
  type ExpectedToolStep,
  type ToolArgs,
  type ToolScopeOptions,
  type ToolTrajectoryOptions,
  toolTrajectory,
} from './tool-checks.js'
export type {
  Aggregation,
  AllOf,
  AllTurnsScope,
  AnyOf,
  AnyTurnScope,
  AtLeastN,
  BooleanCheck,
  CalledTool,
  CheckPrimitive,
  CountRange,
  CountTurns,
  CrossTurnCheck,
  CrossTurnComparison,
  EvaluateOutcomeOptions,
  FieldCheck,
  FirstMatchIndex,
  FirstTurnScope,
  HandedOffTo,
  InconclusiveMode,
  JudgeCheck,
  LastTurnScope,
  NodeFilter,
  OutcomeCheck,
  OutcomeCriterion,
  OutcomeEvaluate,
  OutcomeValue,
  OutcomeVerdict,
  ParallelCalls,
  ResultCheck,
  ResultField,
  SingleTurnScope,
  ToolArgMatch,
  ToolCallPattern,
  ToolCallsSelection,
  ToolTrajectory,
  TrajectoryMode,
  TurnAtScope,
  TurnCheck,
  TurnFieldsCheck,
  TurnFilter,
  TurnScope,
} from './types.js'
