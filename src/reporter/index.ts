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
} from '../hosts/core/meta/scenario-meta.js'
export { type ReportKind, ReportWriteError } from './report-write-error.js'
export type { ScenarioReporterOptions } from './reporter-options.js'
export type { RecordingStats, ScenarioEntry, TestState } from './scenario-entry.js'
export { ScenarioReporter, ScenarioReporter as default } from './scenario-reporter.js'
