export { type ReportKind, ReportWriteError } from '../../../reporter/report-write-error.js'
export type { ScenarioReporterOptions } from '../../../reporter/reporter-options.js'
export type { RecordingStats, ScenarioEntry, TestState } from '../../../reporter/scenario-entry.js'
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
} from '../../core/meta/scenario-meta.js'
export { ScenarioReporter, ScenarioReporter as default } from './scenario-reporter.js'
