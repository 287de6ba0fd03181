import { assertKnownKeys, quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'
import { isOneOf, PARALLEL_CALLS } from './node-types.js'
import { invalid, readList, readObject, readString } from './read-check-values.js'
import { readNodeFilter, readScope } from './read-scope.js'
import type {
  CountRange,
  ParallelCalls,
  ToolArgMatch,
  ToolCallPattern,
  ToolCallsSelection,
} from './types.js'

// The parts of the tool checks (`calledTool`, `toolTrajectory`), read for the check walker.

/** Which turns' tool calls a tool check reads: a scope, or a node filter, never both. */
export function readSelection(
  node: Record<string, unknown>,
  where: string,
  hydrate: boolean,
): ToolCallsSelection {
  const nodeId = readNodeFilter(node.nodeId, `${where}.nodeId`)
  if (node.scope === undefined) return nodeId === undefined ? {} : { nodeId }
  const scope = readScope(node.scope, `${where}.scope`, hydrate)
  if (nodeId !== undefined) {
    invalid(
      where,
      "both 'scope' and 'nodeId'",
      "Give one: a scope of several turns carries its own 'nodeId'.",
    )
  }
  return { scope }
}

/** A tool's name: a non-empty string. */
export function readToolName(data: unknown, where: string): string {
  const name = readString(data, where)
  return name === '' ? invalid(where, 'an empty tool name') : name
}

/** One expected call of a trajectory: `{ name, args? }`. */
export function readPattern(data: unknown, where: string): ToolCallPattern {
  const entry = readObject(data, where, ['name', 'args'])
  const name = readToolName(entry.name, `${where}.name`)
  if (entry.args === undefined) return { name }
  return { name, args: readArgs(entry.args, `${where}.args`) }
}

/** An entry of a trajectory: a call's pattern, or an explicit step (a non-empty list of them). */
export function readExpectedStep(
  data: unknown,
  where: string,
): ToolCallPattern | ToolCallPattern[] {
  if (!Array.isArray(data)) return readPattern(data, where)
  const step = readList(data, where).map((entry, i) => readPattern(entry, `${where}.${i}`))
  if (step.length === 0) {
    invalid(where, 'an empty step', 'An explicit step lists the calls of one assistant message.')
  }
  return step
}

/** How `strict` compares the calls within a step; `parallel` means nothing to the other modes. */
export function readParallel(
  data: unknown,
  mode: string,
  where: string,
): ParallelCalls | undefined {
  if (data === undefined) return undefined
  if (!isOneOf(PARALLEL_CALLS, data)) {
    invalid(where, describeValue(data), `Valid values: ${quoteList(PARALLEL_CALLS)}.`)
  }
  if (mode !== 'strict') {
    invalid(
      where,
      `'parallel' with mode '${mode}'`,
      "Only 'strict' orders calls; the other modes compare them in any order. Leave 'parallel' out, or use mode 'strict'.",
    )
  }
  return data
}

/** The argument matches of a call, by argument name (`__proto__` kept as an own key). */
export function readArgs(data: unknown, where: string): Record<string, ToolArgMatch> {
  if (!isPlainObject(data)) return invalid(where, `${describeValue(data)} is not an object`)
  const out: Record<string, ToolArgMatch> = {}
  for (const key of Object.keys(data)) {
    const at = `${where}.${key}`
    if (!isPlainObject(data[key])) {
      invalid(
        at,
        `${describeValue(data[key])} is not an argument match`,
        "Write { eq: <JSON value> } (deep equality) or { matches: '<pattern>', flags?: 'i' } (a search).",
      )
    }
    const match = readObject(data[key], at, ['eq', 'matches', 'flags'])
    let copy: ToolArgMatch
    if (Object.hasOwn(match, 'eq')) {
      if (match.matches !== undefined || match.flags !== undefined) {
        invalid(at, "both 'eq' and 'matches'", 'An argument is matched one way.')
      }
      copy = { eq: match.eq }
    } else {
      copy = readArgPattern(match, at)
    }
    Object.defineProperty(out, key, {
      value: copy,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

function readArgPattern(match: Record<string, unknown>, at: string): ToolArgMatch {
  const pattern = readString(match.matches, `${at}.matches`)
  const flags = match.flags === undefined ? undefined : readString(match.flags, `${at}.flags`)
  if (flags !== undefined && /[gy]/.test(flags)) {
    invalid(
      `${at}.flags`,
      `the flags ${describeValue(flags)}`,
      "Leave out 'g' and 'y': a search needs neither.",
    )
  }
  try {
    new RegExp(pattern, flags)
  } catch (error) {
    invalid(`${at}.matches`, `an invalid pattern: ${(error as Error).message}`)
  }
  return flags === undefined ? { matches: pattern } : { matches: pattern, flags }
}

/** How many times a tool must be called: a count, or `{ min?, max? }`. */
export function readTimes(data: unknown, where: string): number | CountRange {
  if (isCount(data)) return data
  if (isPlainObject(data)) {
    assertKnownKeys(data, ['min', 'max'], where)
    const { min, max } = data
    if ((min === undefined || isCount(min)) && (max === undefined || isCount(max))) {
      if (min !== undefined && max !== undefined && min > max) {
        invalid(where, `min ${min} above max ${max}`, 'Give min ≤ max.')
      }
      return {
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      }
    }
  }
  return invalid(where, describeValue(data), "'times' is an integer ≥ 0 or { min?, max? }.")
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}
