import type { TurnRecord } from '../state/types.js'
import type { NodeFilter, SingleTurnScope, TurnScope } from './types.js'

/** Whether a scope selects one turn (first, last, `turnAt`) rather than a set of turns. */
export function isSingleTurnScope(scope: TurnScope): scope is SingleTurnScope {
  return scope.type === 'LastTurn' || scope.type === 'FirstTurn' || scope.type === 'TurnAt'
}

/** The index of the turn a single-turn scope selects, or −1 when it selects none (out of range). */
export function singleTurnIndex(scope: SingleTurnScope, length: number): number {
  switch (scope.type) {
    case 'FirstTurn':
      return length > 0 ? 0 : -1
    case 'LastTurn':
      return length - 1
    default: {
      const index = scope.index < 0 ? length + scope.index : scope.index
      return index >= 0 && index < length ? index : -1
    }
  }
}

/** A scope as code writes it, for diagnostics: `turnAt(-1)`, `anyTurn (node 'ask')`. */
export function scopeLabel(scope: TurnScope): string {
  switch (scope.type) {
    case 'FirstTurn':
      return 'firstTurn'
    case 'LastTurn':
      return 'lastTurn'
    case 'TurnAt':
      return `turnAt(${scope.index})`
    case 'AnyTurn':
      return `anyTurn${nodeLabel(scope.nodeId)}`
    default:
      return `allTurns${nodeLabel(scope.nodeId)}`
  }
}

function nodeLabel(filter: NodeFilter | undefined): string {
  if (filter === undefined) return ''
  if (typeof filter === 'string') return ` (node '${filter}')`
  return ` (nodes ${filter.map((id) => `'${id}'`).join(', ')})`
}

/** Describes why a scope selected no turn: the size of the history it looked at. */
export function noTurnReason(history: readonly TurnRecord[]): string {
  return history.length === 1 ? 'the run has 1 turn' : `the run has ${history.length} turns`
}
