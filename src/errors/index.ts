export { assertKnownKeys } from '../internal/known-keys.js'
export { AdapterError } from './adapter-error.js'
export {
  docsLine,
  docsPath,
  ERROR_DOCS,
  INSTALLED_PACKAGE,
  OPTIONS_DOCS,
  withoutDocsLine,
} from './docs-line.js'
export { formatMessage, MESSAGE_PREFIX, type MessageParts, quoteList } from './format-message.js'
export { HostMissingError, type HostRunner } from './host-missing-error.js'
export { assertOneOf, InvalidArgumentError } from './invalid-argument-error.js'
export { MissingPeerError } from './missing-peer-error.js'
export { isModelCallError, ModelCallError } from './model-call-error.js'
export {
  NetworkBlockedError,
  type RefusedRequest,
  UnrecordedCallError,
} from './network-errors.js'
export { ReadOnlyStateError } from './read-only-state-error.js'
export {
  RecordingBadResponseError,
  RecordingError,
  RecordingMissingError,
  RecordingSecretError,
} from './recording-errors.js'
export { ScenarioDocumentError } from './scenario-document-error.js'
export {
  isScenarioError,
  SCENARIO_ERROR_CODES,
  ScenarioError,
  type ScenarioErrorCode,
} from './scenario-error.js'
export {
  ScenarioValidationError,
  type ValidationProblem,
  type ValidationProblemCode,
} from './scenario-validation-error.js'
export { SnapshotSecretError } from './snapshot-secret-error.js'
export { TurnTimeoutError } from './turn-timeout-error.js'
