import { addDetails } from '../internal/usage-details.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { fillTemplate, judgeTraits, traitScores } from '../models/judge.js'
import type { Rubric } from '../rubrics/types.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { ErrorStage, RubricScores, Usage } from '../state/types.js'
import { isTurnError, parseFailure, scoreRubric, verify } from './judging-pieces.js'
import type { ModelJudging } from './node-sides.js'
import type { RunContext } from './run-context.js'
import { failure, turnErrorOf } from './turn-error.js'
import {
  abortedWhile,
  type Judged,
  type JudgeStep,
  type NotJudged,
  notJudged,
} from './turn-steps.js'
import { zeroUsage } from './usage.js'

/**
 * The parsing model's part of judging: it fills the template (when the node's has no `parse`),
 * then the deterministic traits are scored and the model judges the `llmTrait`s. A judgement the
 * model gave that cannot be read leaves a `rubric` diagnostic and no scores for those traits; a
 * failed call ends the turn, keeping what was judged before it.
 */
export async function judgeWithModel(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  { question, content }: { question: string; content: string },
  replay: ReplayTally,
  judging: ModelJudging,
  rubric: Rubric | undefined,
  fields: Record<string, unknown>,
  verdict: boolean | null,
): Promise<JudgeStep> {
  const { signal, options } = run
  const usage = zeroUsage()
  let scores: RubricScores = {}
  try {
    if (judging.fill !== undefined) {
      const filled = await fillTemplate(
        judging.model,
        judging.fill,
        question,
        content,
        signal,
        options.calls,
        replay,
      )
      addTo(usage, filled.usage)
      if (!filled.ok)
        return notJudged(parseFailure(node.id, filled, 'model'), {}, null, scores, usage)
      fields = filled.fields
      const verified = verify(judging.fill, fields)
      if (isTurnError(verified)) return notJudged(verified, fields, null, scores, usage)
      verdict = verified
    }
    if (rubric !== undefined) {
      scores = scoreRubric(run, node, turn, content, rubric)
      if (judging.traits.length > 0) {
        const judged = await judgeTraits(
          judging.model,
          judging.traits,
          question,
          content,
          signal,
          options.calls,
          replay,
        )
        addTo(usage, judged.usage)
        if (judged.ok) Object.assign(scores, traitScores(judged.fields))
        else {
          run.diagnostics.push({
            kind: 'rubric',
            message: `The parsing model's judgement of node '${node.id}' could not be read (${judged.message}); its model-judged traits have no score`,
            nodeId: node.id,
            turn,
          })
        }
      }
    }
    const judged: Judged = {
      ok: true,
      parsedFields: fields,
      verifyResult: verdict,
      rubric: scores,
      usage,
    }
    return signal.aborted ? abortedWhileJudged(run, node, judging, judged) : judged
  } catch (error) {
    const failed = turnErrorOf(error, 'parse', 'unexpected', signal.aborted)
    return notJudged(failed, fields, verdict, scores, usage)
  }
}

/** A judgement that finished after the run's abort is not taken; the parts stay on the turn. */
function abortedWhileJudged(
  run: RunContext,
  node: ScenarioNode,
  judging: ModelJudging,
  step: Judged,
): NotJudged {
  // The stage the judging was in: filling the template, else scoring the rubric.
  const stage: ErrorStage = judging.fill === undefined ? 'rubric' : 'parse'
  const message = abortedWhile(node.id, 'was judged')
  const error = failure('aborted', stage, run.signal.reason, message)
  return notJudged(error, step.parsedFields, step.verifyResult, step.rubric, step.usage)
}

function addTo(total: Usage, usage: Usage): void {
  total.input += usage.input
  total.output += usage.output
  total.cached += usage.cached
  addDetails(total, usage)
}
