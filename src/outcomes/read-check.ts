// One walker validates a check tree for two callers: the guards (live values, returned as they
// are) and `hydrateOutcomeCheck` (JSON data, rebuilt with hydrated primitives). One walker keeps
// "what is a valid check" in one place.

import { assertKnownKeys, quoteList } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import {
  hydratePrimitive,
  isPlainObject,
  isPrimitive,
  isPrimitiveData,
  validateNormalizers,
} from '../primitives/index.js'
import { readJudgeNode } from './judge.js'
import {
  AGGREGATION_TYPES,
  BOOLEAN_CHECK_TYPES,
  CROSS_TURN_COMPARISONS,
  isOneOf,
  SCOPE_TYPES,
  TRAJECTORY_MODES,
} from './node-types.js'
import { asIs, invalid, readList, readObject, readString } from './read-check-values.js'
import { isResultField, RESULT_FIELDS } from './read-field.js'
import { readNodeFilter, readScope } from './read-scope.js'
import {
  readArgs,
  readExpectedStep,
  readParallel,
  readSelection,
  readTimes,
  readToolName,
} from './read-tool-check.js'
import type { BooleanCheck, CheckPrimitive, FieldCheck, OutcomeCheck } from './types.js'

const KEYS: Record<OutcomeCheck['type'], readonly string[]> = {
  TurnCheck: ['type', 'scope', 'field', 'expected', 'verifyWith'],
  TurnFieldsCheck: ['type', 'scope', 'checks'],
  ResultCheck: ['type', 'field', 'expected', 'verifyWith'],
  CrossTurnCheck: [
    'type',
    'sourceTurn',
    'sourceField',
    'targetTurn',
    'targetField',
    'comparison',
    'normalize',
  ],
  AllOf: ['type', 'conditions'],
  AnyOf: ['type', 'conditions'],
  AtLeastN: ['type', 'n', 'conditions'],
  Judge: ['type', 'criteria', 'model', 'instructions', 'inconclusive', 'votes'],
  CalledTool: ['type', 'name', 'args', 'times', 'scope', 'nodeId'],
  ToolTrajectory: ['type', 'expected', 'mode', 'parallel', 'scope', 'nodeId'],
  HandedOffTo: ['type', 'agent', 'scope'],
  CountTurns: ['type', 'nodeId', 'verifyResult'],
  FirstMatchIndex: ['type', 'nodeId', 'verifyResult'],
}

const ALL_TYPES = [...BOOLEAN_CHECK_TYPES, ...AGGREGATION_TYPES]

/**
 * Validates a check tree and returns it: as it is when `hydrate` is false (primitives must be
 * live), or rebuilt from JSON data with `hydratePrimitive` when `hydrate` is true. Throws an
 * `InvalidArgumentError` naming the location (`where` plus the path inside the tree).
 */
export function readCheck(data: unknown, where: string, hydrate: boolean): OutcomeCheck {
  assertReadable(data, where)
  const node = readNode(data, where)
  return isOneOf(AGGREGATION_TYPES, node.type)
    ? readFilter(node, where, hydrate)
    : readBooleanNode(node, where, hydrate)
}

function readBoolean(data: unknown, where: string, hydrate: boolean): BooleanCheck {
  return readBooleanNode(readNode(data, where), where, hydrate)
}

function readBooleanNode(node: RawNode, where: string, hydrate: boolean): BooleanCheck {
  switch (node.type) {
    case 'TurnCheck': {
      const scope = readScope(node.scope, `${where}.scope`, hydrate)
      const field = readFieldCheck(node, where, hydrate)
      return hydrate ? { type: 'TurnCheck', scope, ...field } : asIs<BooleanCheck>(node)
    }
    case 'TurnFieldsCheck': {
      const scope = readScope(node.scope, `${where}.scope`, hydrate)
      const list = readList(node.checks, `${where}.checks`)
      if (list.length === 0) {
        invalid(`${where}.checks`, 'an empty list', 'List at least one field check.')
      }
      const checks = list.map((c, i) =>
        readFieldCheck(
          readObject(c, `${where}.checks.${i}`, ['field', 'expected', 'verifyWith']),
          `${where}.checks.${i}`,
          hydrate,
        ),
      )
      return hydrate ? { type: 'TurnFieldsCheck', scope, checks } : asIs<BooleanCheck>(node)
    }
    case 'ResultCheck': {
      if (!isResultField(node.field)) {
        invalid(
          `${where}.field`,
          describeValue(node.field),
          `Valid result fields: ${quoteList(RESULT_FIELDS)}.`,
        )
      }
      const { expected, verifyWith } = readFieldCheck(node, where, hydrate)
      return hydrate
        ? { type: 'ResultCheck', field: node.field, expected, verifyWith }
        : asIs<BooleanCheck>(node)
    }
    case 'CrossTurnCheck': {
      const sourceTurn = readScope(node.sourceTurn, `${where}.sourceTurn`, hydrate)
      const targetTurn = readScope(node.targetTurn, `${where}.targetTurn`, hydrate)
      const sourceField = readString(node.sourceField, `${where}.sourceField`)
      const targetField = readString(node.targetField, `${where}.targetField`)
      if (!isOneOf(CROSS_TURN_COMPARISONS, node.comparison)) {
        invalid(
          `${where}.comparison`,
          describeValue(node.comparison),
          `Valid comparisons: ${quoteList(CROSS_TURN_COMPARISONS)}.`,
        )
      }
      const normalize = validateNormalizers(node.normalize, `${where}.normalize`)
      if (!hydrate) return asIs<BooleanCheck>(node)
      const { comparison } = node
      return {
        type: 'CrossTurnCheck',
        sourceTurn,
        sourceField,
        targetTurn,
        targetField,
        comparison,
        normalize,
      }
    }
    case 'CalledTool': {
      const name = readToolName(node.name, `${where}.name`)
      const args = node.args === undefined ? undefined : readArgs(node.args, `${where}.args`)
      const times = node.times === undefined ? undefined : readTimes(node.times, `${where}.times`)
      const selection = readSelection(node, where, hydrate)
      if (!hydrate) return asIs<BooleanCheck>(node)
      return {
        type: 'CalledTool',
        name,
        ...(args === undefined ? {} : { args }),
        ...(times === undefined ? {} : { times }),
        ...selection,
      }
    }
    case 'ToolTrajectory': {
      const expected = readList(node.expected, `${where}.expected`).map((entry, i) =>
        readExpectedStep(entry, `${where}.expected.${i}`),
      )
      if (!isOneOf(TRAJECTORY_MODES, node.mode)) {
        invalid(
          `${where}.mode`,
          describeValue(node.mode),
          `Valid modes: ${quoteList(TRAJECTORY_MODES)}.`,
        )
      }
      const parallel = readParallel(node.parallel, node.mode, `${where}.parallel`)
      const selection = readSelection(node, where, hydrate)
      if (!hydrate) return asIs<BooleanCheck>(node)
      return {
        type: 'ToolTrajectory',
        expected,
        mode: node.mode,
        ...(parallel === undefined ? {} : { parallel }),
        ...selection,
      }
    }
    case 'HandedOffTo': {
      const agent = readString(node.agent, `${where}.agent`)
      if (agent === '') invalid(`${where}.agent`, "''", 'Name the agent handed off to.')
      const scope =
        node.scope === undefined ? undefined : readScope(node.scope, `${where}.scope`, hydrate)
      if (!hydrate) return asIs<BooleanCheck>(node)
      return scope === undefined
        ? { type: 'HandedOffTo', agent }
        : { type: 'HandedOffTo', agent, scope }
    }
    case 'AllOf':
    case 'AnyOf':
    case 'AtLeastN': {
      const list = readList(node.conditions, `${where}.conditions`)
      const conditions = list.map((c, i) => readBoolean(c, `${where}.conditions.${i}`, hydrate))
      if (node.type !== 'AtLeastN') {
        return hydrate ? { type: node.type, conditions } : asIs<BooleanCheck>(node)
      }
      const n = node.n
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
        invalid(`${where}.n`, describeValue(n), "'n' must be an integer ≥ 0.")
      }
      return hydrate ? { type: 'AtLeastN', n, conditions } : asIs<BooleanCheck>(node)
    }
    case 'Judge':
      return readJudgeNode(node, where, hydrate)
    default:
      return invalid(
        where,
        `an aggregation ('${node.type}') cannot be composed`,
        'Aggregations return a number; add one as an outcome of its own.',
      )
  }
}

type RawNode = Record<string, unknown> & { type: OutcomeCheck['type'] }

function readNode(data: unknown, where: string): RawNode {
  const type = isPlainObject(data) ? data.type : undefined
  if (!isOneOf(ALL_TYPES, type)) {
    const hint = isOneOf(SCOPE_TYPES, type)
      ? "A scope is not a check: wrap it, e.g. turnCheck(turnAt(0), 'verifyResult', true)."
      : `Valid types: ${quoteList(ALL_TYPES)}.`
    return invalid(where, `${describeValue(data)} is not an outcome check`, hint)
  }
  const node = data as RawNode
  assertKnownKeys(node, KEYS[type], where)
  return node
}

function readFieldCheck(
  node: Record<string, unknown>,
  where: string,
  hydrate: boolean,
): FieldCheck {
  const field = readString(node.field, `${where}.field`)
  const verifyWith = readPrimitive(node.verifyWith, `${where}.verifyWith`, hydrate)
  return { field, expected: node.expected, verifyWith }
}

function readPrimitive(data: unknown, where: string, hydrate: boolean): CheckPrimitive {
  if (hydrate) return hydratePrimitive(data, where)
  if (isPrimitive(data)) return data
  // A primitive is its data (a JSON copy has no methods, which are non-enumerable): evaluation
  // looks its behaviour up by `type`, so valid data is kept as it is, like the node holding it.
  if (isPrimitiveData(data)) {
    hydratePrimitive(data, where)
    return data
  }
  return invalid(
    where,
    `${describeValue(data)} is not a primitive`,
    'Build it with a primitive factory, e.g. exactMatch().',
  )
}

function readFilter(node: RawNode, where: string, hydrate: boolean): OutcomeCheck {
  const nodeId = readNodeFilter(node.nodeId, `${where}.nodeId`)
  const verifyResult = node.verifyResult
  if (verifyResult !== undefined && verifyResult !== null && typeof verifyResult !== 'boolean') {
    invalid(
      `${where}.verifyResult`,
      describeValue(verifyResult),
      "'verifyResult' must be true, false or null.",
    )
  }
  if (!hydrate) return asIs<OutcomeCheck>(node)
  const type = node.type as 'CountTurns' | 'FirstMatchIndex'
  return {
    type,
    ...(nodeId === undefined ? {} : { nodeId }),
    ...(verifyResult === undefined ? {} : { verifyResult }),
  }
}
