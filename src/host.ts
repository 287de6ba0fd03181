/**
 * Hosting recordings: what a test-runner adapter (the Vitest setup here, a Jest host later) uses
 * to give each test its recording. The host creates one `RecordingSession` per test (and per
 * sample) with a `RecordingStore`, hands it to `runScenario({ recording })` and to `wrap(client,
 * session)`, and calls `finish(testFailed)` when the test ends. Each call is decided by one pure rule
 * (a `Decision`: replay, record, miss or refuse). See docs/design.md, Recordings.
 *
 * @module
 */
export {
  type Decision,
  type DirectCall,
  type DirectReplay,
  type Fetch,
  fileSystemStore,
  type MatchCall,
  type MatchState,
  type MemoryStore,
  memoryStore,
  RecordingSession,
  type RecordingSessionOptions,
  type RecordingSource,
  type RecordingStore,
  recordingErrorOf,
  recordingFetch,
  type SessionCall,
} from './recordings/index.js'
