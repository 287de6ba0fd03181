export { type Decision, type MatchCall, type MatchState, match } from './match.js'
export { rerecordCommand } from './miss-report.js'
export {
  isRecordingMode,
  RECORD_ENV,
  RECORDING_MODES,
  type RecordingMode,
  resolveRecordingMode,
} from './mode.js'
export {
  normalizeRequest,
  type RecordedRequest,
  type RedactHook,
} from './normalize-request.js'
export type { RecordedResponse } from './recorded-response.js'
export { recordingErrorOf } from './recording-error-of.js'
export { type RecordingSource, recordingFetch } from './recording-fetch.js'
export {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordedInteraction,
  type RecordingFile,
  serializeRecording,
} from './recording-file.js'
export { requestKey } from './request-key.js'
export {
  type DirectAnswer,
  type DirectCall,
  type Fetch,
  PLACEHOLDER_KEY,
  RecordingSession,
  type RecordingSessionOptions,
  type RecordingSummary,
  type SessionAnswer,
  type SessionCall,
} from './session.js'
export type { RecordedEvent } from './sse.js'
export { fileSystemStore, type MemoryStore, memoryStore, type RecordingStore } from './store.js'
export { recordingFolder, recordingPath, recordingTestId } from './test-id.js'
export { wrap } from './wrap.js'
export { replaceFile, writeFileAtomic } from './write-atomic.js'
