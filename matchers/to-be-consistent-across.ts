import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../src/internal/option-keys.js'
import { crossTurn } from '../src/outcomes/cross-turn.js'
import { evaluateCheck as evaluateOutcome } from '../src/outcomes/evaluate-outcome.js'
import { readTurnField } from '../src/outcomes/read-field.js'
import { isSingleTurnScope } from '../src/outcomes/scope-turns.js'
import { isScope } from '../src/outcomes/scopes.js'
import type { CrossTurnCheck, SingleTurnScope } from '../src/outcomes/types.js'
import type { Normalizer } from '../src/primitives/types.js'
import type { Diagnostic, ScenarioExecutionResult, TurnRecord } from '../src/state/types.js'
import { selectedTurns } from './check-report.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { formatValue } from './text.js'
import { turnLabel } from './transcript.js'
import type { Verdict } from './verdict.js'

/** The options of `toBeConsistentAcross`. */
export interface ConsistencyOptions {
  /** Applied to string values and string leaves of both sides before comparing. */
  normalize?: Normalizer[] | undefined
}

/**
 * Passes when `field` has the same value on the target turn as on the source turn (a
 * `crossTurn` check with `eq`, false when a value is missing); on a result set, when that holds
 * in every sample.
 *
 * @example
 * expect(result).toBeConsistentAcross(firstTurnScope(), lastTurnScope(), 'parsed.drug', {
 *   normalize: ['lowercase', 'strip'],
 * })
 */
export function toBeConsistentAcross(
  this: MatcherState,
  received: unknown,
  sourceScope: SingleTurnScope,
  targetScope: SingleTurnScope,
  field: string,
  options?: ConsistencyOptions,
): MatcherOutcome {
  assertSingleTurn(sourceScope, 'sourceScope')
  assertSingleTurn(targetScope, 'targetScope')
  const { normalize } = parseOptionKeys(options, ['normalize'], {
    where: 'toBeConsistentAcross()',
    fix: OPTIONS_FIX,
  })
  const check = crossTurn({
    source: sourceScope,
    sourceField: field,
    target: targetScope,
    targetField: field,
    comparison: 'eq',
    normalize: normalize as Normalizer[] | undefined,
  })
  const args = `${scopeCode(sourceScope)}, ${scopeCode(targetScope)}, ${formatValue(field)}`
  return judgeReceived(this, { name: 'toBeConsistentAcross', args }, received, (result) =>
    consistencyVerdict(check, result),
  )
}

function consistencyVerdict(check: CrossTurnCheck, result: ScenarioExecutionResult): Verdict {
  const diagnostics: Diagnostic[] = []
  const pass = evaluateOutcome(check, result, { diagnostics })
  const { history } = result
  const [source] = selectedTurns(check.sourceTurn, history)
  const [target] = selectedTurns(check.targetTurn, history)
  const notes = diagnostics.map((d) => d.message)
  const field = check.sourceField
  if (source === undefined || target === undefined) {
    return { pass, summary: [`${field} cannot be compared: a turn is missing.`], notes }
  }
  const from = history[source] as TurnRecord
  const to = history[target] as TurnRecord
  const expected = readTurnField(from, field)
  const actual = readTurnField(to, field)
  const turns = source === target ? [source] : [source, target].sort((a, b) => a - b)
  if (expected === undefined || expected === null || actual === undefined || actual === null) {
    return { pass, summary: [`${field} cannot be compared: a value is missing.`], turns, notes }
  }
  const at = (turn: TurnRecord, index: number) => `on ${turnLabel(turn, index)}`
  const normalized =
    check.normalize.length === 0
      ? ''
      : ` (compared after ${check.normalize.map((n) => (typeof n === 'string' ? n : 'synonymMap')).join(', ')})`
  const summary = pass
    ? `${field} is ${formatValue(expected)} ${at(from, source)} and ${formatValue(actual)} ${at(to, target)}${normalized}.`
    : `${field} changed from ${formatValue(expected)} ${at(from, source)} to ${formatValue(actual)} ${at(to, target)}${normalized}.`
  return { pass, summary: [summary], turns, notes, diff: { expected, actual } }
}

function assertSingleTurn(scope: unknown, name: string): asserts scope is SingleTurnScope {
  if (isScope(scope) && isSingleTurnScope(scope)) return
  throw new InvalidArgumentError(
    `toBeConsistentAcross() takes a single-turn scope as ${name}, got ${describeValue(scope)}`,
    'Use firstTurnScope(), lastTurnScope() or turnAt(i).',
  )
}

/** A single-turn scope as code writes it: `firstTurnScope()`, `turnAt(-1)`. */
function scopeCode(scope: SingleTurnScope): string {
  switch (scope.type) {
    case 'FirstTurn':
      return 'firstTurnScope()'
    case 'LastTurn':
      return 'lastTurnScope()'
    default:
      return `turnAt(${scope.index})`
  }
}
