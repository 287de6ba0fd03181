// The runner-agnostic engine: builder, conditions, primitives, state, routing, runner,
// templates, rubrics, outcomes and errors. It never imports `vitest`.

export type {
  StateCheck,
  When,
  WhenCheck,
  WhenFunction,
  WhenObject,
  WhenOperator,
  WhenOperators,
  WhenValue,
} from './conditions/index.js'
// Conditions
export { isStateCheck, stateCheck } from './conditions/index.js'
// Errors
export {
  InvalidArgumentError,
  isModelCallError,
  isScenarioError,
  ModelCallError,
  RecordingError,
  RecordingMissingError,
  RecordingSecretError,
  ScenarioDocumentError,
  ScenarioError,
  type ScenarioErrorCode,
  ScenarioValidationError,
  SnapshotSecretError,
  TurnTimeoutError,
  type ValidationProblem,
  type ValidationProblemCode,
} from './errors/index.js'
// Running: the limiter a run may be given (by default the host's, sized by the plugin)
export {
  createLimiter,
  type Limiter,
  type LimiterOptions,
} from './models/limiter.js'
// Models and agents
export type {
  AgentContext,
  AgentFunction,
  AgentReply,
  AnsweringOverride,
  AnsweringSide,
  ModelConfig,
  ModelOverride,
} from './models/types.js'
export type {
  Aggregation,
  AllOf,
  AllTurns,
  AnyOf,
  AnyTurn,
  AtLeastN,
  BooleanCheck,
  CountTurns,
  CrossTurnCheck,
  CrossTurnComparison,
  CrossTurnOptions,
  FieldValue,
  FirstMatchIndex,
  FirstTurn,
  LastTurn,
  OperatorObject,
  OutcomeCheck,
  OutcomeEvaluate,
  OutcomeValue,
  ResultCheck,
  ResultField,
  TurnAt,
  TurnCheck,
  TurnFields,
  TurnScope,
} from './outcomes/index.js'
// Outcome criteria
export {
  allOf,
  allTurns,
  anyOf,
  anyTurn,
  atLeastN,
  countTurns,
  crossTurn,
  evaluateOutcome,
  firstMatchIndex,
  firstTurn,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  resultCheck,
  statusIs,
  turnAt,
  turnCheck,
  turnCountEq,
  turnCountGte,
} from './outcomes/index.js'
export type {
  DateUnit,
  Decay,
  DistanceMode,
  Normalizer,
  Primitive,
  PrimitiveData,
  PrimitiveType,
  SetMode,
  SynonymMap,
} from './primitives/index.js'
// Comparison primitives and normalizers
export {
  booleanMatch,
  containsAll,
  containsAny,
  dateMatch,
  dateRange,
  dateTolerance,
  exactMatch,
  literalMatch,
  numericExact,
  numericGraded,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericRangeGraded,
  numericThresholdGraded,
  numericTolerance,
  orderedMatch,
  regexMatch,
  setContainment,
  synonymMap,
} from './primitives/index.js'
// Recordings
export {
  installRecordingRouter,
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_MODES,
  type RecordedEvent,
  type RecordedInteraction,
  type RecordedRequest,
  type RecordedResponse,
  Recorder,
  type RecorderOptions,
  type RecordingFile,
  type RecordingMode,
  type RecordingRouter,
  type RecordingSummary,
  type RedactHook,
  recordingFolder,
  recordingPath,
  recordingTestId,
  resolveRecordingMode,
  serializeRecording,
  wrap,
} from './recordings/index.js'
// Routing and state
export { resolveNextNode } from './routing/index.js'
export type {
  CallableTrait,
  LlmTrait,
  LlmTraitKind,
  RegexTrait,
  Rubric,
  Trait,
  TraitContext,
} from './rubrics/index.js'
// Rubrics
export { callableTrait, llmTrait, regexTrait } from './rubrics/index.js'
// Running
export { type ModelPrice, type RunOptions, runScenario } from './runner/index.js'
// Samples: repeated runs and their pass rate
export {
  isScenarioResultSet,
  type PassRateInterval,
  resultSet,
  type ScenarioResultSet,
  samplePassed,
  wilsonInterval,
} from './samples/index.js'
export type {
  EdgeOptions,
  NodeSpec,
  OutcomeCriterionSpec,
  Question,
  QuestionText,
  ScenarioEdge,
  ScenarioNode,
  ScenarioOutcomeCriterion,
  ScenarioWarning,
  StateUpdate,
  ToolFilter,
} from './scenario/index.js'
// The builder and definitions
export {
  END,
  type End,
  isScenarioDefinition,
  Scenario,
  ScenarioDefinition,
} from './scenario/index.js'
export {
  type ScriptedModel,
  type ScriptedReply,
  type ScriptedReplyFunction,
  scriptedModel,
} from './scripted-model/index.js'
// Serialization
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
  type TemplateDocument,
  type WhenDocument,
} from './serialization/index.js'
// Conversation snapshots: results rendered as transcripts
export {
  type ConversationSerializer,
  conversationSerializer,
  renderConversation,
  renderResultSet,
} from './snapshot/index.js'
export { isScenarioExecutionResult } from './state/is-execution-result.js'
export { resolvePath } from './state/resolve-path.js'
export type {
  ChatMessage,
  ChatToolCall,
  DeepReadonly,
  Diagnostic,
  DiagnosticKind,
  ErrorCategory,
  ErrorStage,
  NodeResult,
  RubricScores,
  RunError,
  ScenarioExecutionResult,
  ScenarioState,
  ScenarioStateView,
  ScenarioStatus,
  SchemaIssue,
  ToolCallRecord,
  TurnError,
  TurnRecord,
  TurnResult,
  TurnUsage,
  Usage,
} from './state/types.js'
export type {
  AnswerTemplate,
  FieldVerifiers,
  TemplateSchema,
  TemplateSpec,
  VerifyFunction,
} from './templates/index.js'
// Answer templates
export { defineTemplate, isAnswerTemplate } from './templates/index.js'
// Tools for a model answering side
export { type Tool, ToolCallError, type ToolContext, type ToolSpec, tool } from './tools/index.js'
