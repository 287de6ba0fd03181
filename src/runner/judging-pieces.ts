import { scoreTraits } from '../rubrics/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { RubricScores, SchemaIssue, TurnError } from '../state/types.js'
import { verifyAnswer } from '../templates/index.js'
import type { AnswerTemplate } from '../templates/types.js'
import { type ParsedBy, type ParseFailure, parseFailedError } from './parse-failed.js'
import type { RunContext } from './run-context.js'
import { failure } from './turn-error.js'

// What both ways of judging an answer use (a template's own \`parse\`, and the parsing model):
// the template's verdict, a parse failure as the turn's error, the rubric's deterministic scores.

/**
 * The template's verdict on the parsed fields (`null`: nothing to verify), or the turn's error
 * when `verify` throws (`unexpected`). A verdict is a scalar, an error an object: the result
 * allocates nothing when the verdict comes.
 */
export function verify(
  template: AnswerTemplate,
  fields: Record<string, unknown>,
): boolean | null | TurnError {
  try {
    return verifyAnswer(template, fields)
  } catch (error) {
    return failure('unexpected', 'verify', error)
  }
}

/** Whether `verify` gave the turn's error rather than a verdict. */
export function isTurnError(verified: boolean | null | TurnError): verified is TurnError {
  return typeof verified === 'object' && verified !== null
}

/**
 * An answer that did not fit the template: a `parsing` failure carrying zod's issues, whose cause
 * is the `parse_failed` error (what `parse` threw, if it did, is that error's cause).
 */
export function parseFailure(
  nodeId: string,
  parsed: ParseFailure & { issues: SchemaIssue[] },
  by: ParsedBy,
): TurnError {
  const error = parseFailedError(nodeId, parsed, by)
  return { ...failure('parsing', 'parse', error), issues: parsed.issues }
}

/** The rubric's deterministic traits, scored on the answer (diagnostics to the run's list). */
export function scoreRubric(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  content: string,
  rubric: Rubric,
): RubricScores {
  return scoreTraits(rubric, content, { nodeId: node.id, turn, state: run.view }, run.diagnostics)
}
