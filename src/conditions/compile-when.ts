import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue, renderData } from '../internal/describe-value.js'
import {
  hydratePrimitive,
  isPlainObject,
  isPrimitive,
  type Primitive,
} from '../primitives/index.js'
import { type CompiledPath, compilePath } from '../state/resolve-path.js'
import type { CompiledCheck, CompiledCondition } from './compiled-condition.js'
import { compileOperators } from './operators.js'
import { isStateCheck } from './state-check.js'
import type { WhenFunction } from './types.js'
import { stateCheckTest, valueFormTest } from './value-tests.js'
import { readWhenJson } from './when-json.js'

const WHEN_FORMS =
  'Use a when-object ({ verifyResult: false }), a list of checks, stateCheck(path, primitive, ' +
  'expected) or a function (state) => boolean; omit it for an unconditional edge.'

const STATE_CHECK_KEYS = ['type', 'field', 'verifyWith', 'expected'] as const

function knownPath(path: unknown, where: string): CompiledPath {
  const compiled = typeof path === 'string' ? compilePath(path) : undefined
  if (compiled?.known !== true) {
    throw new InvalidArgumentError(
      `Unknown dot path ${describeValue(path)} in 'when'`,
      'A path starts with verifyResult, turn, currentNode, parsed, accumulated, nodeVisits, ' +
        'nodeResults, toolNames, toolCalls, agent, agents, guardrail or user (the spellings verify_result, current_node, node_visits and node_results ' +
        "are accepted), e.g. 'parsed.confidence'.",
      [where],
    )
  }
  return compiled
}

function compileStateCheck(check: Record<string, unknown>, where: string): CompiledCheck {
  assertKnownKeys(check, STATE_CHECK_KEYS, `a stateCheck in 'when' (${where})`)
  const path = knownPath(check.field, where)
  // A check read from JSON carries the primitive's data without its methods: rebuild it.
  const primitive: Primitive = isPrimitive(check.verifyWith)
    ? check.verifyWith
    : hydratePrimitive(check.verifyWith, `stateCheck('${path.path}') in 'when' (${where})`)
  const expected = check.expected
  const text = `stateCheck(${renderData(primitive)}${expected === undefined ? '' : `, ${renderData(expected)}`})`
  return { kind: 'path', path, tests: [stateCheckTest(primitive, expected, text)] }
}

/** Compiles one when-object (or `stateCheck`) into checks, in key order. */
function compileWhenObject(
  when: Record<string, unknown>,
  where: string,
  index: number | undefined,
  out: CompiledCheck[],
): void {
  if (isStateCheck(when)) {
    out.push(compileStateCheck(when, where))
    return
  }
  const paths = Object.keys(when)
  if (paths.length === 0) {
    const what =
      index === undefined
        ? "Empty 'when' object"
        : `Empty when-object at index ${index} of the 'when' list`
    throw new InvalidArgumentError(
      what,
      'Use [] for a condition that always holds, or omit `when` for an unconditional edge.',
      [where],
    )
  }
  for (const key of paths) {
    const path = knownPath(key, where)
    const value = when[key]
    // A plain object is always the operator form.
    if (isPlainObject(value)) {
      out.push({ kind: 'path', path, tests: compileOperators(value, { path: key, where }) })
    } else {
      const data = readWhenJson(value, { path: key, where })
      out.push({ kind: 'path', path, tests: [valueFormTest(data, renderData(data))] })
    }
  }
}

function compileElement(
  element: unknown,
  index: number,
  where: string,
  out: CompiledCheck[],
): void {
  if (typeof element === 'function') {
    out.push({ kind: 'function', fn: element as WhenFunction })
  } else if (isPlainObject(element)) {
    compileWhenObject(element, where, index, out)
  } else {
    throw new InvalidArgumentError(
      `Unsupported element at index ${index} of the 'when' list: ${describeValue(element)}`,
      'Each element is a when-object, a stateCheck(…) or a function (state) => boolean.',
      [where],
    )
  }
}

/**
 * Validates a `when` and compiles it for fast evaluation; `null` means
 * unconditional. Every mistake is an `InvalidArgumentError` here, naming `where` (e.g.
 * `addEdge('ask', 'retry')`), so routing itself never throws.
 *
 * @example
 * const compiled = compileWhen({ 'parsed.score': { gte: 3 } }, "addEdge('ask', 'next')")
 * compileWhen(undefined, "addEdge('ask', 'end')") // null: the fallback edge
 */
export function compileWhen(when: unknown, where: string): CompiledCondition | null {
  if (when === undefined || when === null) return null
  // Once per condition (the compiled form is kept): its data can then be read without surprises.
  assertReadable(when, `'when' (${where})`)
  const checks: CompiledCheck[] = []
  if (typeof when === 'function') {
    checks.push({ kind: 'function', fn: when as WhenFunction })
  } else if (Array.isArray(when)) {
    for (let i = 0; i < when.length; i++) compileElement(when[i], i, where, checks)
  } else if (isPlainObject(when)) {
    compileWhenObject(when, where, undefined, checks)
  } else {
    // No source-string evaluation, ever: a string is just an unsupported type.
    const fix =
      typeof when === 'string' ? `${WHEN_FORMS} A string is never run as code.` : WHEN_FORMS
    throw new InvalidArgumentError(`Unsupported 'when' value: ${describeValue(when)}`, fix, [where])
  }
  return { checks }
}
