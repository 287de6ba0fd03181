import { InvalidArgumentError } from '../errors/index.js'
import { judgeTranscript } from '../models/judge-conversation.js'
import type { ScenarioExecutionResult } from '../state/types.js'
import { evaluateCriteria, type OutcomeEvaluation, type RunJudge } from './evaluate-criteria.js'
import type { Run } from './start-run.js'
import { addUsage, priceTurn, turnUsage, zeroUsage } from './usage.js'

/**
 * Evaluates the definition's outcome criteria once, over the finished result; its judge nodes
 * are model calls through the run's options (see `judgeRunner`). Diagnostics go to the run's list.
 */
export function evaluateOutcomes(
  run: Run,
  result: ScenarioExecutionResult,
): Promise<OutcomeEvaluation> {
  return evaluateCriteria(
    run.definition.outcomeCriteria,
    result,
    run.context.diagnostics,
    judgeRunner(run, result),
  )
}

/** Puts what the criteria gave on the result. */
export function keepOutcomes(result: ScenarioExecutionResult, evaluation: OutcomeEvaluation): void {
  result.outcomeResults = evaluation.values
  result.outcomeErrors = evaluation.errors
  result.outcomeReasons = evaluation.reasons
  result.judgements = evaluation.judgements
}

/**
 * Runs the judge nodes of the criteria over the finished result: the judge's own model, else the
 * run's parsing model (`resolveRunOptions` made sure one is there), through the run's limiter and
 * recording. What a judge spends counts in the result's `usage.judging` and total (and its cost).
 */
function judgeRunner(run: Run, result: ScenarioExecutionResult): RunJudge {
  const { options } = run
  const { signal } = run.context
  return async (check) => {
    const model = check.model ?? options.parsing
    if (model === undefined) throw new InvalidArgumentError('A judge() check has no model')
    const judged = await judgeTranscript(result, check.criteria, {
      model,
      instructions: check.instructions,
      inconclusive: check.inconclusive,
      votes: check.votes,
      recording: options.calls.recording,
      limiter: options.calls.limiter,
      signal,
    })
    const usage = turnUsage(zeroUsage(), judged.usage)
    priceTurn(usage, { answering: undefined, judging: model.model }, options.prices)
    if (judged.replayed) usage.replayed = true
    addUsage(result.usage, usage)
    return judged.ok
      ? { ok: true, pass: judged.pass, judgement: judged.judgement }
      : { ok: false, error: judged.error }
  }
}
