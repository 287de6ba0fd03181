// The matcher functions as a plain object, with no side effects; their types for Vitest's
// `expect` come with `import … from 'vitest-scenario'`.

export type {
  AgreementGates,
  AgreeWithLabelsOptions,
  CalibrationJudge,
} from '../src/calibration/agreement-gates.js'
export type { MatcherOutcome } from './matcher-types.js'
export { matchers } from './matchers.js'
export type { MatcherReturn, ScenarioMatchers } from './scenario-matchers.js'
export {
  type AgreeMatcherHost,
  type AgreeWithLabelsMatcher,
  createToAgreeWithLabels,
} from './to-agree-with-labels.js'
export type { ConsistencyOptions } from './to-be-consistent-across.js'
export type { CalledToolMatcherOptions } from './to-have-called-tool.js'
export type { AgentTurnMatcherOptions } from './to-have-handed-off-to.js'
export type { PassRateOptions } from './to-have-pass-rate.js'
export type { ToolTrajectoryMatcherOptions } from './to-have-tool-trajectory.js'
export type { TurnLevelCheck } from './to-have-turn-check.js'
export {
  createToMatchConversationSnapshot,
  type SnapshotMatcher,
} from './to-match-conversation-snapshot.js'
export {
  createToSatisfyJudge,
  type JudgeMatcherHost,
  type JudgeMatcherOptions,
  type SatisfyJudgeMatcher,
} from './to-satisfy-judge.js'
