import type { AgreeWithLabelsOptions } from '../src/calibration/agreement-gates.js'
import type { ExpectedToolStep, ToolArgs } from '../src/outcomes/tool-checks.js'
import type { BooleanCheck, SingleTurnScope } from '../src/outcomes/types.js'
import type { ScenarioStatus } from '../src/state/types.js'
import type { ConsistencyOptions } from './to-be-consistent-across.js'
import type { CalledToolMatcherOptions } from './to-have-called-tool.js'
import type { AgentTurnMatcherOptions } from './to-have-handed-off-to.js'
import type { PassRateOptions } from './to-have-pass-rate.js'
import type { ToolTrajectoryMatcherOptions } from './to-have-tool-trajectory.js'
import type { TurnLevelCheck } from './to-have-turn-check.js'
import type { JudgeMatcherOptions } from './to-satisfy-judge.js'

/**
 * What a matcher call returns on `A`, the assertion it is called on. Vitest 5 types every matcher
 * with its `R` (`void`, or `Promise<void>` after `.resolves`, `.rejects` and `expect.poll`), and
 * this reads `R` off a built-in matcher; Vitest 4 returns `void` and promisifies `.resolves` itself.
 * On `expect.<name>`, an asymmetric matcher, it is `any`, as Vitest's own asymmetric matchers are.
 */
// biome-ignore lint/suspicious/noExplicitAny: asymmetric matchers are `any` in Vitest too.
export type MatcherReturn<A> = A extends { toBeTypeOf: (...args: never[]) => infer R } ? R : any

/**
 * The scenario matchers as `expect(value)` offers them. Each returns what the assertion's own
 * matchers return (read from `this`), so one declaration serves Vitest 4 and Vitest 5.
 */
export interface ScenarioMatchers {
  /**
   * Passes when the run ended with `status`; on a result set, when every sample did.
   *
   * @example
   * expect(result).toHaveStatus('completed')
   */
  toHaveStatus(status: ScenarioStatus): MatcherReturn<this>
  /**
   * Passes when the run had exactly `n` turns; on a result set, when every sample did.
   *
   * @example
   * expect(result).toHaveTurnCount(2)
   */
  toHaveTurnCount(n: number): MatcherReturn<this>
  /**
   * Passes when the run visited exactly these nodes, in this order (`result.path`).
   *
   * @example
   * expect(result).toHaveFollowedPath(['ask', 'challenge'])
   */
  toHaveFollowedPath(path: readonly string[]): MatcherReturn<this>
  /**
   * Passes when the run visited `node` at least once, or exactly `times` times when given.
   *
   * @example
   * expect(result).toHaveVisited('retry', 2)
   */
  toHaveVisited(node: string, times?: number): MatcherReturn<this>
  /**
   * Passes when a check of turn fields holds (`lastTurn`, `firstTurn`, `anyTurn`, `allTurns`,
   * `turnCheck`, or compositions of them).
   *
   * @example
   * expect(result).toHaveTurnCheck(lastTurn({ verifyResult: true }))
   */
  toHaveTurnCheck(check: TurnLevelCheck): MatcherReturn<this>
  /**
   * Passes when `field` has the same value on the target turn as on the source turn; on a result
   * set, in every sample.
   *
   * @example
   * expect(result).toBeConsistentAcross(firstTurnScope(), lastTurnScope(), 'parsed.drug')
   */
  toBeConsistentAcross(
    sourceScope: SingleTurnScope,
    targetScope: SingleTurnScope,
    field: string,
    options?: ConsistencyOptions,
  ): MatcherReturn<this>
  /**
   * Passes when a boolean outcome check holds (turn, result and cross-turn checks, compositions).
   *
   * @example
   * expect(result).toSatisfyOutcome(allOf(statusIs('completed'), lastTurn({ verifyResult: true })))
   */
  toSatisfyOutcome(check: BooleanCheck): MatcherReturn<this>
  /**
   * Passes when the boolean outcome criteria hold: all of them, or the ones named.
   *
   * @example
   * expect(result).toPassOutcomes(['kept-answer'])
   */
  toPassOutcomes(names?: string | readonly string[]): MatcherReturn<this>
  /**
   * Asks a conversation judge (one model call over the whole transcript) whether the run meets
   * every criterion; on a result set, every sample. Await it. Its model: `options.model`, else
   * the plugin's parsing model. Failures show each unmet or inconclusive criterion with the
   * judge's reasoning; a judge that cannot decide fails as an error, also under `.not`.
   *
   * @example
   * await expect(result).toSatisfyJudge(['The agent confirms the refund amount'])
   */
  toSatisfyJudge(criteria: readonly string[], options?: JudgeMatcherOptions): Promise<void>
  /**
   * Passes when a conversation judge agrees with human labels: received is what `calibrateJudge`
   * takes (a labels file's path, a folder of them, parsed labels) or a `Calibration` it returned.
   * Some label must be counted, and the overall statistics must reach every gate (`minTPR` and
   * `minTNR` on their 95 % Wilson interval's lower bound). Reads the last run's results; await it.
   * With `judge`, that judge decides the labelled conversations again (its calls record in the
   * running test's recording) instead of the run's verdicts.
   *
   * @example
   * await expect('test/__labels__/refunds.test.ts.labels.json').toAgreeWithLabels({ minKappa: 0.6 })
   */
  toAgreeWithLabels(options?: AgreeWithLabelsOptions): Promise<void>
  /**
   * Passes when the run called tool `name` with arguments matching `args` (every key given
   * deep-equals, a `RegExp` is searched for; other keys ignored), at least once or `times` times,
   * in every turn or in the turn `turn`; a failure lists the calls made, per turn.
   *
   * @example
   * expect(result).toHaveCalledTool('book', { city: 'Paris' }, { times: 1 })
   */
  toHaveCalledTool(
    name: string,
    args?: ToolArgs,
    options?: CalledToolMatcherOptions,
  ): MatcherReturn<this>
  /**
   * Passes when the run's tool calls follow `expected` as `mode` says: `strict` (default) the same
   * calls in order (the parallel calls of one assistant message in any order, unless `parallel:
   * 'ordered'`; an entry that is a list is such a step), `unordered` in any order, `subset` no
   * call beyond them, `superset` at least them; `turn` reads one turn's calls. A failure lists the
   * calls made, per turn.
   *
   * @example
   * expect(result).toHaveToolTrajectory(['search', 'book'], { mode: 'superset' })
   * expect(result).toHaveToolTrajectory([['get_weather', 'get_weather']], { turn: -1 })
   */
  toHaveToolTrajectory(
    expected: readonly ExpectedToolStep[],
    options?: ToolTrajectoryMatcherOptions,
  ): MatcherReturn<this>
  /**
   * Passes when the run handed off to `agent` (it follows the first entry of a turn's chain of
   * agents), in any turn or in the turn `turn`; a failure lists each turn's chain of agents.
   *
   * @example
   * expect(result).toHaveHandedOffTo('billing', { turn: 0 })
   */
  toHaveHandedOffTo(agent: string, options?: AgentTurnMatcherOptions): MatcherReturn<this>
  /**
   * Passes when the guardrail `name` (any guardrail, without a name) tripped, in any turn or in
   * the turn `turn`; a failure lists each turn's agents and the guardrails that tripped.
   *
   * @example
   * expect(result).toHaveTrippedGuardrail('no-math', { turn: 0 })
   */
  toHaveTrippedGuardrail(name?: string, options?: AgentTurnMatcherOptions): MatcherReturn<this>
  /**
   * Passes when the lower bound of the Wilson interval of a result set's pass rate is at least
   * `min` (confidence 0.95 unless given).
   *
   * @example
   * expect(results).toHavePassRate(0.8)
   */
  toHavePassRate(min: number, options?: PassRateOptions): MatcherReturn<this>
  /**
   * Compares the conversation transcript with the stored snapshot (Vitest's `-u` and CI rules).
   *
   * @example
   * expect(result).toMatchConversationSnapshot()
   */
  toMatchConversationSnapshot(hint?: string): MatcherReturn<this>
}
