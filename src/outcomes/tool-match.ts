// Matching tool calls against patterns, and lists of calls against an expected trajectory. Pure
// functions over plain data, shared by `evaluateOutcome` and the tool-call matchers.

import { deepEqual, isPlainObject } from '../primitives/index.js'
import type { ToolCallRecord } from '../state/types.js'
import type { ParallelCalls, ToolArgMatch, ToolCallPattern, TrajectoryMode } from './types.js'

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

/** Where `strict` found the steps made and the expected ones to differ. */
export interface StepDifference {
  /** The index of the step (among the steps read) that differs; past the last when they ended. */
  step: number
  /** The position of that step's first call among the calls read. */
  position: number
  /** The expected entries the step was compared with (indexes into the flat expected list). */
  expected: number[]
}

/** How a list of calls compares with an expected trajectory, and where it differs. */
export interface TrajectoryMatch {
  pass: boolean
  /** `strict`: the first step where calls and expected entries differ. */
  difference?: StepDifference | undefined
  /** The expected entries no call was paired with (indexes into the flat expected list). */
  missing: number[]
  /** The calls paired with no expected entry (indexes into the flat list of calls). */
  extra: number[]
}

/** An expected trajectory made ready: a test per call, a list of them for an explicit step. */
export type ExpectedTests = readonly (CallTest | readonly CallTest[])[]

/**
 * Compares the calls made, in steps (the calls of one assistant message each), with the expected
 * entries under `mode`. `strict` compares the steps in order and the calls within a step as a
 * multiset (in order with `parallel: 'ordered'`): a flat expected list is cut into pieces the
 * sizes of the steps made, an entry that is a list is a step whose boundaries must match too.
 * The other modes ignore steps. The unordered comparisons pair calls with entries by a maximum
 * bipartite matching, so an entry that fits several calls never takes the one another entry
 * needed (a greedy pairing could fail where a pairing exists).
 *
 * @example
 * matchTrajectory([[call]], [compileCallPattern({ name: 'search' })], 'superset')
 */
export function matchTrajectory(
  steps: readonly (readonly ToolCallRecord[])[],
  expected: ExpectedTests,
  mode: TrajectoryMode,
  parallel: ParallelCalls = 'unordered',
): TrajectoryMatch {
  const calls = steps.flat()
  const tests = expected.flat()
  if (mode === 'strict') return strictMatch(steps, expected, parallel)
  const pairs = maximumPairing(calls, tests)
  const missing: number[] = []
  for (let j = 0; j < tests.length; j++) if (pairs.callOf[j] === -1) missing.push(j)
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
  steps: readonly (readonly ToolCallRecord[])[],
  expected: ExpectedTests,
  parallel: ParallelCalls,
): TrajectoryMatch {
  const tests = expected.flat()
  const groups = expectedGroups(steps, expected)
  const count = Math.max(steps.length, groups.length)
  let position = 0
  for (let k = 0; k < count; k++) {
    const step = steps[k] ?? []
    const group = groups[k] ?? []
    const fits =
      step.length === group.length &&
      (parallel === 'ordered'
        ? step.every((call, i) => (tests[group[i] as number] as CallTest)(call))
        : maximumPairing(
            step,
            group.map((j) => tests[j] as CallTest),
          ).entryOf.every((j) => j !== -1))
    if (!fits) {
      const first = group[0] ?? tests.length
      const missing: number[] = []
      for (let j = first; j < tests.length; j++) missing.push(j)
      const extra: number[] = []
      for (let i = position; i < position + countFrom(steps, k); i++) extra.push(i)
      return { pass: false, difference: { step: k, position, expected: group }, missing, extra }
    }
    position += step.length
  }
  return { pass: true, missing: [], extra: [] }
}

/**
 * The expected entries each step is compared with (indexes into the flat list): the explicit
 * steps as given; a flat list cut into pieces the sizes of the steps made, then, when entries
 * are left, the next one (what a missing step should have called).
 */
function expectedGroups(
  steps: readonly (readonly ToolCallRecord[])[],
  expected: ExpectedTests,
): number[][] {
  const groups: number[][] = []
  let next = 0
  const take = (size: number) => {
    const group: number[] = []
    for (let i = 0; i < size; i++) group.push(next++)
    return group
  }
  if (expected.some((entry) => Array.isArray(entry))) {
    for (const entry of expected) groups.push(take(Array.isArray(entry) ? entry.length : 1))
    return groups
  }
  const total = expected.length
  for (const step of steps) {
    if (next >= total) break
    groups.push(take(Math.min(step.length, total - next)))
  }
  if (next < total) groups.push(take(1))
  return groups
}

/** How many calls the steps from `k` on made. */
function countFrom(steps: readonly (readonly ToolCallRecord[])[], k: number): number {
  let n = 0
  for (let i = k; i < steps.length; i++) n += (steps[i] as readonly ToolCallRecord[]).length
  return n
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
