// `calledTool` and `toolTrajectory`: outcome checks of the tool calls a run made, as plain data.

import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import { isPlainObject } from '../primitives/index.js'
import { readNode } from './aggregations.js'
import { assertOutcomeCheck } from './guards.js'
import { isScope } from './scopes.js'
import type {
  CalledTool,
  CountRange,
  NodeFilter,
  ParallelCalls,
  ToolArgMatch,
  ToolCallPattern,
  ToolCallsSelection,
  ToolTrajectory,
  TrajectoryMode,
  TurnScope,
} from './types.js'

/**
 * Arguments a tool call must have: each key's value deep-equals the call's (JSON data), or, given
 * as a `RegExp`, is searched for in the call's string argument. Keys not given are ignored.
 */
export type ToolArgs = Readonly<Record<string, unknown>>

/** Which turns' calls a tool check reads (default: every turn's calls, pooled in order). */
export interface ToolScopeOptions {
  /**
   * A single-turn scope reads that turn's calls; `AnyTurn` / `AllTurns` (`{ type: 'AnyTurn',
   * nodeId? }`) hold when some / every selected turn satisfies the check with its own calls.
   */
  scope?: TurnScope | undefined
  /** Only the calls of this node's turns (or of these nodes'), pooled; not with `scope`. */
  node?: NodeFilter | undefined
}

/** The options of `calledTool`. */
export interface CalledToolOptions extends ToolScopeOptions {
  /** Arguments the call must have (a partial match). */
  args?: ToolArgs | undefined
  /** How many matching calls: an exact count (`0`: never called) or a range; default at least 1. */
  times?: number | CountRange | undefined
}

/** An expected call of a trajectory: a tool name, or a name with arguments (a partial match). */
export type ExpectedToolCall =
  | string
  | { readonly name: string; readonly args?: ToolArgs | undefined }

/**
 * An entry of an expected trajectory: a call, or an explicit step — the calls one assistant
 * message makes at once (parallel calls), e.g. `['get_weather', 'get_weather']`.
 */
export type ExpectedToolStep = ExpectedToolCall | readonly ExpectedToolCall[]

/** The options of `toolTrajectory`. */
export interface ToolTrajectoryOptions extends ToolScopeOptions {
  /** What the calls made are relative to the expected list; default `'strict'`. */
  mode?: TrajectoryMode | undefined
  /**
   * How `strict` compares the calls of one step (calls made by one assistant message): as a
   * multiset (`'unordered'`, the default) or in the order they were made (`'ordered'`).
   */
  parallel?: ParallelCalls | undefined
}

/**
 * Holds when the run called tool `name` (with arguments matching `args`, when given), at least
 * once or as often as `times` says, in the turns the scope selects (default: all turns).
 *
 * @example
 * calledTool('search')
 * calledTool('book', { args: { city: 'Paris', date: /^2026-/ }, times: 1 })
 * calledTool('refund', { times: 0 }) // never called
 * calledTool('search', { scope: lastTurnScope(), times: { min: 1, max: 3 } })
 */
export function calledTool(name: string, options?: CalledToolOptions): CalledTool {
  const where = `calledTool(${describeValue(name)})`
  readToolName(name, where, 'calledTool() takes the tool name first')
  const read = parseOptionKeys(options, ['args', 'times', 'scope', 'node'], {
    where,
    fix: OPTIONS_FIX,
  })
  assertReadable(read, where)
  const check: CalledTool = { type: 'CalledTool', name }
  if (read.args !== undefined) check.args = argsFromValues(read.args, where)
  // `times` and the scope are checked with the node, as `evaluateOutcome` checks them.
  if (read.times !== undefined) check.times = read.times as CalledTool['times']
  Object.assign(check, readSelection(read.scope, read.node, where))
  assertOutcomeCheck(check, where)
  return check
}

/**
 * Holds when the tool calls made follow `expected` as `mode` says (default `'strict'`): `strict`
 * the same calls in the same order — steps (the calls of one assistant message) in order, the
 * calls within a step in any order unless `parallel: 'ordered'`, step boundaries compared when an
 * entry is a list (an explicit step); `unordered` the same calls in any order, `subset` no call
 * beyond the expected ones (each entry used at most once), `superset` every expected call made
 * (others allowed) — these three ignore steps. Entries match by name and, when given, arguments
 * (a partial match).
 *
 * @example
 * toolTrajectory(['search', 'book'])
 * toolTrajectory(['search', { name: 'book', args: { city: 'Paris' } }], { mode: 'superset' })
 * toolTrajectory(['search', ['get_weather', 'get_weather']]) // two calls in one message
 */
export function toolTrajectory(
  expected: readonly ExpectedToolStep[],
  options?: ToolTrajectoryOptions,
): ToolTrajectory {
  const where = 'toolTrajectory()'
  // First, so a hostile value (a revoked Proxy, a throwing getter) is named, never thrown through.
  assertReadable(expected, where)
  if (!Array.isArray(expected)) {
    throw new InvalidArgumentError(
      `${where} takes a list of expected calls, got ${describeValue(expected)}`,
      "Write e.g. toolTrajectory(['search', { name: 'book', args: { city: 'Paris' } }]).",
    )
  }
  const patterns = expected.map((entry, i) => stepFromEntry(entry, `${where}: expected[${i}]`))
  const read = parseOptionKeys(options, ['mode', 'parallel', 'scope', 'node'], {
    where,
    fix: OPTIONS_FIX,
  })
  const check: ToolTrajectory = {
    type: 'ToolTrajectory',
    expected: patterns,
    mode: read.mode === undefined ? 'strict' : (read.mode as TrajectoryMode),
    ...readSelection(read.scope, read.node, where),
  }
  // Checked with the node, as `evaluateOutcome` checks it.
  if (read.parallel !== undefined) check.parallel = read.parallel as ParallelCalls
  assertOutcomeCheck(check, where)
  return check
}

/** An entry: a call's pattern, or an explicit step's (a non-empty list of calls). */
function stepFromEntry(entry: unknown, where: string): ToolCallPattern | ToolCallPattern[] {
  if (!Array.isArray(entry)) return patternFromEntry(entry, where)
  if (entry.length === 0) {
    throw new InvalidArgumentError(
      `${where} is an empty step`,
      "An explicit step lists the calls one assistant message makes, e.g. ['get_weather', 'get_weather']; leave it out when no call is expected there.",
    )
  }
  return entry.map((call, i) => {
    if (Array.isArray(call)) {
      throw new InvalidArgumentError(
        `${where}[${i}] is a list inside a step`,
        "A step lists calls: write ['search', ['get_weather', 'get_weather']], one level deep.",
      )
    }
    return patternFromEntry(call, `${where}[${i}]`)
  })
}

function patternFromEntry(entry: unknown, where: string): ToolCallPattern {
  if (typeof entry === 'string') {
    readToolName(entry, where, 'An expected call is a tool name')
    return { name: entry }
  }
  if (!isPlainObject(entry)) {
    throw new InvalidArgumentError(
      `${where} is ${describeValue(entry)}, not an expected call`,
      "Write a tool name ('search') or { name: 'book', args: { city: 'Paris' } }.",
    )
  }
  const { name, args } = parseOptionKeys(entry, ['name', 'args'], {
    where,
    fix: "Write a tool name ('search') or { name: 'book', args: { city: 'Paris' } }.",
  })
  readToolName(name, where, "An expected call's name is a string")
  const pattern: ToolCallPattern = { name }
  if (args !== undefined) pattern.args = argsFromValues(args, where)
  return pattern
}

/** Turns the arguments a user wrote (JSON values and `RegExp`s) into their plain-data form. */
function argsFromValues(args: unknown, where: string): Record<string, ToolArgMatch> {
  if (!isPlainObject(args)) {
    throw new InvalidArgumentError(
      `'args' in ${where} must be an object of argument values, got ${describeValue(args)}`,
      "Write e.g. { args: { city: 'Paris', query: /weather/i } }.",
    )
  }
  const out: Record<string, ToolArgMatch> = {}
  for (const key of Object.keys(args)) {
    const value = args[key]
    let match: ToolArgMatch
    if (value instanceof RegExp) {
      // `g` and `y` make `test` stateful; a search needs neither.
      match = { matches: value.source }
      const flags = value.flags.replace(/[gy]/g, '')
      if (flags !== '') match.flags = flags
    } else {
      if (value === undefined) {
        throw new InvalidArgumentError(
          `Argument '${key}' in ${where} is undefined`,
          'Leave the key out to accept any value, or give the value the call must have.',
        )
      }
      const problem = describeNonJson(value)
      if (problem !== undefined) {
        throw new InvalidArgumentError(
          `Unsupported value for argument '${key}' in ${where}: ${problem}`,
          'Argument values are JSON data (compared by deep equality), or a RegExp at the top level of args (a search in a string argument).',
        )
      }
      match = { eq: value }
    }
    // defineProperty, so a key such as '__proto__' stays an ordinary key.
    Object.defineProperty(out, key, {
      value: match,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

function readToolName(name: unknown, where: string, what: string): asserts name is string {
  if (typeof name === 'string' && name !== '') return
  throw new InvalidArgumentError(
    `${what}; ${where} got ${describeValue(name)}`,
    "Give the tool's name as the agent or model calls it, e.g. 'search'.",
  )
}

/** Reads `scope` and `node` (exclusive: a scope of several turns carries its own node filter). */
function readSelection(scope: unknown, node: unknown, where: string): ToolCallsSelection {
  const nodeId = readNode(node, where)
  if (scope === undefined) return nodeId === undefined ? {} : { nodeId }
  if (!isScope(scope)) {
    throw new InvalidArgumentError(
      `Invalid 'scope' in ${where}: ${describeValue(scope)}`,
      "Use lastTurnScope(), firstTurnScope(), turnAt(i), or { type: 'AnyTurn' | 'AllTurns', nodeId? }; leave it out to read every turn's calls.",
    )
  }
  if (nodeId !== undefined) {
    throw new InvalidArgumentError(
      `${where} takes 'scope' or 'node', not both`,
      "To read some turns of a node one by one, put the node in the scope: { type: 'AnyTurn', nodeId: 'book' }.",
    )
  }
  return { scope: copyScope(scope) }
}

function copyScope(scope: TurnScope): TurnScope {
  switch (scope.type) {
    case 'AnyTurn':
    case 'AllTurns':
      return scope.nodeId === undefined
        ? { type: scope.type }
        : {
            type: scope.type,
            nodeId: typeof scope.nodeId === 'string' ? scope.nodeId : [...scope.nodeId],
          }
    case 'TurnAt':
      return { type: 'TurnAt', index: scope.index }
    default:
      return { type: scope.type }
  }
}
