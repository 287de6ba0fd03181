import { isModelCallError } from '../errors/index.js'
import { describeThrown, describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { evaluateCheck } from '../outcomes/evaluate-outcome.js'
import { judgementOf } from '../outcomes/judge.js'
import type { JudgeCheck, OutcomeCheck, OutcomeCriterion, OutcomeValue } from '../outcomes/types.js'
import { recordingErrorOf } from '../recordings/recording-error-of.js'
import { setOwn } from '../state/own-keys.js'
import type {
  Diagnostic,
  JudgeResult,
  OutcomeError,
  ScenarioExecutionResult,
} from '../state/types.js'

/** What a judge node decided, or why it could not decide (an error, never a verdict). */
export type JudgeNodeOutcome =
  | { ok: true; pass: boolean; judgement: JudgeResult }
  | { ok: false; error: OutcomeError }

/**
 * Runs one judge node over the finished result (one model call). The runner gives it, bound to
 * the run's parsing model, limiter and recording: the outcomes know no model.
 */
export type RunJudge = (check: JudgeCheck) => Promise<JudgeNodeOutcome>

/** Everything the criteria of a run gave: values, and why some have no verdict or a reason. */
export interface OutcomeEvaluation {
  /** By name: a boolean criterion's verdict, an aggregation's number. */
  values: Record<string, OutcomeValue>
  /** Criteria that could not be evaluated (a judge unreachable, a callable that threw). */
  errors: Record<string, OutcomeError>
  /** The reasons callables gave with their verdict (`{ pass, reason }`). */
  reasons: Record<string, string>
  /** What the judges of each criterion decided, criterion by criterion. */
  judgements: Record<string, JudgeResult>
}

/**
 * Evaluates criteria in registration order: `check` when present (even beside `evaluate`), else
 * the awaited `evaluate(result)`. The judge nodes of a check run first, in order (one model call
 * each, a node used twice is judged once), then the check is evaluated synchronously on their
 * verdicts. A criterion that could not be evaluated — a judge that failed, a callable that threw
 * — is `false`, with an entry in `errors` saying why and an `outcome` diagnostic; so is a
 * callable that gives something other than a boolean, a number or `{ pass, reason? }` (that one
 * with a diagnostic only).
 *
 * @example
 * const { values, errors } = await evaluateCriteria(definition.outcomeCriteria, result, result.diagnostics, runJudge)
 */
export async function evaluateCriteria(
  criteria: readonly OutcomeCriterion[],
  result: ScenarioExecutionResult,
  diagnostics: Diagnostic[],
  runJudge?: RunJudge,
): Promise<OutcomeEvaluation> {
  const evaluation: OutcomeEvaluation = { values: {}, errors: {}, reasons: {}, judgements: {} }
  // The same judge (criteria, instructions, model) asked twice about one transcript makes one
  // call: criteria are copied when added, so the same node in two criteria is two equal objects.
  const judged = new Map<string, Promise<JudgeNodeOutcome>>()
  const clients = new Map<unknown, number>()
  const judgeOnce = (node: JudgeCheck): Promise<JudgeNodeOutcome> => {
    const key = judgeKey(node, clients)
    let outcome = judged.get(key)
    if (outcome === undefined) {
      outcome = runJudge === undefined ? Promise.resolve(noJudge) : runJudge(node)
      judged.set(key, outcome)
    }
    return outcome
  }
  for (const criterion of criteria) {
    const value = await evaluateCriterion(criterion, result, diagnostics, evaluation, judgeOnce)
    setOwn(evaluation.values, criterion.name, value)
  }
  return evaluation
}

/** What makes two judge nodes the same request; a client (kept by reference) by identity. */
function judgeKey(node: JudgeCheck, clients: Map<unknown, number>): string {
  const { client, ...model } = node.model ?? {}
  let id = 0
  if (client !== undefined) {
    id = clients.get(client) ?? clients.size + 1
    clients.set(client, id)
  }
  const { criteria, instructions, inconclusive, votes } = node
  // `votes` too: a judge asked three times is another request than one asked once.
  return JSON.stringify([criteria, instructions, inconclusive, votes, node.model && model, id])
}

const noJudge: JudgeNodeOutcome = {
  ok: false,
  error: {
    category: 'unexpected',
    message: 'a judge() check was evaluated without a model to judge with',
  },
}

async function evaluateCriterion(
  criterion: OutcomeCriterion,
  result: ScenarioExecutionResult,
  diagnostics: Diagnostic[],
  evaluation: OutcomeEvaluation,
  judgeOnce: RunJudge,
): Promise<OutcomeValue> {
  const { name, check, evaluate } = criterion
  try {
    if (check !== undefined)
      return await evaluateWithJudges(name, check, result, diagnostics, evaluation, judgeOnce)
    if (evaluate === undefined) {
      return fail(diagnostics, name, 'it has neither a check nor an evaluate function')
    }
    const value: unknown = await evaluate(result)
    if (typeof value === 'boolean' || typeof value === 'number') return value
    if (isVerdict(value)) {
      if (value.reason !== undefined) setOwn(evaluation.reasons, name, value.reason)
      return value.pass
    }
    return fail(
      diagnostics,
      name,
      `evaluate returned ${describeValue(value)}, not a boolean, a number or { pass, reason? }`,
    )
  } catch (error) {
    setOwn(evaluation.errors, name, errorOf(error, check === undefined ? 'evaluate' : 'its check'))
    return fail(diagnostics, name, `it threw ${describeThrown(error)}`)
  }
}

async function evaluateWithJudges(
  name: string,
  check: OutcomeCheck,
  result: ScenarioExecutionResult,
  diagnostics: Diagnostic[],
  evaluation: OutcomeEvaluation,
  judgeOnce: RunJudge,
): Promise<OutcomeValue> {
  const nodes = judgeNodes(check)
  let verdicts: Map<JudgeCheck, boolean> | undefined
  if (nodes.length > 0) {
    verdicts = new Map()
    const results: JudgeResult[] = []
    let failure: OutcomeError | undefined
    for (const node of nodes) {
      const outcome = await judgeOnce(node)
      if (!outcome.ok) {
        failure ??= outcome.error
        continue
      }
      verdicts.set(node, outcome.pass)
      results.push(outcome.judgement)
    }
    if (results.length > 0) setOwn(evaluation.judgements, name, combine(results))
    if (failure !== undefined) {
      // An error is not a verdict: the criterion is false and says why, whatever the others said.
      setOwn(evaluation.errors, name, failure)
      return fail(
        diagnostics,
        name,
        `its judge could not decide (${failure.category}): ${failure.message}`,
      )
    }
  }
  const found: Diagnostic[] = []
  const value = evaluateCheck(check, result, { diagnostics: found, judged: verdicts })
  for (const d of found) diagnostics.push({ ...d, message: `Outcome '${name}': ${d.message}` })
  return value
}

/** The judge nodes of a check tree, in the order the tree lists them. */
function judgeNodes(check: OutcomeCheck, found: JudgeCheck[] = []): JudgeCheck[] {
  switch (check.type) {
    case 'Judge':
      found.push(check)
      break
    case 'AllOf':
    case 'AnyOf':
    case 'AtLeastN':
      for (const condition of check.conditions) judgeNodes(condition, found)
      break
  }
  return found
}

/**
 * Several judges in one criterion: their criteria in order, and the worst verdict (`fail`, then
 * `inconclusive`, then `pass`). The criterion's value is still the check's (an `anyOf` of judges
 * holds when one does).
 */
function combine(results: readonly JudgeResult[]): JudgeResult {
  if (results.length === 1) return results[0] as JudgeResult
  return judgementOf(results.flatMap((r) => r.criteria))
}

function isVerdict(value: unknown): value is { pass: boolean; reason?: string | undefined } {
  if (!isPlainObject(value) || typeof value.pass !== 'boolean') return false
  const keys = Object.keys(value)
  if (!keys.every((key) => key === 'pass' || key === 'reason')) return false
  return value.reason === undefined || typeof value.reason === 'string'
}

/**
 * Why a callable could not be evaluated: a model call it made keeps its category, a recording
 * miss anywhere in the cause chain is `recording`, anything else `unexpected`.
 */
function errorOf(error: unknown, what: string): OutcomeError {
  const recording = recordingErrorOf(error)
  if (recording !== undefined) return { category: 'recording', message: recording.what }
  if (isModelCallError(error)) return { category: error.category, message: error.what }
  return { category: 'unexpected', message: `${what} threw ${describeThrown(error)}` }
}

function fail(diagnostics: Diagnostic[], name: string, problem: string): false {
  diagnostics.push({ kind: 'outcome', message: `Outcome '${name}' counted as false: ${problem}` })
  return false
}
