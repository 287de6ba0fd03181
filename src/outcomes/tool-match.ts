// Matching tool calls against patterns, and lists of calls against an expected trajectory. Pure
// functions over plain data, shared by `evaluateOutcome` and the tool-call matchers.

import { deepEqual, isPlainObject } from '../primitives/index.js'
import type { ToolCallRecord } from '../state/types.js'
import type { ToolArgMatch, ToolCallPattern, TrajectoryMode } from './types.js'

/** A pattern made ready to test calls: its regular expressions compiled once. */
export type CallTest = (call: ToolCallRecord) => boolean

/**
 * The arguments of a call as an object: the object itself, or JSON text parsed (a call whose
 * arguments stayed in the wire's JSON text form); anything else has no arguments to match.
 */
export function callArguments(args: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(args)) return args
  if (typeof args !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(args)
    return isPlainObject(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/**
 * Compiles a pattern into a test of calls: the name must be equal, and every argument the pattern
 * gives must match (deep equality, or a search in a string); other arguments are ignored.
 *
 * @example
 * compileCallPattern({ name: 'book', args: { city: { eq: 'Paris' } } })(call)
 */
export function compileCallPattern(pattern: ToolCallPattern): CallTest {
  const { name, args } = pattern
  if (args === undefined) return (call) => call.name === name
  const keys = Object.keys(args)
  if (keys.length === 0) return (call) => call.name === name
  const tests = keys.map((key) => {
    const test = compileArg(args[key] as ToolArgMatch)
    return (values: Record<string, unknown>) => Object.hasOwn(values, key) && test(values[key])
  })
  return (call) => {
    if (call.name !== name) return false
    const values = callArguments(call.arguments)
    if (values === undefined) return false
    for (const test of tests) if (!test(values)) return false
    return true
  }
}

function compileArg(match: ToolArgMatch): (value: unknown) => boolean {
  if ('matches' in match) {
    // Validated when the check was built or read; no `g`/`y`, so `test` keeps no state.
    const pattern = new RegExp(match.matches, match.flags ?? '')
    return (value) => typeof value === 'string' && pattern.test(value)
  }
  const expected = match.eq
  return (value) => deepEqual(value, expected)
}

/** How a list of calls compares with an expected trajectory, and where it differs. */
export interface TrajectoryMatch {
  pass: boolean
  /** `strict`: the first position where call and expected entry differ (or one list ended). */
  firstDifference?: number | undefined
  /** The expected entries no call was paired with (indexes into `expected`). */
  missing: number[]
  /** The calls paired with no expected entry (indexes into the calls). */
  extra: number[]
}

/**
 * Compares the calls made with the expected entries under `mode`. The unordered modes pair calls
 * with entries by a maximum bipartite matching, so an entry that fits several calls never takes
 * the one another entry needed (a greedy pairing could fail where a pairing exists).
 *
 * @example
 * matchTrajectory(calls, [compileCallPattern({ name: 'search' })], 'superset')
 */
export function matchTrajectory(
  calls: readonly ToolCallRecord[],
  expected: readonly CallTest[],
  mode: TrajectoryMode,
): TrajectoryMatch {
  if (mode === 'strict') return strictMatch(calls, expected)
  const pairs = maximumPairing(calls, expected)
  const missing: number[] = []
  for (let j = 0; j < expected.length; j++) if (pairs.callOf[j] === -1) missing.push(j)
  const extra: number[] = []
  for (let i = 0; i < calls.length; i++) if (pairs.entryOf[i] === -1) extra.push(i)
  const pass =
    mode === 'subset'
      ? extra.length === 0
      : mode === 'superset'
        ? missing.length === 0
        : extra.length === 0 && missing.length === 0
  return { pass, missing, extra }
}

function strictMatch(
  calls: readonly ToolCallRecord[],
  expected: readonly CallTest[],
): TrajectoryMatch {
  const shared = Math.min(calls.length, expected.length)
  let first = -1
  for (let i = 0; i < shared && first === -1; i++) {
    if (!(expected[i] as CallTest)(calls[i] as ToolCallRecord)) first = i
  }
  if (first === -1 && calls.length === expected.length)
    return { pass: true, missing: [], extra: [] }
  if (first === -1) first = shared
  const missing: number[] = []
  for (let j = first; j < expected.length; j++) missing.push(j)
  const extra: number[] = []
  for (let i = first; i < calls.length; i++) extra.push(i)
  return { pass: false, firstDifference: first, missing, extra }
}

interface Pairing {
  /** For each call, the index of its expected entry, −1 when unpaired. */
  entryOf: number[]
  /** For each expected entry, the index of its call, −1 when unpaired. */
  callOf: number[]
}

/** A maximum pairing of calls with the entries they fit (augmenting paths; lists are short). */
function maximumPairing(calls: readonly ToolCallRecord[], expected: readonly CallTest[]): Pairing {
  const fits = calls.map((call) => expected.map((test) => test(call)))
  const entryOf = new Array<number>(calls.length).fill(-1)
  const callOf = new Array<number>(expected.length).fill(-1)
  const augment = (i: number, seen: boolean[]): boolean => {
    const row = fits[i] as boolean[]
    for (let j = 0; j < expected.length; j++) {
      if (!row[j] || seen[j]) continue
      seen[j] = true
      const holder = callOf[j] as number
      if (holder === -1 || augment(holder, seen)) {
        callOf[j] = i
        entryOf[i] = j
        return true
      }
    }
    return false
  }
  for (let i = 0; i < calls.length; i++) augment(i, new Array<boolean>(expected.length).fill(false))
  return { entryOf, callOf }
}
