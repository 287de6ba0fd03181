import { assertKnownKeys, quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'
import { isOneOf, SCOPE_TYPES } from './node-types.js'
import { asIs, invalid } from './read-check-values.js'
import { isNodeFilter } from './scopes.js'
import type { NodeFilter, TurnScope } from './types.js'

/** A turn scope of a check (`lastTurn`, `turnAt(i)`, `allTurns`…), rebuilt when `hydrate`. */
export function readScope(data: unknown, where: string, hydrate: boolean): TurnScope {
  const type = isPlainObject(data) ? data.type : undefined
  if (!isOneOf(SCOPE_TYPES, type)) {
    return invalid(
      where,
      `${describeValue(data)} is not a scope`,
      `Valid scopes: ${quoteList(SCOPE_TYPES)}.`,
    )
  }
  const scope = data as Record<string, unknown>
  switch (type) {
    case 'LastTurn':
    case 'FirstTurn':
      assertKnownKeys(scope, ['type'], where)
      return hydrate ? { type } : asIs<TurnScope>(scope)
    case 'TurnAt': {
      assertKnownKeys(scope, ['type', 'index'], where)
      const index = scope.index
      if (typeof index !== 'number' || !Number.isInteger(index)) {
        return invalid(`${where}.index`, describeValue(index), "'index' must be an integer.")
      }
      return hydrate ? { type, index } : asIs<TurnScope>(scope)
    }
    default: {
      assertKnownKeys(scope, ['type', 'nodeId'], where)
      const nodeId = readNodeFilter(scope.nodeId, `${where}.nodeId`)
      if (!hydrate) return asIs<TurnScope>(scope)
      return nodeId === undefined ? { type } : { type, nodeId }
    }
  }
}

/** A node filter: a node id or a list of them (copied), or `undefined` when absent. */
export function readNodeFilter(value: unknown, where: string): NodeFilter | undefined {
  if (value === undefined) return undefined
  if (!isNodeFilter(value)) {
    return invalid(
      where,
      describeValue(value),
      "'nodeId' must be a node id or an array of node ids.",
    )
  }
  return typeof value === 'string' ? value : [...value]
}
