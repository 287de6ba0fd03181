// biome-ignore-all assist/source/organizeImports: grouped by topic, in the order the API reference reads
// vitest-scenario/core — the runner-agnostic engine. It never imports `vitest`: a plain Node
// script or another test runner uses it as it is. One list, grouped the way the API reference reads:
// build a scenario, say how to check answers, run it, read its result, judge the whole
// conversation, keep and load definitions, replay recorded calls, handle errors. What a test
// runner's adapter needs (recording sessions and stores, paths, modes) is in `vitest-scenario/host`.

// ─── Building a scenario ────────────────────────────────────────────────────────────────────────
export { isScenarioDefinition, ScenarioDefinition } from './scenario/definition.js'
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
export { isStateCheck, stateCheck } from './conditions/state-check.js'
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

// ─── Routing ────────────────────────────────────────────────────────────────────────────────────
export {
  type ResolveNextNodeOptions,
  type RoutableEdge,
  resolveNextNode,
} from './routing/resolve-next-node.js'

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

// ─── Answer templates ───────────────────────────────────────────────────────────────────────────
export { defineTemplate, isAnswerTemplate } from './templates/define-template.js'
export type {
  AnswerTemplate,
  FieldVerifiers,
  TemplateSchema,
  TemplateSpec,
  VerifyFunction,
} from './templates/types.js'

// ─── Rubrics ────────────────────────────────────────────────────────────────────────────────────
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

// ─── Tools for a model answering side ───────────────────────────────────────────────────────────
export { ToolCallError } from './tools/tool-call-error.js'
export { tool } from './tools/tool.js'
export type { Tool, ToolContext, ToolSpec } from './tools/types.js'

// ─── Simulated users: a model that plays the user ───────────────────────────────────────────────
export { isSimulatedUser, simulatedUser } from './simulated-user/simulated-user.js'
export type { SimulatedUser, SimulatedUserOptions } from './simulated-user/types.js'

// ─── Running a scenario: the answering side, agents, scripted models, the limiter ───────────────
export { createLimiter, type Limiter, type LimiterOptions } from './models/limiter.js'
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
export type { Budget } from './runner/budget.js'
export type { RunOptions } from './runner/run-options.js'
export { runScenario } from './runner/run-scenario.js'
export type { ModelPrice } from './runner/usage.js'
export {
  type ScriptedModel,
  type ScriptedReply,
  type ScriptedReplyFunction,
  scriptedModel,
} from './scripted-model/scripted-model.js'

// ─── Results and state ──────────────────────────────────────────────────────────────────────────
export { isScenarioExecutionResult } from './state/is-execution-result.js'
export { resolvePath } from './state/resolve-path.js'
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

// ─── Outcome criteria: judging the whole conversation ───────────────────────────────────────────
export { countTurns, firstMatchIndex, type TurnFilterOptions } from './outcomes/aggregations.js'
export { allOf, anyOf, atLeastN } from './outcomes/compose.js'
export { type CrossTurnOptions, crossTurn } from './outcomes/cross-turn.js'
export { evaluateOutcome } from './outcomes/evaluate-outcome.js'
export { resultCheck, turnCheck } from './outcomes/field-checks.js'
export { type JudgeOptions, judge } from './outcomes/judge.js'
export {
  type ConversationJudgement,
  type JudgeConversationOptions,
  judgeConversation,
} from './models/judge-conversation.js'
export { firstTurnScope, lastTurnScope, turnAt } from './outcomes/scopes.js'

// ─── Calibrating a judge against human labels ─────────────────────────────────────────────────
export {
  type CalibrateJudgeOptions,
  calibrateJudge,
} from './calibration/calibrate-judge.js'
export type {
  Calibration,
  CriterionCalibration,
  LabelPlace,
  MissingLabel,
  StaleLabel,
} from './calibration/calibration.js'
export type { Label, LabelsFile } from './calibration/labels-file.js'
export type { LabelsInput } from './calibration/read-labels-input.js'
export type {
  AgreementGates,
  AgreeWithLabelsOptions,
  CalibrationJudge,
} from './calibration/agreement-gates.js'
export {
  type AgreementStats,
  agreementStats,
  type RateWithInterval,
} from './calibration/statistics/agreement-stats.js'
export { cohensKappa } from './calibration/statistics/cohens-kappa.js'
export type { Confusion, JudgeVerdict, LabelVerdict } from './calibration/statistics/confusion.js'
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
  EvaluateOutcomeOptions,
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

// ─── Samples: repeated runs and their pass rate ─────────────────────────────────────────────────
export {
  isScenarioResultSet,
  resultSet,
  type ScenarioResultSet,
  samplePassed,
} from './samples/result-set.js'
export { type PassRateInterval, wilsonInterval } from './samples/wilson-interval.js'

// ─── Conversation snapshots ─────────────────────────────────────────────────────────────────────
export {
  type ConversationSerializer,
  conversationSerializer,
} from './snapshot/conversation-serializer.js'
export { renderConversation, renderResultSet } from './snapshot/render-conversation.js'

// ─── Serialization: definitions as JSON documents ───────────────────────────────────────────────
export {
  type Callable,
  type CallableReference,
  type CallableTraitDocument,
  type EdgeDocument,
  type FromJSONOptions,
  type JsonObject,
  type JsonValue,
  type ModelConfigDocument,
  type ModelOverrideDocument,
  type NodeDocument,
  type OutcomeCriterionDocument,
  type QuestionDocument,
  type RubricDocument,
  SCENARIO_DOCUMENT_KIND,
  SCENARIO_FORMAT_VERSION,
  type ScenarioDocument,
  type SimulatedUserDocument,
  type TemplateDocument,
  type WhenDocument,
} from './serialization/document-format.js'

// ─── Recordings: replaying model calls ──────────────────────────────────────────────────────────
export { RECORDING_MODES, type RecordingMode } from './recordings/mode.js'
export type { RecordedRequest, RedactHook } from './recordings/normalize-request.js'
export type { RecordedResponse } from './recordings/recorded-response.js'
export {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  type RecordedInteraction,
  type RecordingFile,
  serializeRecording,
} from './recordings/recording-file.js'
export type {
  McpCall,
  McpInteraction,
  McpMethod,
  McpRecordedError,
} from './recordings/mcp-interaction.js'
export type { RecordedEvent } from './recordings/sse.js'
export type { Json } from './recordings/stable-json.js'
export { wrap } from './recordings/wrap.js'

// ─── Errors ─────────────────────────────────────────────────────────────────────────────────────
export type { MessageParts } from './errors/format-message.js'
export { type HostRunner, HostMissingError } from './errors/host-missing-error.js'
export { InvalidArgumentError } from './errors/invalid-argument-error.js'
export { MissingPeerError } from './errors/missing-peer-error.js'
export { isModelCallError, ModelCallError } from './errors/model-call-error.js'
export {
  NetworkBlockedError,
  type RefusedRequest,
  UnrecordedCallError,
} from './errors/network-errors.js'
export { ReadOnlyStateError } from './errors/read-only-state-error.js'
export {
  RecordingBadResponseError,
  RecordingError,
  RecordingMissingError,
  RecordingSecretError,
} from './errors/recording-errors.js'
export { ScenarioDocumentError } from './errors/scenario-document-error.js'
export {
  GuardrailTripwire,
  type GuardrailTripwireOptions,
  isGuardrailTripwire,
} from './errors/guardrail-tripwire.js'
export { isScenarioError, ScenarioError, type ScenarioErrorCode } from './errors/scenario-error.js'
export {
  ScenarioValidationError,
  type ValidationProblem,
  type ValidationProblemCode,
} from './errors/scenario-validation-error.js'
export { SnapshotSecretError } from './errors/snapshot-secret-error.js'
export { TurnTimeoutError } from './errors/turn-timeout-error.js'
