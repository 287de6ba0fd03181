import { InvalidArgumentError } from '../errors/index.js'
import { assertResult } from '../internal/assert-result.js'
import { describeValue } from '../internal/describe-value.js'
import { readDiagnostics } from '../internal/read-diagnostics.js'
import { checkPrimitive, primitiveAccepts } from '../primitives/index.js'
import type { Diagnostic, ScenarioExecutionResult, TurnRecord } from '../state/types.js'
import { canOrder, compareValues, isOrdering, normalizeLeaves } from './compare-values.js'
import { evaluateToolCheck } from './evaluate-tools.js'
import { assertOutcomeCheck } from './guards.js'
import { evaluateHandedOffTo } from './handed-off-to.js'
import { AGGREGATION_TYPES, isOneOf, typeTag } from './node-types.js'
import {
  cannotOrder,
  missingValue,
  noTurn,
  notSingleTurn,
  unknownField,
  wrongType,
} from './outcome-diagnostics.js'
import { isKnownTurnField, readResultField, readTurnField } from './read-field.js'
import { isSingleTurnScope, singleTurnIndex } from './scope-turns.js'
import { matchesNodeFilter } from './scopes.js'
import type {
  Aggregation,
  BooleanCheck,
  CrossTurnCheck,
  EvaluateOutcomeOptions,
  FieldCheck,
  JudgeCheck,
  OutcomeCheck,
  OutcomeValue,
  ResultCheck,
  TurnCheck,
  TurnFieldsCheck,
  TurnFilter,
  TurnScope,
} from './types.js'

interface Context {
  result: ScenarioExecutionResult
  history: readonly TurnRecord[]
  diagnostics: Diagnostic[] | undefined
  judged: JudgedChecks | undefined
}

/** What each judge node of a criterion decided, by node: judges run (async) before the checks. */
export type JudgedChecks = ReadonlyMap<JudgeCheck, boolean>

/** `evaluateCheck`'s options: the public ones, and the verdicts of the judges already run. */
export interface CheckOptions extends EvaluateOutcomeOptions {
  judged?: JudgedChecks | undefined
}

/**
 * Evaluates one outcome check against a run's result: a boolean check gives its verdict,
 * an aggregation its number. Values that are missing or cannot be compared make a check false
 * and, when `options.diagnostics` is given, leave an `outcome` diagnostic there.
 *
 * @example
 * evaluateOutcome(lastTurn({ verifyResult: true }), result) // true
 * evaluateOutcome(countTurns({ verifyResult: true }), result) // 2
 */
export function evaluateOutcome(
  check: BooleanCheck,
  result: ScenarioExecutionResult,
  options?: EvaluateOutcomeOptions,
): boolean
export function evaluateOutcome(
  check: Aggregation,
  result: ScenarioExecutionResult,
  options?: EvaluateOutcomeOptions,
): number
export function evaluateOutcome(
  check: OutcomeCheck,
  result: ScenarioExecutionResult,
  options?: EvaluateOutcomeOptions,
): OutcomeValue
export function evaluateOutcome(
  check: OutcomeCheck,
  result: ScenarioExecutionResult,
  options?: EvaluateOutcomeOptions,
): OutcomeValue {
  // Checked here, at the public entry; the runner evaluates its own criteria with
  // `evaluateCheck`, whose inputs are already known good.
  assertOutcomeCheck(check, 'evaluateOutcome(check, result)')
  assertResult(result, 'evaluateOutcome(check, result)')
  readDiagnostics(options, 'evaluateOutcome(check, result, options)')
  return evaluateCheck(check, result, options)
}

/**
 * `evaluateOutcome` without the checks of its arguments: for the runner, whose check nodes were
 * validated when they were added and whose result it built itself, and for the matchers, which
 * check theirs once at entry.
 */
export function evaluateCheck(
  check: BooleanCheck,
  result: ScenarioExecutionResult,
  options?: CheckOptions,
): boolean
export function evaluateCheck(
  check: OutcomeCheck,
  result: ScenarioExecutionResult,
  options?: CheckOptions,
): OutcomeValue
export function evaluateCheck(
  check: OutcomeCheck,
  result: ScenarioExecutionResult,
  options?: CheckOptions,
): OutcomeValue {
  const history = result.history
  switch (typeTag(check)) {
    case 'CountTurns': {
      let count = 0
      for (const turn of history) if (passesFilter(check as TurnFilter, turn)) count++
      return count
    }
    case 'FirstMatchIndex':
      return history.findIndex((turn) => passesFilter(check as TurnFilter, turn))
  }
  return evaluateBoolean(check, {
    result,
    history,
    diagnostics: options?.diagnostics,
    judged: options?.judged,
  })
}

function evaluateBoolean(check: OutcomeCheck, ctx: Context): boolean {
  switch (check.type) {
    case 'TurnCheck':
    case 'TurnFieldsCheck':
      return evaluateTurns(check, ctx)
    case 'ResultCheck':
      return evaluateResult(check, ctx)
    case 'CrossTurnCheck':
      return evaluateCrossTurn(check, ctx)
    case 'CalledTool':
    case 'ToolTrajectory':
      return evaluateToolCheck(check, ctx.history, ctx.diagnostics)
    case 'HandedOffTo':
      return evaluateHandedOffTo(check, ctx.history, ctx.diagnostics)
    case 'AllOf':
      for (const condition of check.conditions) if (!evaluateBoolean(condition, ctx)) return false
      return true
    case 'AnyOf':
      for (const condition of check.conditions) if (evaluateBoolean(condition, ctx)) return true
      return false
    case 'AtLeastN': {
      // Every condition is evaluated, so each leaves its diagnostics.
      let passed = 0
      for (const condition of check.conditions) if (evaluateBoolean(condition, ctx)) passed++
      return passed >= check.n
    }
    case 'Judge': {
      const verdict = ctx.judged?.get(check)
      if (verdict === undefined) throw judgeNotRun()
      return verdict
    }
    default:
      throw notABooleanCheck(check)
  }
}

function evaluateTurns(check: TurnCheck | TurnFieldsCheck, ctx: Context): boolean {
  const { scope } = check
  const { history } = ctx
  if (ctx.diagnostics !== undefined) reportUnknownFields(check, ctx.diagnostics)
  if (isSingleTurnScope(scope)) {
    const index = singleTurnIndex(scope, history.length)
    if (index < 0) return noTurnFound(scope, ctx)
    return turnPasses(check, history[index] as TurnRecord, index, ctx)
  }
  // AnyTurn stops at the first turn that passes, AllTurns at the first that fails.
  const every = scope.type === 'AllTurns'
  let selected = false
  for (let i = 0; i < history.length; i++) {
    const turn = history[i] as TurnRecord
    if (!matchesNodeFilter(scope.nodeId, turn.nodeId)) continue
    selected = true
    if (turnPasses(check, turn, i, ctx) !== every) return !every
  }
  // No vacuous truth: an empty set of turns is false for both.
  return selected ? every : noTurnFound(scope, ctx)
}

function turnPasses(
  check: TurnCheck | TurnFieldsCheck,
  turn: TurnRecord,
  index: number,
  ctx: Context,
): boolean {
  if (check.type === 'TurnCheck') return fieldPasses(check, turn, index, ctx)
  for (const field of check.checks) if (!fieldPasses(field, turn, index, ctx)) return false
  return true
}

function fieldPasses(check: FieldCheck, turn: TurnRecord, index: number, ctx: Context): boolean {
  return compareField(readTurnField(turn, check.field), check, ctx, turn, index)
}

function evaluateResult(check: ResultCheck, ctx: Context): boolean {
  return compareField(readResultField(ctx.result, check.field), check, ctx)
}

/** Compares a turn's (or, without `turn`, the result's) field value with the check's primitive. */
function compareField(
  value: unknown,
  check: FieldCheck,
  ctx: Context,
  turn?: TurnRecord,
  index?: number,
): boolean {
  const { diagnostics } = ctx
  // Apart from the null value form, a missing or null value never matches.
  if ((value === undefined || value === null) && check.expected !== null) {
    // An unknown turn field was reported once for the whole check.
    if (diagnostics !== undefined && (turn === undefined || isKnownTurnField(check.field))) {
      diagnostics.push(missingValue(check.field, value, turn, index))
    }
    return false
  }
  const { verifyWith, expected } = check
  const passed = checkPrimitive(verifyWith, value, expected)
  if (!passed && diagnostics !== undefined && !primitiveAccepts(verifyWith, value, expected)) {
    diagnostics.push(wrongType(check.field, value, verifyWith, turn, index))
  }
  return passed
}

function evaluateCrossTurn(check: CrossTurnCheck, ctx: Context): boolean {
  const source = crossTurnValue(check.sourceTurn, check.sourceField, 'source', ctx)
  if (source === undefined) return false
  const target = crossTurnValue(check.targetTurn, check.targetField, 'target', ctx)
  if (target === undefined) return false
  // The normalizers apply to both values before every comparison.
  const s = normalizeLeaves(source, check.normalize)
  const t = normalizeLeaves(target, check.normalize)
  if (isOrdering(check.comparison) && !canOrder(t, s)) {
    ctx.diagnostics?.push(cannotOrder(check.comparison, t, s))
    return false
  }
  return compareValues(t, check.comparison, s)
}

/** The value a cross-turn side reads, or `undefined` (after a diagnostic) when it has none. */
function crossTurnValue(
  scope: TurnScope,
  field: string,
  side: 'source' | 'target',
  ctx: Context,
): unknown {
  if (!isSingleTurnScope(scope)) {
    ctx.diagnostics?.push(notSingleTurn(scope, side))
    return undefined
  }
  const index = singleTurnIndex(scope, ctx.history.length)
  if (index < 0) {
    ctx.diagnostics?.push(noTurn(scope, ctx.history))
    return undefined
  }
  const turn = ctx.history[index] as TurnRecord
  const value = readTurnField(turn, field)
  if (value !== undefined && value !== null) return value
  if (ctx.diagnostics !== undefined) {
    const known = isKnownTurnField(field)
    ctx.diagnostics.push(known ? missingValue(field, value, turn, index) : unknownField(field))
  }
  return undefined
}

function passesFilter(filter: TurnFilter, turn: TurnRecord): boolean {
  if (!matchesNodeFilter(filter.nodeId, turn.nodeId)) return false
  // `undefined` does not filter; `null` selects turns without a verdict.
  return filter.verifyResult === undefined || (turn.verifyResult ?? null) === filter.verifyResult
}

function noTurnFound(scope: TurnScope, ctx: Context): false {
  ctx.diagnostics?.push(noTurn(scope, ctx.history))
  return false
}

function reportUnknownFields(check: TurnCheck | TurnFieldsCheck, diagnostics: Diagnostic[]): void {
  if (check.type === 'TurnCheck') {
    if (!isKnownTurnField(check.field)) diagnostics.push(unknownField(check.field))
    return
  }
  for (const { field } of check.checks) {
    if (!isKnownTurnField(field)) diagnostics.push(unknownField(field))
  }
}

/** A judge needs a model call, which a synchronous evaluation cannot make. */
function judgeNotRun(): InvalidArgumentError {
  return new InvalidArgumentError(
    'A judge() check needs a model call, and was evaluated without one',
    'Add it as an outcome criterion (runScenario judges it after the run), or judge a result in a test with `await expect(result).toSatisfyJudge(criteria)` or judgeConversation().',
  )
}

function notABooleanCheck(check: unknown): InvalidArgumentError {
  const type = typeTag(check)
  if (isOneOf(AGGREGATION_TYPES, type)) {
    return new InvalidArgumentError(
      `An aggregation ('${type}') cannot be composed`,
      'Aggregations return a number; add one as an outcome of its own.',
    )
  }
  return new InvalidArgumentError(
    `evaluateOutcome() got ${describeValue(check)}, which is not an outcome check`,
  )
}
