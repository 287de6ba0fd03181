import { describe, expect, test } from 'vitest'
import {
  allTurns,
  anyTurn,
  evaluateOutcome,
  exactMatch,
  firstTurn,
  lastTurn,
  literalMatch,
  numericMinimum,
} from './imports.js'
import { makeResult } from './make-result.js'

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe('operator objects (13.24)', () => {
  const scored = (score: unknown) => makeResult([{ nodeId: 'a', parsedFields: { score } }])
  const holds = (op: Record<string, unknown>, score: unknown) =>
    evaluateOutcome(lastTurn({ 'parsed.score': op } as never), scored(score))

  test('gt / gte / lt / lte are numeric bounds, exclusive for gt and lt', () => {
    expect([holds({ gt: 3 }, 3), holds({ gt: 3 }, 3.5), holds({ gt: 3 }, '4')]).toEqual([
      false,
      true,
      true,
    ])
    expect([holds({ gte: 3 }, 3), holds({ gte: 3 }, 2)]).toEqual([true, false])
    expect([holds({ lt: 3 }, 3), holds({ lt: 3 }, 2)]).toEqual([false, true])
    expect([holds({ lte: 3 }, 3), holds({ lte: 3 }, 4)]).toEqual([true, false])
    expect(holds({ gte: 3 }, 'high')).toBe(false)
    expect(lastTurn({ 'parsed.score': { gte: 3 } })).toMatchObject({
      expected: 3,
      verifyWith: numericMinimum(),
    })
    expect(json(lastTurn({ 'parsed.score': { lt: 3 } }))).toMatchObject({
      verifyWith: { type: 'NumericMaximum', exclusive: true },
    })
  })

  test('eq is the value form for scalars and deep equality for objects and arrays', () => {
    expect(lastTurn({ x: { eq: 'Yes' } })).toEqual(lastTurn({ x: 'Yes' }))
    expect(lastTurn({ x: { eq: null } })).toEqual(lastTurn({ x: null }))
    expect(lastTurn({ x: { eq: { a: 1 } } })).toMatchObject({
      expected: { a: 1 },
      verifyWith: literalMatch(),
    })
    expect(holds({ eq: { a: [1, 2] } }, { a: [1, 2] })).toBe(true)
    expect(holds({ eq: { a: [1, 2] } }, { a: [2, 1] })).toBe(false)
    expect(holds({ eq: [1, 2] }, [2, 1])).toBe(false)
  })

  test('matches is a regex search', () => {
    const result = makeResult([{ nodeId: 'a', rawResponse: 'The target is BCL2, clearly.' }])
    expect(evaluateOutcome(lastTurn({ rawResponse: { matches: 'BCL2\\b' } }), result)).toBe(true)
    expect(evaluateOutcome(lastTurn({ rawResponse: { matches: '^BCL2' } }), result)).toBe(false)
  })

  test('neq, in, several operators and unknown operators are errors pointing to verifyWith / anyOf', () => {
    expect(() =>
      lastTurn({ 'parsed.score': { neq: 3 } } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'neq' is not supported for field 'parsed.score' in lastTurn()
      An operator object in an outcome check holds exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. Pass an explicit verifyWith to turnCheck(scope, field, expected, verifyWith), or combine checks with anyOf().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      anyTurn({ nodeId: { in: ['a', 'b'] } } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'in' is not supported for field 'nodeId' in anyTurn()
      An operator object in an outcome check holds exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. Pass an explicit verifyWith to turnCheck(scope, field, expected, verifyWith), or combine checks with anyOf().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      lastTurn({ 'parsed.score': { gte: 1, lte: 5 } } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Several operators ('gte', 'lte') for field 'parsed.score' in lastTurn()
      An operator object in an outcome check holds exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. Pass an explicit verifyWith to turnCheck(scope, field, expected, verifyWith), or combine one check per operator with allOf() or anyOf().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      lastTurn({ 'parsed.drug': { name: 'x' } } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown operator 'name' for field 'parsed.drug' in lastTurn()
      Valid operators: 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. To compare with an object, write { eq: { … } }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => firstTurn({ 'parsed.score': {} } as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty operator object for field 'parsed.score' in firstTurn()
      Write exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains', e.g. { gte: 3 }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('operands must fit their operator', () => {
    expect(() =>
      lastTurn({ 'parsed.score': { gt: '3' } } as never),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Operator 'gt' for field 'parsed.score' in lastTurn() needs a finite number, got '3'
      Write e.g. { gt: 3 }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(() =>
      lastTurn({ 'parsed.score': { lte: Number.NaN } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Operator 'lte' for field 'parsed.score' in lastTurn() needs a finite number, got NaN
      Write e.g. { lte: 3 }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(() =>
      lastTurn({ rawResponse: { matches: /x/ } } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'matches' for field 'rawResponse' in lastTurn() needs a pattern string, got a RegExp
      Write the pattern as a string, with flags in an explicit regexMatch(pattern, { flags: 'i' }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => lastTurn({ rawResponse: { matches: '(' } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'pattern' in regexMatch(): '('
      'pattern' must be a valid JavaScript regular expression (Invalid regular expression: /(/: Unterminated group).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('invalid sugar arguments', () => {
  test('values must be JSON data, and a primitive is not a value', () => {
    expect(() =>
      lastTurn({ 'parsed.when': new Date(0) } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported value for field 'parsed.when' in lastTurn(): a Date
      Check nodes are plain data: use JSON values (strings, numbers, booleans, null, arrays, objects), or pass an explicit verifyWith.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => lastTurn({ 'parsed.x': [1, () => 1] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported value for field 'parsed.x' in lastTurn(): a function at [1]
      Check nodes are plain data: use JSON values (strings, numbers, booleans, null, arrays, objects), or pass an explicit verifyWith.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      lastTurn({ 'parsed.x': { eq: { n: Number.POSITIVE_INFINITY } } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported value for field 'parsed.x' in lastTurn(): Infinity at .n
      Check nodes are plain data: use JSON values (strings, numbers, booleans, null, arrays, objects), or pass an explicit verifyWith.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      lastTurn({ 'parsed.x': exactMatch() } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] A primitive is not an expected value (field 'parsed.x' in lastTurn())
      Pass it as verifyWith: turnCheck(scope, field, expected, verifyWith).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('fields must be an object, and options take only node', () => {
    expect(() => lastTurn('verifyResult' as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] lastTurn() takes an object of turn fields, got 'verifyResult'
      Write e.g. lastTurn({ verifyResult: true }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      anyTurn({ verifyResult: true }, { nodes: 'ask' } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] anyTurn() has an invalid option
        - unknown key 'nodes' in options; valid keys: 'node'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      allTurns({ verifyResult: true }, { node: 3 } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'node' in allTurns(): 3
      'node' must be a node id or an array of node ids.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      allTurns({ verifyResult: true }, 'ask' as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] allTurns() has an invalid option
        - options: an options object { node? }, got 'ask'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
