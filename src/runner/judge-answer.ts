import type { ReplayTally } from '../models/chat-completion.js'
import type { ScenarioNode } from '../scenario/index.js'
import { parseWithTemplate } from '../templates/index.js'
import { judgeWithModel } from './judge-with-model.js'
import { isTurnError, parseFailure, scoreRubric, verify } from './judging-pieces.js'
import type { NodeSides } from './node-sides.js'
import type { RunContext } from './run-context.js'
import { type JudgeStep, notJudged } from './turn-steps.js'
import { zeroUsage } from './usage.js'

/**
 * What the parsing model is told the question was on a turn without one (`question: null`): it
 * fills the template and judges the traits from the answer alone.
 */
const NO_QUESTION = '(none: the assistant spoke first, without a new user message)'

/**
 * Judges an answer: parses it with the template (its `parse`, or the parsing model), verifies the
 * fields, and scores the rubric (its model-judged traits by the parsing model). Synchronous unless
 * the parsing model has work at this node. Never throws: a failure is a `NotJudged` with the
 * parts done before it.
 */
export function judgeAnswer(
  run: RunContext,
  node: ScenarioNode,
  sides: NodeSides,
  turn: number,
  question: string | null,
  content: string,
  replay: ReplayTally,
): JudgeStep | Promise<JudgeStep> {
  let fields: Record<string, unknown> = {}
  let verdict: boolean | null = null
  if (sides.parse !== undefined) {
    const parsed = parseWithTemplate(sides.parse, content)
    if (!parsed.ok) return notJudged(parseFailure(node.id, parsed, 'parse'))
    fields = parsed.fields
    const verified = verify(sides.parse, fields)
    if (isTurnError(verified)) return notJudged(verified, fields)
    verdict = verified
  }
  if (sides.judging !== undefined) {
    const asked = { question: question ?? NO_QUESTION, content }
    return judgeWithModel(
      run,
      node,
      turn,
      asked,
      replay,
      sides.judging,
      sides.rubric,
      fields,
      verdict,
    )
  }
  const rubric =
    sides.rubric === undefined ? {} : scoreRubric(run, node, turn, content, sides.rubric)
  return { ok: true, parsedFields: fields, verifyResult: verdict, rubric, usage: zeroUsage() }
}
