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
  type McpAnswer,
  type McpCall,
  type McpOutcome,
  type McpRecordedError,
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
} from './hosts/core/meta/scenario-meta.js'
export { scenarioMetaSchema } from './hosts/core/meta/meta-schema.js'
export { metaText } from './hosts/core/meta/meta-text.js'
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
export type { McpInteraction, McpMethod } from './recordings/mcp-interaction.js'
export type { RecordedEvent } from './recordings/sse.js'
export type { Json } from './recordings/stable-json.js'
export { LIVE_TIMEOUT_MS } from './hosts/core/live-timeout.js'

// ─── The host core: what every test runner's host is built on ────────────────────────────────
// A host describes each running test as a `HostTest`, gives it a `TestRecordings` (its sessions,
// duplicate refusal, former names, finishing) and runs it in `recordings.runInTest()`; when a test file
// ends it asks `obsoleteRecordings`. A scenario test's body runs in `runScenarioBody`. See
// docs/design.md, "Layers" and "Hosts".
export type { FileTest, HostTest } from './hosts/core/host-test.js'
export { TestRecordings } from './hosts/core/test-recordings.js'
export type { RecordingSettings, TestRecordingsOptions } from './hosts/core/recording-settings.js'
export { type FinishedSessions, outsideTestSession } from './hosts/core/finish-sessions.js'
export {
  type EndedFile,
  type ObsoleteRecordings,
  obsoleteRecordings,
  obsoleteWarning,
} from './hosts/core/obsolete-recordings.js'

// ─── A scenario test, for every host ─────────────────────────────────────────────────────────
export {
  type ScenarioDefaults,
  type ScenarioTestHost,
  runScenarioBody,
} from './hosts/core/run-scenario-body.js'
export type { MetaHost } from './hosts/core/test-meta.js'
export { type ScenarioParts, scenarioParts } from './hosts/core/scenario-parts.js'
export { checkEachRows, checkScenarioName } from './hosts/core/scenario-options.js'
export type {
  ScenarioAPIOf,
  ScenarioBodyOf,
  ScenarioBuild,
  ScenarioFunctionOf,
  ScenarioOptions,
  ScenarioRun,
  ScenarioRunOptions,
} from './hosts/core/api-types.js'
export { type HostBound, hostBound } from './hosts/core/host-bound.js'
export { type HostGate, type HostPresence, hostGate } from './hosts/core/host-gate.js'
export type { HostRunner } from './errors/host-missing-error.js'

// ─── Host options: what a host's config entry checks and hands to its test files ──────────────
export {
  type CheckedPluginOptions,
  checkPluginOptions,
  type HostRunKey,
  type OptionsHost,
  type ScenarioPluginOptions,
} from './hosts/core/plugin-options.js'
export {
  type HandedOverPluginOptions,
  type HostOptions,
  resolveHostOptions,
} from './hosts/core/host-options.js'
export { redactHookOf } from './hosts/core/redact-module.js'
export {
  type BaselineDefaults,
  CANDIDATE_ENV,
  type CandidateRun,
  readCandidateName,
} from './hosts/core/candidate-run.js'
export {
  type InProcessOptions,
  inProcessHostOptions,
  noHostOptions,
} from './hosts/core/in-process-options.js'

// ─── For a host whose runner has no `each` and no test data for its reporter (node:test) ──────
// Row names, the mode from an update flag, one test's run around its body, and the records a
// reporter in another process reads. (The matchers as assertion functions,
// `hosts/core/assertion-functions.ts`, stay out of this entry: the matchers' types name Vitest's.)
export {
  type BasicFlags,
  type BasicScenarioAPIOf,
  basicScenarioApi,
  type DeclareScenario,
} from './hosts/core/basic-api.js'
export { eachName } from './hosts/core/each-name.js'
export {
  appendFinishedTest,
  appendRecord,
  type FinishedTest,
  openRecords,
  type RecordsFolder,
  recordsReport,
  type ScenarioRecord,
} from './hosts/core/results-records.js'
export { type HostTestOutcome, runHostTest } from './hosts/core/run-host-test.js'
export { runnerMode } from './hosts/core/runner-mode.js'
export { nodeTestRerecordCommand } from './recordings/miss-report.js'
export type { TestCaseLike } from './reporter/collect-entries.js'
export type { ReporterHost } from './reporter/reporter-options.js'
export type { ReportedRun } from './reporter/write-reports.js'

// ─── The JSON report (`results.json`): what every scenario reporter writes, read back ─────────
export {
  parseResultsReport,
  type ResultsReadResult,
  readResultsReport,
  tryReadResultsReport,
} from './results/read-results.js'
export type {
  FailOnGates,
  ResultsCandidate,
  ResultsCommand,
  ResultsHost,
  ResultsReport,
  ResultsTest,
} from './results/results-report.js'
export type { ResultsRun, SeenHostOptions } from './results/write-results.js'
export { mergeResultsReports } from './results/merge-reports.js'

// ─── Comparison views: what `vitest-scenario compare` writes, for a tool of one's own ─────────
export { type Colors, colors } from './reporter/terminal.js'
export { comparisonText } from './compare/views/terminal.js'
export {
  COMPARE_MARKDOWN_LIMIT,
  type ComparisonMarkdownOptions,
  comparisonMarkdown,
} from './compare/views/markdown.js'
export { comparisonHtml } from './compare/views/html.js'

// ─── Comparing runs ──────────────────────────────────────────────────────────────────────────
// A candidate run's JSON report against its baseline's: what `vitest-scenario compare` builds
// and writes as compare.json, for a CI step or another tool to build or read.
export { type CompareOptions, compareReports } from './compare/compare-reports.js'
export {
  type Bucket,
  BUCKETS,
  type Change,
  COMPARISON_KIND,
  COMPARISON_VERSION,
  type ComparedRun,
  type Comparison,
  type FlipDriver,
  type GateResult,
  type PairedStatistics,
  type PairedVerdict,
  type SamplePair,
  type SideRun,
  type SideSummary,
  type SideTotals,
  type TestComparison,
  type TokenCounts,
} from './compare/comparison.js'
export { readComparison } from './compare/read-comparison.js'
