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
  requestKey,
} from './normalize-request.js'
export type { RecordedResponse } from './recorded-response.js'
export {
  FAILURE_HEADER,
  type Fetch,
  NO_KEY,
  REPLAYED_HEADER,
  Recorder,
  type RecorderCall,
  type RecorderOptions,
  type RecordingSummary,
} from './recorder.js'
export { recordingFailureOf } from './recording-failure.js'
export { recordingFetch } from './recording-fetch.js'
export {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordedInteraction,
  type RecordingFile,
  serializeRecording,
} from './recording-file.js'
export { installRecordingRouter, type RecordingRouter, recordingRouter } from './router.js'
export type { RecordedEvent } from './sse.js'
export { recordingFolder, recordingPath, recordingTestId } from './test-id.js'
export { wrap } from './wrap.js'
export { writeFileAtomic } from './write-atomic.js'
