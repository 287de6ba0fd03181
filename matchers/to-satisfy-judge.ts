import { InvalidArgumentError } from '../src/errors/index.js'
import { parseOptions } from '../src/internal/options-schema.js'
import { type ConversationJudgement, judgeTranscript } from '../src/models/judge-conversation.js'
import type { Limiter } from '../src/models/limiter.js'
import type { ModelConfig } from '../src/models/types.js'
import { type JudgeOptions, judgeOptionsSchema, readCriteria } from '../src/outcomes/judge.js'
import { voteTallyText } from '../src/outcomes/vote-tally.js'
import type { RecordingSession } from '../src/recordings/session.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState, MatcherUtils } from './matcher-types.js'
import { safeOutcome } from './printed.js'
import { readReceived } from './received.js'
import { formatList } from './text.js'
import type { Verdict } from './verdict.js'

/** Options of `toSatisfyJudge`: those of `judge()` (the judge's model, instructions, inconclusive, votes). */
export type JudgeMatcherOptions = JudgeOptions

/** What the host gives `toSatisfyJudge`: its default model and the running test's recording. */
export interface JudgeMatcherHost {
  /** The judge's model when the call gives none (the plugin's parsing model), read per call. */
  model: () => ModelConfig | undefined
  /** The recording session of the running test, which the judge's call goes through. */
  recording: () => RecordingSession | undefined
  /** The limiter the call waits in; the process's when absent. */
  limiter?: Limiter | undefined
}

/** The async matcher `createToSatisfyJudge` builds. */
export type SatisfyJudgeMatcher = (
  this: MatcherState,
  received: unknown,
  criteria: readonly string[],
  options?: JudgeMatcherOptions,
) => Promise<MatcherOutcome>

/**
 * Builds `toSatisfyJudge` for a host: the same conversation judge as a `judge()` outcome, ad hoc
 * in a test body, with one model call per result (per sample on a result set, which passes when
 * every sample satisfies the judge, and `.not` when none does). Its model is `options.model`,
 * else the host's default (the plugin's parsing model); its call goes through the running test's
 * recording. A judge that cannot decide (unreachable, a recording miss, an unreadable reply)
 * fails the assertion both ways, named as an error, not a verdict.
 *
 * @example
 * expect.extend({ toSatisfyJudge: createToSatisfyJudge({ model: () => ({ model: 'gpt-4.1-mini' }), recording: () => undefined }) })
 * await expect(result).toSatisfyJudge(['The agent confirms the refund amount'])
 */
export function createToSatisfyJudge(host: JudgeMatcherHost): SatisfyJudgeMatcher {
  return async function toSatisfyJudge(
    this: MatcherState,
    received: unknown,
    criteria: readonly string[],
    options?: JudgeMatcherOptions,
  ): Promise<MatcherOutcome> {
    const where = 'toSatisfyJudge(criteria, options)'
    const subject = readReceived(received, 'toSatisfyJudge')
    const list = readCriteria(criteria, `${where}: criteria`)
    const checked = parseOptions(judgeOptionsSchema, options ?? {}, {
      where,
      fix: "Write await expect(result).toSatisfyJudge(['…'], { model?, instructions?, inconclusive?, votes? }).",
    })
    const model = checked.model ?? host.model()
    if (model === undefined) {
      throw new InvalidArgumentError(
        'toSatisfyJudge() has no model to judge with',
        'Pass one, toSatisfyJudge(criteria, { model: { model: "gpt-4.1-mini" } }), or set scenarioPlugin({ parsingModel }) in vitest.config.ts.',
      )
    }
    const results = subject.kind === 'set' ? subject.set.results : [subject.result]
    const judged = new Map<ScenarioExecutionResult, ConversationJudgement>()
    // In order, one call per result: a set's samples are judged the way they were recorded.
    for (const result of results) {
      judged.set(
        result,
        await judgeTranscript(result, list, {
          model,
          instructions: checked.instructions,
          inconclusive: checked.inconclusive,
          votes: checked.votes,
          recording: host.recording(),
          limiter: host.limiter,
        }),
      )
    }
    const isNot = this.isNot === true
    const outcome = judgeReceived(
      this,
      { name: 'toSatisfyJudge', args: formatList(list) },
      received,
      (result) => judgeVerdict(judged.get(result), isNot, this.utils),
    )
    // Vitest reads the message only when the assertion fails: made printable then.
    return outcome.pass === isNot ? safeOutcome(outcome) : outcome
  }
}

function judgeVerdict(
  judged: ConversationJudgement | undefined,
  isNot: boolean,
  utils: MatcherUtils,
): Verdict {
  if (judged === undefined) {
    throw new InvalidArgumentError('toSatisfyJudge() lost track of a result it judged')
  }
  if (!judged.ok) {
    const { category, message } = judged.error
    return {
      // Fails both ways: `.not` asks for a verdict of "not satisfied", and an error is none.
      pass: isNot,
      summary: [
        `The judge could not decide (${category} error, not a verdict): ${message}`,
        'Fix the cause and run again.',
      ],
    }
  }
  const { criteria, verdict } = judged.judgement
  const notMet = criteria.filter((c) => c.verdict !== 'met').length
  const head =
    verdict === 'pass'
      ? `The judge found every criterion met (${criteria.length}):`
      : `The judge found ${notMet} of ${criteria.length} criteria not met (verdict: ${verdict}${judged.pass ? ', inconclusive counts as pass' : ''}):`
  // Each criterion marked (with its votes' tally when the judge was asked several times); under
  // one not met, its verdict and the judge's reasoning.
  const lines = criteria.flatMap(({ criterion, verdict: given, reasoning, votes }) => {
    const tally = voteTallyText(
      given,
      votes?.map((v) => v.verdict),
    )
    return given === 'met'
      ? [`  ${utils.EXPECTED_COLOR('✓')} ${criterion}${tally === undefined ? '' : ` (${tally})`}`]
      : [
          `  ${utils.RECEIVED_COLOR('✗')} ${criterion} (${given}${tally === undefined ? '' : `, ${tally}`})`,
          ...reasoning.split('\n').map((line) => `      ${line}`),
        ]
  })
  return { pass: judged.pass, summary: [head, ...lines] }
}
