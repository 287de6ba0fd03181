// The `outcome` diagnostics: why a check read no value or could not compare it.

import { describeValue } from '../internal/describe-value.js'
import type { PrimitiveData } from '../primitives/types.js'
import type { Diagnostic, TurnRecord } from '../state/types.js'
import { noTurnReason, scopeLabel } from './scope-turns.js'
import type { TurnScope } from './types.js'

const NO_MATCH = 'the check does not match.'

/** A value was `undefined` or `null` where the check expected one. */
export function missingValue(
  field: string,
  value: unknown,
  turn?: TurnRecord | undefined,
  index?: number | undefined,
): Diagnostic {
  return site(`has no value at '${field}' (${String(value)}); ${NO_MATCH}`, field, turn, index)
}

/** A value was of a type the primitive does not take. */
export function wrongType(
  field: string,
  value: unknown,
  primitive: PrimitiveData,
  turn?: TurnRecord | undefined,
  index?: number | undefined,
): Diagnostic {
  const problem = `has ${describeValue(value)} at '${field}', which ${primitive.type} does not take; ${NO_MATCH}`
  return site(problem, field, turn, index)
}

/** A field name that is no turn field at all (most likely a typo). */
export function unknownField(field: string): Diagnostic {
  return {
    kind: 'outcome',
    message: `'${field}' is not a turn field (nodeId, verifyResult, rawResponse, questionText, parsed.<field>, rubric.<trait>, toolNames, toolCalls, agent, agents, guardrail.name); it reads as undefined.`,
    path: field,
  }
}

/** A scope selected no turn: out of range, empty history, or no turn of the filtered nodes. */
export function noTurn(scope: TurnScope, history: readonly TurnRecord[]): Diagnostic {
  return {
    kind: 'outcome',
    message: `${scopeLabel(scope)} selects no turn (${noTurnReason(history)}); ${NO_MATCH}`,
  }
}

/** A cross-turn side has a scope of several turns. */
export function notSingleTurn(scope: TurnScope, side: 'source' | 'target'): Diagnostic {
  return {
    kind: 'outcome',
    message: `crossTurn ${side} scope ${scopeLabel(scope)} does not select a single turn (use firstTurnScope(), lastTurnScope() or turnAt(i)); ${NO_MATCH}`,
  }
}

/** An ordering comparison met values that are not two numbers or two strings. */
export function cannotOrder(comparison: string, target: unknown, source: unknown): Diagnostic {
  return {
    kind: 'outcome',
    message: `crossTurn '${comparison}' cannot order ${describeValue(target)} and ${describeValue(source)} (it orders two numbers or two strings); ${NO_MATCH}`,
  }
}

function site(
  problem: string,
  field: string,
  turn: TurnRecord | undefined,
  index: number | undefined,
): Diagnostic {
  if (turn === undefined) return { kind: 'outcome', message: `The result ${problem}`, path: field }
  return {
    kind: 'outcome',
    message: `Turn ${index} ('${turn.nodeId}') ${problem}`,
    nodeId: turn.nodeId,
    turn: index,
    path: field,
  }
}
