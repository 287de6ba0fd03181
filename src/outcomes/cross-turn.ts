import { assertKnownKeys, assertOneOf, InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject, validateNormalizers } from '../primitives/index.js'
import type { Normalizer } from '../primitives/types.js'
import { assertField } from './field-checks.js'
import { CROSS_TURN_COMPARISONS } from './node-types.js'
import { isScope } from './scopes.js'
import type { CrossTurnCheck, CrossTurnComparison, TurnScope } from './types.js'

/** What `crossTurn` takes; the check reads `target <comparison> source`. */
export interface CrossTurnOptions {
  /** The scope of the source turn; it must select one turn (first, last, `turnAt`). */
  source: TurnScope
  sourceField: string
  /** The scope of the target turn; it must select one turn (first, last, `turnAt`). */
  target: TurnScope
  targetField: string
  comparison: CrossTurnComparison
  /** Applied to string values and string leaves of both sides before comparing. */
  normalize?: Normalizer[] | undefined
}

const KEYS = ['source', 'sourceField', 'target', 'targetField', 'comparison', 'normalize']

/**
 * A comparison of a field on one turn with a field on another, read as `target <comparison>
 * source`; false when a turn or a value is missing.
 *
 * @example
 * crossTurn({
 *   source: firstTurnScope(), sourceField: 'parsed.target',
 *   target: lastTurnScope(), targetField: 'parsed.target',
 *   comparison: 'eq', normalize: ['lowercase', 'strip'],
 * })
 */
export function crossTurn(options: CrossTurnOptions): CrossTurnCheck {
  const where = 'crossTurn()'
  if (!isPlainObject(options)) {
    throw new InvalidArgumentError(
      `crossTurn() takes an options object, got ${describeValue(options)}`,
      "Write crossTurn({ source, sourceField, target, targetField, comparison: 'eq' }).",
    )
  }
  assertKnownKeys(options, KEYS, where)
  const { source, sourceField, target, targetField, comparison, normalize } = options
  assertScope(source, 'source')
  assertScope(target, 'target')
  assertField(sourceField, where)
  assertField(targetField, where)
  assertOneOf(comparison, CROSS_TURN_COMPARISONS, 'comparison in crossTurn():')
  return {
    type: 'CrossTurnCheck',
    sourceTurn: source,
    sourceField,
    targetTurn: target,
    targetField,
    comparison,
    normalize: normalize === undefined ? [] : validateNormalizers(normalize, where),
  }
}

function assertScope(value: unknown, key: string): void {
  if (isScope(value)) return
  throw new InvalidArgumentError(
    `'${key}' in crossTurn() must be a scope, got ${describeValue(value)}`,
    'Use firstTurnScope(), lastTurnScope() or turnAt(i).',
  )
}
