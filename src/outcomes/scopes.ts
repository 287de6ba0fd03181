import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isOneOf, SCOPE_TYPES, typeTag } from './node-types.js'
import type { FirstTurnScope, LastTurnScope, NodeFilter, TurnAtScope, TurnScope } from './types.js'

/**
 * The scope of the turn at `index`: 0-based, negative counts from the end (`-1` is the last turn).
 *
 * @example
 * turnCheck(turnAt(-2), 'verifyResult', true) // the turn before the last one was verified
 */
export function turnAt(index: number): TurnAtScope {
  if (!Number.isInteger(index)) {
    throw new InvalidArgumentError(
      `turnAt() takes an integer index, got ${describeValue(index)}`,
      'Use 0 for the first turn, -1 for the last.',
    )
  }
  return { type: 'TurnAt', index }
}

/**
 * The scope of the first turn, for `turnCheck` and `crossTurn`.
 *
 * @example
 * crossTurn({ source: firstTurnScope(), sourceField: 'rawResponse', target: lastTurnScope(), targetField: 'rawResponse', comparison: 'eq' })
 */
export function firstTurnScope(): FirstTurnScope {
  return { type: 'FirstTurn' }
}

/**
 * The scope of the last turn, for `turnCheck` and `crossTurn`.
 *
 * @example
 * turnCheck(lastTurnScope(), 'nodeId', 'confirm')
 */
export function lastTurnScope(): LastTurnScope {
  return { type: 'LastTurn' }
}

/** Whether `value` is a scope node (`LastTurn`, `FirstTurn`, `TurnAt`, `AnyTurn`, `AllTurns`). */
export function isScope(value: unknown): value is TurnScope {
  return isOneOf(SCOPE_TYPES, typeTag(value))
}

/** Whether `value` is a node filter: a string or an array of strings. */
export function isNodeFilter(value: unknown): value is NodeFilter {
  if (typeof value === 'string') return true
  return Array.isArray(value) && value.every((id) => typeof id === 'string')
}

/** Whether a turn of node `nodeId` passes the node filter (`undefined`: every turn passes). */
export function matchesNodeFilter(filter: NodeFilter | undefined, nodeId: string): boolean {
  if (filter === undefined) return true
  return typeof filter === 'string' ? filter === nodeId : filter.includes(nodeId)
}
