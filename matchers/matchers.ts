import { printedSafely } from './printed.js'
import { toBeConsistentAcross } from './to-be-consistent-across.js'
import { toHaveCalledTool } from './to-have-called-tool.js'
import { toHaveFollowedPath } from './to-have-followed-path.js'
import { toHaveHandedOffTo } from './to-have-handed-off-to.js'
import { toHavePassRate } from './to-have-pass-rate.js'
import { toHaveStatus } from './to-have-status.js'
import { toHaveToolTrajectory } from './to-have-tool-trajectory.js'
import { toHaveTrippedGuardrail } from './to-have-tripped-guardrail.js'
import { toHaveTurnCheck } from './to-have-turn-check.js'
import { toHaveTurnCount } from './to-have-turn-count.js'
import { toHaveVisited } from './to-have-visited.js'
import { toPassOutcomes } from './to-pass-outcomes.js'
import { toSatisfyOutcome } from './to-satisfy-outcome.js'

/**
 * The scenario matchers as a plain object, for `expect.extend`. `toMatchConversationSnapshot`
 * is not in it: it wraps the runner's own snapshot matcher (see
 * `createToMatchConversationSnapshot`), which the setup entry registers.
 *
 * @example
 * import { expect } from 'vitest'
 * import { matchers } from 'vitest-scenario/matchers'
 * expect.extend(matchers)
 *
 * Every message is printed safely: secrets masked as `[secret]` (and the user's `redact` hook
 * applied), control characters written as visible escapes.
 */
export const matchers = {
  toBeConsistentAcross: printedSafely(toBeConsistentAcross),
  toHaveCalledTool: printedSafely(toHaveCalledTool),
  toHaveFollowedPath: printedSafely(toHaveFollowedPath),
  toHaveHandedOffTo: printedSafely(toHaveHandedOffTo),
  toHavePassRate: printedSafely(toHavePassRate),
  toHaveStatus: printedSafely(toHaveStatus),
  toHaveToolTrajectory: printedSafely(toHaveToolTrajectory),
  toHaveTrippedGuardrail: printedSafely(toHaveTrippedGuardrail),
  toHaveTurnCheck: printedSafely(toHaveTurnCheck),
  toHaveTurnCount: printedSafely(toHaveTurnCount),
  toHaveVisited: printedSafely(toHaveVisited),
  toPassOutcomes: printedSafely(toPassOutcomes),
  toSatisfyOutcome: printedSafely(toSatisfyOutcome),
}
