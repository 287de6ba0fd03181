export { type ReportKind, ReportWriteError } from './report-write-error.js'
export type { ScenarioReporterOptions } from './reporter-options.js'
export type { RecordingStats, ScenarioEntry, TestState } from './scenario-entry.js'
export type {
  JudgementMeta,
  OutcomeErrorMeta,
  RunErrorMeta,
  SamplesMeta,
  ScenarioEdgeMeta,
  ScenarioGraphMeta,
  ScenarioMeta,
  ScenarioRunMeta,
  SeedMessageMeta,
  ToolCallMeta,
  TurnMeta,
  UsageMeta,
} from './scenario-meta.js'
export { ScenarioReporter, ScenarioReporter as default } from './scenario-reporter.js'
