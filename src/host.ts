// biome-ignore-all assist/source/organizeImports: grouped by topic
// vitest-scenario/host — what a test runner's adapter needs and a test author does not: the
// Vitest setup entry is built on it, and so is any other host (Jest). A host creates one
// `RecordingSession` per test (and per sample) over a `RecordingStore`, hands it to
// `runScenario({ recording })` and to `wrap(client, session)`, and calls `finish(testFailed)` when
// the test ends. Each call is decided by one pure rule (a `Decision`: replay, record, miss or
// refuse). The data path is described in docs/design.md, "Recordings".

// ─── Recording sessions ──────────────────────────────────────────────────────────────────────
export type { Decision, MatchCall, MatchState } from './recordings/match.js'
export {
  type DirectAnswer,
  type DirectCall,
  type Fetch,
  RecordingSession,
  type RecordingSessionOptions,
  type RecordingSummary,
  type SessionAnswer,
  type SessionCall,
} from './recordings/session.js'
export { recordingErrorOf } from './recordings/recording-error-of.js'
export { type RecordingSource, recordingFetch } from './recordings/recording-fetch.js'

// ─── Where recordings are kept ───────────────────────────────────────────────────────────────
export {
  fileSystemStore,
  type MemoryStore,
  memoryStore,
  type RecordingStore,
} from './recordings/store.js'
export { recordingFolder, recordingPath, recordingTestId } from './recordings/test-id.js'

// ─── The recording mode ──────────────────────────────────────────────────────────────────────
export { RECORD_ENV, resolveRecordingMode } from './recordings/mode.js'

// ─── Reporter meta ───────────────────────────────────────────────────────────────────────────
// What a host hands its reporter for each scenario test, built once when the test ends.
export {
  type MetaText,
  SCENARIO_META_VERSION,
  type ScenarioMeta,
  type ScenarioMetaOptions,
  scenarioMeta,
  scenarioMetaSchema,
} from './reporter/scenario-meta.js'
export { metaText } from './reporter/meta-text.js'
export type { SecretSettings } from './secrets/redact-hook.js'

// ─── Recording files and modes, and the live test timeout ────────────────────────────────────
// Also in `vitest-scenario/core` (all but `LIVE_TIMEOUT_MS`); here since only a host reads or
// writes recording files, picks a mode or sets a test's timeout.
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
export type { RecordedEvent } from './recordings/sse.js'
export type { Json } from './recordings/stable-json.js'
export { LIVE_TIMEOUT_MS } from './scenario-test/live-timeout.js'
