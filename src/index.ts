// biome-ignore-all assist/source/organizeImports: grouped by topic
// vitest-scenario — what a test author writes, and no more: `scenario()` tests, the builder,
// conditions, comparison primitives, templates and rubrics, simulated users, tools and scripted
// models, outcome checks, the model-call helpers bound to the running test, and the errors worth
// branching on; with them, every type that appears in their signatures. At most 60 runtime
// values (test/package/root-entry.test.ts holds the count). Everything else keeps its place in
// `vitest-scenario/core` (the engine's complete surface); documents and serialization are in
// `vitest-scenario/serialization`, recording plumbing in `vitest-scenario/host`.

// ─── scenario() tests ────────────────────────────────────────────────────────────────────────
export { scenario } from './hosts/vitest/scenario/scenario.js'
export type {
  SamplesOf,
  ScenarioAPI,
  ScenarioBody,
  ScenarioBuild,
  ScenarioContext,
  ScenarioFunction,
  ScenarioOptions,
  ScenarioRunOptions,
  ScenarioRunResult,
} from './hosts/vitest/scenario/types.js'
export type {
  ScenarioAPIOf,
  ScenarioBodyOf,
  ScenarioFunctionOf,
  ScenarioRun,
} from './hosts/core/api-types.js'

// ─── Model calls bound to the running test's recording ─────────────────────────────────────────
// Inside a test they record to and replay from its recording; `vitest-scenario/core` keeps the
// unbound `runScenario`, `judgeConversation` and `wrap`.
export {
  judgeConversation,
  recordedFetch,
  runScenario,
  wrap,
} from './hosts/vitest/setup/test-bound.js'

// The types of `calibrateJudge`'s and `toAgreeWithLabels`' signatures. `calibrateJudge` itself
// is in `vitest-scenario/core`: the root holds at most 60 runtime values.
export type {
  AgreementGates,
  AgreeWithLabelsOptions,
  CalibrationJudge,
  AgreementStats,
  CalibrateJudgeOptions,
  Calibration,
  Confusion,
  CriterionCalibration,
  Label,
  LabelPlace,
  LabelsFile,
  LabelsInput,
  MissingLabel,
  RateWithInterval,
  StaleLabel,
} from './core.js'

// ─── Building a scenario ────────────────────────────────────────────────────────────────────────
export type { ScenarioDefinition } from './scenario/definition.js'
export { END, type End } from './scenario/end.js'
export { Scenario } from './scenario/scenario.js'
export {
  type ScriptedTurn,
  type ScriptedTurnsOptions,
  scriptedTurns,
} from './scenario/scripted-turns.js'
export type {
  EdgeOptions,
  NodeSpec,
  OutcomeCriterionSpec,
  Question,
  QuestionContext,
  QuestionFunction,
  QuestionText,
  ScenarioEdge,
  ScenarioNode,
  ScenarioOutcomeCriterion,
  ScenarioWarning,
  StateUpdate,
  ToolFilter,
} from './scenario/types.js'

// ─── Conditions on edges ────────────────────────────────────────────────────────────────────────
export { stateCheck } from './conditions/state-check.js'
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
} from './conditions/types.js'

// ─── Comparison primitives and normalizers ──────────────────────────────────────────────────────
export { booleanMatch } from './primitives/boolean-match.js'
export {
  literalMatch,
  type SetContainmentOptions,
  setContainment,
} from './primitives/collection-primitives.js'
export {
  type DateRangeOptions,
  type DateToleranceOptions,
  dateMatch,
  dateRange,
  dateTolerance,
} from './primitives/date-primitives.js'
export { type ExactMatchOptions, exactMatch, orderedMatch } from './primitives/exact-match.js'
export {
  type NumericGradedOptions,
  type NumericRangeGradedOptions,
  type NumericThresholdGradedOptions,
  numericGraded,
  numericRangeGraded,
  numericThresholdGraded,
} from './primitives/graded-primitives.js'
export { synonymMap } from './primitives/normalizers.js'
export {
  type NumericBoundOptions,
  type NumericRangeOptions,
  type NumericToleranceOptions,
  numericExact,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericTolerance,
} from './primitives/numeric-primitives.js'
export {
  type ContainsOptions,
  containsAll,
  containsAny,
  type RegexMatchOptions,
  regexMatch,
} from './primitives/text-search.js'
export type {
  DataOf,
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
} from './primitives/types.js'

// ─── Answer templates and rubrics ───────────────────────────────────────────────────────────────
export { defineTemplate } from './templates/define-template.js'
export type {
  AnswerTemplate,
  FieldVerifiers,
  TemplateSchema,
  TemplateSpec,
  VerifyFunction,
} from './templates/types.js'
export { callableTrait, llmTrait, regexTrait } from './rubrics/traits.js'
export type {
  CallableTrait,
  LlmTrait,
  LlmTraitKind,
  RegexTrait,
  Rubric,
  Trait,
  TraitContext,
} from './rubrics/types.js'

// ─── The answering side: agents, tools, scripted models, simulated users ────────────────────────
export type {
  AgentContext,
  AgentFunction,
  AgentMessage,
  AgentReply,
  AnsweringOverride,
  AnsweringSide,
  ModelConfig,
  ModelOverride,
} from './models/types.js'
export { tool } from './tools/tool.js'
export type { Tool, ToolContext, ToolSpec } from './tools/types.js'
export {
  type ScriptedModel,
  type ScriptedReply,
  type ScriptedReplyFunction,
  scriptedModel,
} from './scripted-model/scripted-model.js'
export { simulatedUser } from './simulated-user/simulated-user.js'
export type { SimulatedUser, SimulatedUserOptions } from './simulated-user/types.js'

// ─── Running and its result ─────────────────────────────────────────────────────────────────────
export type { Budget } from './runner/budget.js'
export type { RunOptions } from './runner/run-options.js'
export type { ModelPrice } from './runner/usage.js'
export type { Limiter, LimiterOptions } from './models/limiter.js'
export type {
  ConversationJudgement,
  JudgeConversationOptions,
} from './models/judge-conversation.js'
export type { ScenarioResultSet } from './samples/result-set.js'
export type { PassRateInterval } from './samples/wilson-interval.js'
export type {
  ChatMessage,
  ChatToolCall,
  CriterionJudgement,
  CriterionVerdict,
  CriterionVote,
  DeepReadonly,
  Diagnostic,
  DiagnosticKind,
  ErrorCategory,
  ErrorStage,
  GuardrailTrip,
  JudgeResult,
  NodeResult,
  OutcomeError,
  RouteReason,
  RubricScores,
  RunError,
  ScenarioExecutionResult,
  ScenarioState,
  ScenarioStateView,
  ScenarioStatus,
  SchemaIssue,
  SimulatedUserTurn,
  StopReason,
  ToolCallRecord,
  TurnError,
  TurnRecord,
  TurnResult,
  TurnRoute,
  TurnUsage,
  Usage,
} from './state/types.js'

// ─── Outcome checks: judging the whole conversation ─────────────────────────────────────────────
export { countTurns, firstMatchIndex, type TurnFilterOptions } from './outcomes/aggregations.js'
export { allOf, anyOf, atLeastN } from './outcomes/compose.js'
export { type CrossTurnOptions, crossTurn } from './outcomes/cross-turn.js'
export { resultCheck, turnCheck } from './outcomes/field-checks.js'
export { type JudgeOptions, judge } from './outcomes/judge.js'
export { turnAt } from './outcomes/scopes.js'
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
} from './outcomes/sugar.js'
export {
  type CalledToolOptions,
  calledTool,
  type ExpectedToolCall,
  type ExpectedToolStep,
  type ToolArgs,
  type ToolScopeOptions,
  type ToolTrajectoryOptions,
  toolTrajectory,
} from './outcomes/tool-checks.js'
export { type HandedOffToOptions, handedOffTo } from './outcomes/handed-off-to.js'
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
  FieldCheck,
  FirstMatchIndex,
  HandedOffTo,
  FirstTurnScope,
  InconclusiveMode,
  JudgeCheck,
  LastTurnScope,
  NodeFilter,
  OutcomeCheck,
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
} from './outcomes/types.js'

// ─── Errors worth branching on (branch on `code`, or on the class) ──────────────────────────────
export type { MessageParts } from './errors/format-message.js'
export { ScenarioError, type ScenarioErrorCode } from './errors/scenario-error.js'
export {
  ScenarioValidationError,
  type ValidationProblem,
  type ValidationProblemCode,
} from './errors/scenario-validation-error.js'
export { ModelCallError } from './errors/model-call-error.js'
// Thrown by the app's guardrails: the turn's outcome (no answer), not a failure.
export { GuardrailTripwire, type GuardrailTripwireOptions } from './errors/guardrail-tripwire.js'

// ─── Matchers' types (for `expect`) ──────────────────────────────────────────────────────────
export type { ScenarioMatchers } from '../matchers/vitest-matchers.js'
export type { MatcherReturn } from '../matchers/scenario-matchers.js'
export type { ConsistencyOptions } from '../matchers/to-be-consistent-across.js'
export type { CalledToolMatcherOptions } from '../matchers/to-have-called-tool.js'
export type { AgentTurnMatcherOptions } from '../matchers/to-have-handed-off-to.js'
export type { PassRateOptions } from '../matchers/to-have-pass-rate.js'
export type { ToolTrajectoryMatcherOptions } from '../matchers/to-have-tool-trajectory.js'
export type { TurnLevelCheck } from '../matchers/to-have-turn-check.js'
export type { JudgeMatcherOptions } from '../matchers/to-satisfy-judge.js'
