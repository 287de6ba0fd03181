import { describe, expect, test } from 'vitest'
import { compileWhen, stateCheck } from '../../src/conditions/index.js'
import { isScenarioError } from '../../src/errors/index.js'
import { exactMatch, numericRange } from '../../src/primitives/index.js'

const where = "addEdge('ask', 'retry')"
const compile = (when: unknown) => () => compileWhen(when, where)

describe('compileWhen: accepted forms', () => {
  test('absent, undefined and null are unconditional', () => {
    expect(compileWhen(undefined, where)).toBeNull()
    expect(compileWhen(null, where)).toBeNull()
  })

  test('when-objects, lists, stateCheck and functions compile to checks in order', () => {
    const fn = () => true
    const compiled = compileWhen(
      [
        { verifyResult: false, 'parsed.score': { gt: 1, lte: 5 } },
        fn,
        stateCheck('turn', numericRange({ min: 1 })),
      ],
      where,
    )
    expect(compiled?.checks.map((c) => (c.kind === 'path' ? c.path.path : 'function'))).toEqual([
      'verifyResult',
      'parsed.score',
      'function',
      'turn',
    ])
    const score = compiled?.checks[1]
    expect(score?.kind === 'path' && score.tests.map((t) => t.text)).toEqual([
      '{ gt: 1 }',
      '{ lte: 5 }',
    ])
  })

  test('an empty list is a condition that always holds (not unconditional)', () => {
    expect(compileWhen([], where)).toEqual({ checks: [] })
  })

  test('every value form and operator with a valid operand is accepted', () => {
    const when = {
      verifyResult: true,
      'parsed.a': 'x',
      'parsed.b': 3,
      'parsed.c': ['x', 1],
      'parsed.d': null,
      'parsed.e': undefined,
      'parsed.f': {
        eq: { deep: [1, undefined] },
        neq: null,
        in: [1, 'a', null, [2]],
        matches: '^a+$',
      },
      'parsed.g': { gt: -1.5, gte: 0, lt: 10, lte: 1e9 },
    }
    expect(compileWhen(when, where)?.checks).toHaveLength(8)
  })

  test('the karenina spellings are accepted as paths', () => {
    expect(() =>
      compileWhen({ verify_result: false, 'node_results.ask.verify_result': true }, where),
    ).not.toThrow()
  })

  test('a stateCheck read back from JSON (primitive data without methods) is rebuilt', () => {
    const data = JSON.parse(
      JSON.stringify(stateCheck('parsed.a', exactMatch({ normalize: [] }), 'A')),
    )
    expect(compileWhen(data, where)?.checks).toHaveLength(1)
  })

  test('errors are InvalidArgumentErrors with code invalid_argument', () => {
    try {
      compileWhen(3, where)
      expect.unreachable()
    } catch (error) {
      expect(isScenarioError(error) && error.code).toBe('invalid_argument')
      expect((error as Error).name).toBe('InvalidArgumentError')
    }
  })
})

describe('compileWhen: errors at addEdge', () => {
  test('a number, a string or another type as when', () => {
    expect(compile(3)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported 'when' value: 3
        - addEdge('ask', 'retry')
      Use a when-object ({ verifyResult: false }), a list of checks, stateCheck(path, primitive, expected) or a function (state) => boolean; omit it for an unconditional edge.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile('state.verifyResult === false')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported 'when' value: 'state.verifyResult === false'
        - addEdge('ask', 'retry')
      Use a when-object ({ verifyResult: false }), a list of checks, stateCheck(path, primitive, expected) or a function (state) => boolean; omit it for an unconditional edge. A string is never run as code.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile(true)).toThrow("Unsupported 'when' value: true")
    expect(compile(10n)).toThrow("Unsupported 'when' value: 10n")
    expect(compile(new Date())).toThrow("Unsupported 'when' value: a Date")
    expect(compile(/x/)).toThrow("Unsupported 'when' value: a RegExp")
    expect(compile(new Map())).toThrow("Unsupported 'when' value: a Map")
  })

  test('when: {}', () => {
    expect(compile({})).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty 'when' object
        - addEdge('ask', 'retry')
      Use [] for a condition that always holds, or omit \`when\` for an unconditional edge.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('an empty when-object as an element of a list', () => {
    expect(compile([{ verifyResult: true }, {}])).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty when-object at index 1 of the 'when' list
        - addEdge('ask', 'retry')
      Use [] for a condition that always holds, or omit \`when\` for an unconditional edge.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('an unsupported element of a list', () => {
    expect(compile([{ verifyResult: true }, 'verifyResult'])).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported element at index 1 of the 'when' list: 'verifyResult'
        - addEdge('ask', 'retry')
      Each element is a when-object, a stateCheck(…) or a function (state) => boolean.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile([[{ verifyResult: true }]])).toThrow(
      "Unsupported element at index 0 of the 'when' list: an array",
    )
    expect(compile([null])).toThrow("Unsupported element at index 0 of the 'when' list: null")
  })

  test('an unknown operator names the valid ones', () => {
    expect(compile({ 'parsed.score': { ge: 3 } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown operator 'ge' at 'parsed.score' in 'when'
        - addEdge('ask', 'retry')
      Valid operators: eq neq gt gte lt lte in matches contains. A plain object is always the operator form: to compare with an object write { eq: {…} } or stateCheck(path, literalMatch(), value).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile({ 'parsed.score': { gte: 3, foo: 1, bar: 2 } })).toThrow(
      "Unknown operators 'foo', 'bar' at 'parsed.score' in 'when'",
    )
  })

  test('a plain object value is always the operator form', () => {
    // An object meant as a value is refused, pointing to { eq: … }.
    expect(compile({ 'parsed.dose': { mg: 50 } })).toThrow("Unknown operator 'mg' at 'parsed.dose'")
    expect(compile({ 'parsed.dose': stateCheck('parsed.dose', exactMatch()) })).toThrow(
      "Unknown operators 'type', 'field', 'verifyWith', 'expected' at 'parsed.dose'",
    )
  })

  test('an empty operator object', () => {
    expect(compile({ 'parsed.score': {} })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty operator object at 'parsed.score' in 'when'
        - addEdge('ask', 'retry')
      Give at least one operator (eq neq gt gte lt lte in matches contains), or use [] for a condition that always holds.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('gt, gte, lt and lte need a finite number', () => {
    expect(compile({ 'parsed.score': { gte: '3' } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'gte' at 'parsed.score' in 'when' needs a finite number, got '3'
        - addEdge('ask', 'retry')
      Write e.g. { gte: 3 }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile({ 'parsed.score': { gt: Number.NaN } })).toThrow(
      "Operator 'gt' at 'parsed.score' in 'when' needs a finite number, got NaN",
    )
    expect(compile({ 'parsed.score': { lt: Number.POSITIVE_INFINITY } })).toThrow('got Infinity')
    expect(compile({ 'parsed.score': { lte: undefined } })).toThrow(
      'needs a finite number, got null\n',
    )
    expect(compile({ 'parsed.score': { gte: new Date() } })).toThrow(
      'needs a finite number, got a Date',
    )
  })

  test('matches needs a pattern string that compiles', () => {
    expect(compile({ 'parsed.answer': { matches: /yes/i } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'matches' at 'parsed.answer' in 'when' needs a regular-expression pattern string, got a RegExp
        - addEdge('ask', 'retry')
      Write the pattern as a string ({ matches: '^yes' }); for flags use stateCheck(path, regexMatch('^yes', { flags: 'i' })).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile({ 'parsed.answer': { matches: '(' } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'matches' at 'parsed.answer' in 'when' has an invalid pattern '(': Invalid regular expression: /(/: Unterminated group
        - addEdge('ask', 'retry')
      Write a JavaScript regular-expression pattern (search semantics, no delimiters).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('in needs an array', () => {
    expect(compile({ 'parsed.level': { in: 'low' } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'in' at 'parsed.level' in 'when' needs an array, got 'low'
        - addEdge('ask', 'retry')
      Write e.g. { in: ['low', 'medium'] }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('a non-JSON value inside a when-object is an error naming the path', () => {
    expect(compile({ 'parsed.date': new Date('2024-01-01') })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported value in 'when' at 'parsed.date': a Date
        - addEdge('ask', 'retry')
      A when-object holds JSON data (booleans, strings, finite numbers, null, arrays, objects). For dates use stateCheck(path, dateMatch(), '2024-05-01'); for anything else write a function condition (state) => boolean.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile({ 'parsed.a': /x/ })).toThrow(
      "Unsupported value in 'when' at 'parsed.a': a RegExp",
    )
    expect(compile({ 'parsed.a': () => true })).toThrow(
      "Unsupported value in 'when' at 'parsed.a': a function",
    )
    expect(compile({ 'parsed.a': 1n })).toThrow("Unsupported value in 'when' at 'parsed.a': 1n")
    expect(compile({ 'parsed.a': Number.NaN })).toThrow(
      "Unsupported value in 'when' at 'parsed.a': NaN",
    )
    expect(compile({ 'parsed.a': [1, new Date()] })).toThrow("at 'parsed.a': a Date")
    expect(compile({ 'parsed.a': { eq: { when: new Date() } } })).toThrow(
      "Unsupported value in 'when' at 'parsed.a' (operator 'eq'): a Date",
    )
    expect(compile({ 'parsed.a': { in: [1, Symbol('s')] } })).toThrow(
      "at 'parsed.a' (operator 'in'): Symbol(s)",
    )
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(compile({ 'parsed.a': { eq: cyclic } })).toThrow(
      "`parsed.a.eq.self` of 'when' (addEdge('ask', 'retry')) refers back to itself",
    )
  })

  test('an unknown dot path', () => {
    expect(compile({ verifyResut: false })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown dot path 'verifyResut' in 'when'
        - addEdge('ask', 'retry')
      A path starts with verifyResult, turn, currentNode, parsed, accumulated, nodeVisits, nodeResults, toolNames, toolCalls, agent, agents, guardrail or user (the spellings verify_result, current_node, node_visits and node_results are accepted), e.g. 'parsed.confidence'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile({ 'history.0.nodeId': 'ask' })).toThrow("Unknown dot path 'history.0.nodeId'")
  })

  test('an invalid stateCheck', () => {
    expect(compile({ type: 'StateCheck', field: 'nope', verifyWith: exactMatch() })).toThrow(
      "Unknown dot path 'nope' in 'when'",
    )
    expect(
      compile({ type: 'StateCheck', field: 'turn', verifyWith: exactMatch(), extra: 1 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'extra' in a stateCheck in 'when' (addEdge('ask', 'retry'))
      Valid keys: 'type', 'field', 'verifyWith', 'expected'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(compile({ type: 'StateCheck', field: 'turn', verifyWith: { type: 'Nope' } })).toThrow(
      "Unknown primitive type 'Nope' in stateCheck('turn') in 'when' (addEdge('ask', 'retry'))",
    )
  })
})
