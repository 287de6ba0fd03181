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
// Conditions (SPEC section 3)
export { isStateCheck, stateCheck } from './conditions/index.js'
// Errors (SPEC section 11)
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
export * from './host.js'
// Models and agents (SPEC section 6)
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
// Outcome criteria (SPEC section 7)
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
// Comparison primitives and normalizers (SPEC section 4)
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
// Recordings; hosting them (sessions, stores, matching) is in ./host.js
export {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_MODES,
  type RecordedEvent,
  type RecordedInteraction,
  type RecordedRequest,
  type RecordedResponse,
  type RecordingFile,
  type RecordingMode,
  type RecordingSummary,
  type RedactHook,
  recordingFolder,
  recordingPath,
  recordingTestId,
  resolveRecordingMode,
  serializeRecording,
  wrap,
} from './recordings/index.js'
// Routing and state (SPEC section 5)
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
// Rubrics (SPEC section 6)
export { callableTrait, llmTrait, regexTrait } from './rubrics/index.js'
// Running (SPEC section 6)
export { type ModelPrice, type RunOptions, runScenario } from './runner/index.js'
// Samples: repeated runs and their pass rate (SPEC section 9.3)
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
// The builder and definitions (SPEC section 2)
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
// Serialization (SPEC section 8)
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
// Conversation snapshots: results rendered as transcripts (SPEC section 9.4)
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
// Answer templates (SPEC section 6)
export { defineTemplate, isAnswerTemplate } from './templates/index.js'
// Tools for a model answering side (SPEC section 6)
export { type Tool, ToolCallError, type ToolContext, type ToolSpec, tool } from './tools/index.js'
