import { assertOneOf, InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import { exactMatch, isPlainObject, numericExact, numericMinimum } from '../primitives/index.js'
import type { ScenarioStatus } from '../state/types.js'
import { readNode } from './aggregations.js'
import type {
  AllOf,
  AllTurnsScope,
  AnyTurnScope,
  FieldCheck,
  NodeFilter,
  ResultCheck,
  TurnCheck,
  TurnFieldsCheck,
  TurnScope,
} from './types.js'
import { valueCheck } from './value-form.js'

/**
 * An operator object of the sugar: exactly one of `eq gt gte lt lte matches contains` (the others
 * absent), e.g. `{ gte: 3 }`, `{ matches: '^yes' }` or `{ contains: 'search' }` (an array value
 * holds the operand, or every element of an operand list).
 */
export type OperatorObject =
  | {
      eq: unknown
      gt?: never
      gte?: never
      lt?: never
      lte?: never
      matches?: never
      contains?: never
    }
  | {
      gt: number
      eq?: never
      gte?: never
      lt?: never
      lte?: never
      matches?: never
      contains?: never
    }
  | {
      gte: number
      eq?: never
      gt?: never
      lt?: never
      lte?: never
      matches?: never
      contains?: never
    }
  | {
      lt: number
      eq?: never
      gt?: never
      gte?: never
      lte?: never
      matches?: never
      contains?: never
    }
  | {
      lte: number
      eq?: never
      gt?: never
      gte?: never
      lt?: never
      matches?: never
      contains?: never
    }
  | {
      matches: string
      eq?: never
      gt?: never
      gte?: never
      lt?: never
      lte?: never
      contains?: never
    }
  | {
      contains: unknown
      eq?: never
      gt?: never
      gte?: never
      lt?: never
      lte?: never
      matches?: never
    }

/**
 * A field value of the sugar: a value (its primitive picked from its type, as conditions pick it)
 * or an operator object.
 */
export type FieldValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly unknown[]
  | OperatorObject

/** Turn fields and their expected values, e.g. `{ verifyResult: true, 'parsed.score': { gte: 3 } }`. */
export type TurnFields = Record<string, FieldValue>

/** The options of `anyTurn` and `allTurns`. */
export interface TurnQuantifierOptions {
  /** Only turns of this node, or of one of these nodes. */
  node?: NodeFilter | undefined
}

const STATUSES: readonly ScenarioStatus[] = ['completed', 'limit_reached', 'error']

/**
 * Checks fields on the first turn; several fields → `allOf` in key order, none → `allOf()`.
 *
 * @example
 * firstTurn({ verifyResult: true, 'parsed.target': 'BCL2' })
 */
export function firstTurn(fields: TurnFields): TurnCheck | AllOf {
  return eachField({ type: 'FirstTurn' }, fields, 'firstTurn()')
}

/**
 * Checks fields on the last turn; several fields → `allOf` in key order, none → `allOf()`.
 *
 * @example
 * lastTurn({ nodeId: 'confirm', 'rubric.polite': true })
 */
export function lastTurn(fields: TurnFields): TurnCheck | AllOf {
  return eachField({ type: 'LastTurn' }, fields, 'lastTurn()')
}

/**
 * Holds when some turn (of `node`, when given) satisfies every field at once.
 *
 * @example
 * anyTurn({ verifyResult: false, 'parsed.target': 'BCL2L1' }, { node: 'challenge' })
 */
export function anyTurn(
  fields: TurnFields,
  options?: TurnQuantifierOptions,
): TurnCheck | TurnFieldsCheck | AllOf {
  return sameTurn(quantifier('AnyTurn', options, 'anyTurn()'), fields, 'anyTurn()')
}

/**
 * Holds when every turn (of `node`, when given) satisfies every field; no such turn → false.
 *
 * @example
 * allTurns({ verifyResult: true }, { node: ['ask', 'retry'] })
 */
export function allTurns(
  fields: TurnFields,
  options?: TurnQuantifierOptions,
): TurnCheck | TurnFieldsCheck | AllOf {
  return sameTurn(quantifier('AllTurns', options, 'allTurns()'), fields, 'allTurns()')
}

/**
 * Holds when the run ended with `status` (compared with `exactMatch()`).
 *
 * @example
 * statusIs('completed')
 */
export function statusIs(status: ScenarioStatus): ResultCheck {
  assertOneOf(status, STATUSES, 'status in statusIs():')
  return { type: 'ResultCheck', field: 'status', expected: status, verifyWith: exactMatch() }
}

/**
 * Holds when the run had exactly `n` turns (compared with `numericExact()`).
 *
 * @example
 * turnCountEq(2)
 */
export function turnCountEq(n: number): ResultCheck {
  assertCount(n, 'turnCountEq()')
  return { type: 'ResultCheck', field: 'turnCount', expected: n, verifyWith: numericExact() }
}

/**
 * Holds when the run had at least `n` turns (compared with `numericMinimum()`).
 *
 * @example
 * turnCountGte(3)
 */
export function turnCountGte(n: number): ResultCheck {
  assertCount(n, 'turnCountGte()')
  return { type: 'ResultCheck', field: 'turnCount', expected: n, verifyWith: numericMinimum() }
}

function eachField(scope: TurnScope, fields: unknown, where: string): TurnCheck | AllOf {
  const checks = fieldChecks(fields, where)
  if (checks.length === 1) return toTurnCheck(scope, checks[0] as FieldCheck)
  return { type: 'AllOf', conditions: checks.map((c) => toTurnCheck(scope, c)) }
}

function sameTurn(
  scope: AnyTurnScope | AllTurnsScope,
  fields: unknown,
  where: string,
): TurnCheck | TurnFieldsCheck | AllOf {
  const checks = fieldChecks(fields, where)
  if (checks.length === 0) return { type: 'AllOf', conditions: [] }
  if (checks.length === 1) return toTurnCheck(scope, checks[0] as FieldCheck)
  return { type: 'TurnFieldsCheck', scope, checks }
}

function fieldChecks(fields: unknown, where: string): FieldCheck[] {
  if (!isPlainObject(fields)) {
    throw new InvalidArgumentError(
      `${where} takes an object of turn fields, got ${describeValue(fields)}`,
      `Write e.g. ${where.slice(0, -1)}{ verifyResult: true }).`,
    )
  }
  assertReadable(fields, where)
  const checks: FieldCheck[] = []
  for (const field of Object.keys(fields)) {
    const { expected, verifyWith } = valueCheck(fields[field], field, where, 'turn')
    checks.push({ field, expected, verifyWith })
  }
  return checks
}

function toTurnCheck(scope: TurnScope, check: FieldCheck): TurnCheck {
  return {
    type: 'TurnCheck',
    scope,
    field: check.field,
    expected: check.expected,
    verifyWith: check.verifyWith,
  }
}

function quantifier<T extends 'AnyTurn' | 'AllTurns'>(
  type: T,
  options: TurnQuantifierOptions | undefined,
  where: string,
): { type: T; nodeId?: NodeFilter } {
  const nodeId = readNode(
    parseOptionKeys(options, ['node'], { where, fix: OPTIONS_FIX }).node,
    where,
  )
  return nodeId === undefined ? { type } : { type, nodeId }
}

function assertCount(n: unknown, where: string): void {
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return
  throw new InvalidArgumentError(`${where} takes an integer ≥ 0, got ${describeValue(n)}`)
}
