import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import { isNodeFilter } from './scopes.js'
import type { CountTurns, FirstMatchIndex, NodeFilter, TurnFilter } from './types.js'

/** The filters of `countTurns` and `firstMatchIndex`. */
export interface TurnFilterOptions {
  /** Only turns of this node, or of one of these nodes. */
  node?: NodeFilter | undefined
  /** Only turns with this verdict; `null` selects turns without one, `undefined` does not filter. */
  verifyResult?: boolean | null | undefined
}

/**
 * Aggregation: how many turns pass the filters (a number, reported, never asserted).
 *
 * @example
 * countTurns({ verifyResult: true }) // turns answered correctly
 * countTurns({ node: 'retry' }) // how often the retry node ran
 */
export function countTurns(options?: TurnFilterOptions): CountTurns {
  return { type: 'CountTurns', ...readFilter(options, 'countTurns()') }
}

/**
 * Aggregation: the 0-based index of the first turn that passes the filters, −1 when none does.
 *
 * @example
 * firstMatchIndex({ node: 'challenge', verifyResult: false }) // when the model first caved
 */
export function firstMatchIndex(options?: TurnFilterOptions): FirstMatchIndex {
  return { type: 'FirstMatchIndex', ...readFilter(options, 'firstMatchIndex()') }
}

function readFilter(options: TurnFilterOptions | undefined, where: string): TurnFilter {
  const { node, verifyResult } = parseOptionKeys(options, ['node', 'verifyResult'], {
    where,
    fix: OPTIONS_FIX,
  })
  if (verifyResult !== undefined && verifyResult !== null && typeof verifyResult !== 'boolean') {
    throw new InvalidArgumentError(
      `Invalid 'verifyResult' in ${where}: ${describeValue(verifyResult)}`,
      "'verifyResult' must be true, false, or null (turns without a verdict).",
    )
  }
  const filter: TurnFilter = {}
  const nodeId = readNode(node, where)
  if (nodeId !== undefined) filter.nodeId = nodeId
  if (verifyResult !== undefined) filter.verifyResult = verifyResult
  return filter
}

/** Reads a `node` option (a node id or a list of ids), copying a list. */
export function readNode(node: unknown, where: string): NodeFilter | undefined {
  if (node === undefined) return undefined
  if (!isNodeFilter(node)) {
    throw new InvalidArgumentError(
      `Invalid 'node' in ${where}: ${describeValue(node)}`,
      "'node' must be a node id or an array of node ids.",
    )
  }
  return typeof node === 'string' ? node : [...node]
}
