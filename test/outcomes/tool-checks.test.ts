import { describe, expect, test } from 'vitest'
import {
  allOf,
  anyOf,
  anyTurn,
  calledTool,
  evaluateOutcome,
  hydrateOutcomeCheck,
  lastTurn,
  lastTurnScope,
  toolTrajectory,
  turnAt,
  turnCheck,
} from '../../src/outcomes/index.js'
import type { Diagnostic, ToolCallRecord } from '../../src/state/types.js'
import { makeResult } from './make-result.js'

let id = 0
const call = (name: string, args: unknown = {}): ToolCallRecord => ({
  id: `c${id++}`,
  name,
  arguments: args,
})

// ask: search(paris), search(rome) · book: book(paris, 2 guests) · confirm: no calls
const result = makeResult([
  {
    nodeId: 'ask',
    toolCalls: [call('search', { q: 'Paris hotels' }), call('search', { q: 'Rome' })],
  },
  {
    nodeId: 'book',
    toolCalls: [call('book', { city: 'Paris', guests: 2, extras: { wifi: true } })],
  },
  { nodeId: 'confirm' },
])

const holds = (check: Parameters<typeof evaluateOutcome>[0]) => evaluateOutcome(check, result)

describe('calledTool', () => {
  test('a call made at least once, in all turns by default', () => {
    expect(holds(calledTool('search'))).toBe(true)
    expect(holds(calledTool('book'))).toBe(true)
    expect(holds(calledTool('refund'))).toBe(false)
  })

  test('arguments match partially: given keys deep-equal, a RegExp searches a string', () => {
    expect(holds(calledTool('book', { args: { city: 'Paris' } }))).toBe(true)
    expect(holds(calledTool('book', { args: { extras: { wifi: true } } }))).toBe(true)
    expect(holds(calledTool('book', { args: { extras: {} } }))).toBe(false)
    expect(holds(calledTool('book', { args: { city: 'Rome' } }))).toBe(false)
    expect(holds(calledTool('book', { args: { nights: 2 } }))).toBe(false)
    expect(holds(calledTool('search', { args: { q: /paris/i } }))).toBe(true)
    expect(holds(calledTool('search', { args: { q: /^paris/ } }))).toBe(false)
    expect(holds(calledTool('book', { args: { guests: /2/ } }))).toBe(false) // not a string
  })

  test('arguments kept as JSON text are parsed; other shapes never match args', () => {
    const raw = makeResult([
      { nodeId: 'a', toolCalls: [call('book', '{"city":"Paris"}'), call('x', 'not json')] },
    ])
    expect(evaluateOutcome(calledTool('book', { args: { city: 'Paris' } }), raw)).toBe(true)
    expect(evaluateOutcome(calledTool('x', { args: { a: 1 } }), raw)).toBe(false)
    expect(evaluateOutcome(calledTool('x'), raw)).toBe(true)
  })

  test('times: an exact count, 0 for never, or a range', () => {
    expect(holds(calledTool('search', { times: 2 }))).toBe(true)
    expect(holds(calledTool('search', { times: 1 }))).toBe(false)
    expect(holds(calledTool('refund', { times: 0 }))).toBe(true)
    expect(holds(calledTool('search', { times: { min: 1, max: 2 } }))).toBe(true)
    expect(holds(calledTool('search', { times: { max: 1 } }))).toBe(false)
    expect(holds(calledTool('search', { args: { q: 'Rome' }, times: 1 }))).toBe(true)
  })

  test('scope and node pick the turns whose calls count', () => {
    expect(holds(calledTool('search', { scope: lastTurnScope() }))).toBe(false)
    expect(holds(calledTool('book', { scope: turnAt(1), times: 1 }))).toBe(true)
    expect(holds(calledTool('search', { node: 'book' }))).toBe(false)
    expect(holds(calledTool('search', { node: ['ask', 'book'], times: 2 }))).toBe(true)
    expect(holds(calledTool('search', { node: 'nowhere', times: 0 }))).toBe(true)
    // AnyTurn / AllTurns: each turn on its own calls.
    expect(holds(calledTool('search', { scope: { type: 'AnyTurn' }, times: 2 }))).toBe(true)
    expect(holds(calledTool('search', { scope: { type: 'AllTurns' } }))).toBe(false)
    expect(holds(calledTool('search', { scope: { type: 'AllTurns', nodeId: 'ask' } }))).toBe(true)
    expect(holds(calledTool('search', { scope: { type: 'AnyTurn', nodeId: 'x' }, times: 0 }))).toBe(
      false,
    )
  })

  test('composes with allOf / anyOf', () => {
    expect(
      holds(allOf(calledTool('search'), calledTool('book'), lastTurn({ nodeId: 'confirm' }))),
    ).toBe(true)
    expect(holds(anyOf(calledTool('refund'), calledTool('cancel')))).toBe(false)
  })

  test('a failure leaves a diagnostic with the calls made', () => {
    const diagnostics: Diagnostic[] = []
    evaluateOutcome(calledTool('book', { args: { city: 'Rome' } }), result, { diagnostics })
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "calledTool book({ city: 'Rome' }) at least once (all turns): 0 matching calls (1 call of 'book' with other arguments); calls made: search({"q":"Paris hotels"}), search({"q":"Rome"}), book({"city":"Paris","guests":2,"extras":{"wifi":true}}); the check does not match.",
      ]
    `)
    diagnostics.length = 0
    evaluateOutcome(calledTool('search', { scope: { type: 'AllTurns' } }), result, { diagnostics })
    expect(diagnostics).toMatchInlineSnapshot(`
      [
        {
          "kind": "outcome",
          "message": "Turn 1 ('book'): calledTool 'search' at least once (allTurns): 0 matching calls; calls made: book({"city":"Paris","guests":2,"extras":{"wifi":true}}); the check does not match.",
          "nodeId": "book",
          "turn": 1,
        },
      ]
    `)
    diagnostics.length = 0
    evaluateOutcome(calledTool('search', { scope: turnAt(5) }), result, { diagnostics })
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "turnAt(5) selects no turn (the run has 3 turns); the check does not match.",
      ]
    `)
  })

  test('bad arguments are errors naming the fix', () => {
    // @ts-expect-error the name is a string
    expect(() => calledTool(1)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] calledTool() takes the tool name first; calledTool(1) got 1
      Give the tool's name as the agent or model calls it, e.g. 'search'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => calledTool('x', { times: -1 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at calledTool('x').times: -1
      'times' is an integer ≥ 0 or { min?, max? }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      calledTool('x', { times: { min: 3, max: 1 } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at calledTool('x').times: min 3 above max 1
      Give min ≤ max.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      calledTool('x', { args: { when: new Date(0) } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported value for argument 'when' in calledTool('x'): a Date
      Argument values are JSON data (compared by deep equality), or a RegExp at the top level of args (a search in a string argument).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => calledTool('x', { args: { a: undefined } })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Argument 'a' in calledTool('x') is undefined
      Leave the key out to accept any value, or give the value the call must have.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      calledTool('x', { scope: lastTurnScope(), node: 'a' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] calledTool('x') takes 'scope' or 'node', not both
      To read some turns of a node one by one, put the node in the scope: { type: 'AnyTurn', nodeId: 'book' }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error unknown option
    expect(() => calledTool('x', { count: 1 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] calledTool('x') has an invalid option
        - unknown key 'count' in options; valid keys: 'args', 'times', 'scope', 'node'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('a RegExp becomes plain data, without the stateful flags', () => {
    expect(calledTool('search', { args: { q: /par/gi, n: 1 } })).toEqual({
      type: 'CalledTool',
      name: 'search',
      args: { q: { matches: 'par', flags: 'i' }, n: { eq: 1 } },
    })
    // Stateless: the same check twice gives the same verdict.
    const check = calledTool('search', { args: { q: /Paris/g } })
    expect([holds(check), holds(check)]).toEqual([true, true])
  })
})

describe('toolTrajectory', () => {
  const run = makeResult([
    { nodeId: 'a', toolCalls: [call('search', { q: 'x' }), call('fetch')] },
    { nodeId: 'b', toolCalls: [call('book', { city: 'Paris' })] },
  ])
  const t = (
    expected: Parameters<typeof toolTrajectory>[0],
    mode?: 'strict' | 'unordered' | 'subset' | 'superset',
  ) => evaluateOutcome(toolTrajectory(expected, mode === undefined ? undefined : { mode }), run)

  test('strict (the default): the same calls in the same order', () => {
    expect(t(['search', 'fetch', 'book'])).toBe(true)
    expect(t(['search', 'book', 'fetch'])).toBe(false)
    expect(t(['search', 'fetch'])).toBe(false)
    expect(t(['search', 'fetch', { name: 'book', args: { city: 'Paris' } }])).toBe(true)
    expect(t(['search', 'fetch', { name: 'book', args: { city: 'Rome' } }])).toBe(false)
  })

  test('unordered: the same calls as a multiset', () => {
    expect(t(['book', 'search', 'fetch'], 'unordered')).toBe(true)
    expect(t(['book', 'search'], 'unordered')).toBe(false)
    expect(t(['book', 'search', 'fetch', 'fetch'], 'unordered')).toBe(false)
  })

  test('subset: no call beyond the expected ones, each used once', () => {
    expect(t(['book', 'search', 'fetch', 'refund'], 'subset')).toBe(true)
    expect(t(['book', 'search'], 'subset')).toBe(false)
    expect(
      evaluateOutcome(
        toolTrajectory(['search'], { mode: 'subset' }),
        makeResult([{ nodeId: 'a' }]),
      ),
    ).toBe(true)
  })

  test('superset: every expected call made, extra calls allowed', () => {
    expect(t(['book', 'search'], 'superset')).toBe(true)
    expect(t(['search', 'search'], 'superset')).toBe(false)
    expect(t([], 'superset')).toBe(true)
  })

  test('pairs calls with entries optimally, not greedily', () => {
    const two = makeResult([
      { nodeId: 'a', toolCalls: [call('s', { q: 'x' }), call('s', { q: 'y' })] },
    ])
    // A greedy pairing gives the first call to 's' and leaves { q: 'x' } nothing.
    const check = toolTrajectory(['s', { name: 's', args: { q: 'x' } }], { mode: 'unordered' })
    expect(evaluateOutcome(check, two)).toBe(true)
  })

  test('scope: one turn, or each turn on its own', () => {
    const last = toolTrajectory(['book'], { scope: lastTurnScope() })
    expect(evaluateOutcome(last, run)).toBe(true)
    const each = toolTrajectory(['search'], { mode: 'superset', scope: { type: 'AnyTurn' } })
    expect(evaluateOutcome(each, run)).toBe(true)
    expect(evaluateOutcome(toolTrajectory(['book'], { node: 'b' }), run)).toBe(true)
  })

  test('a failure says where the calls differ', () => {
    const diagnostics: Diagnostic[] = []
    evaluateOutcome(toolTrajectory(['search', 'book']), run, { diagnostics })
    evaluateOutcome(toolTrajectory(['refund', 'search'], { mode: 'unordered' }), run, {
      diagnostics,
    })
    evaluateOutcome(toolTrajectory(['search'], { mode: 'subset' }), run, { diagnostics })
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "toolTrajectory strict ['search', 'book'] (all turns): calls made: search({"q":"x"}), fetch({}), book({"city":"Paris"}); first difference at position 1: fetch({}) where 'book' was expected; the check does not match.",
        "toolTrajectory unordered ['refund', 'search'] (all turns): calls made: search({"q":"x"}), fetch({}), book({"city":"Paris"}); not made: 'refund'; beyond the expected: fetch({}), book({"city":"Paris"}); the check does not match.",
        "toolTrajectory subset ['search'] (all turns): calls made: search({"q":"x"}), fetch({}), book({"city":"Paris"}); beyond the expected: fetch({}), book({"city":"Paris"}); the check does not match.",
      ]
    `)
  })

  test('bad arguments are errors naming the fix', () => {
    // @ts-expect-error a list
    expect(() => toolTrajectory('search')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] toolTrajectory() takes a list of expected calls, got 'search'
      Write e.g. toolTrajectory(['search', { name: 'book', args: { city: 'Paris' } }]).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error an unknown mode
    expect(() => toolTrajectory(['a'], { mode: 'loose' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at toolTrajectory().mode: 'loose'
      Valid modes: 'strict', 'unordered', 'subset', 'superset'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error an entry is a name or { name, args? }
    expect(() => toolTrajectory([{ tool: 'a' }])).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] toolTrajectory(): expected[0] has an invalid option
        - unknown key 'tool' in options; valid keys: 'name', 'args'
      Write a tool name ('search') or { name: 'book', args: { city: 'Paris' } }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('tool checks are plain data', () => {
  const checks = [
    calledTool('book', {
      args: { city: 'Paris', q: /par/i, extras: { wifi: true } },
      times: { min: 1 },
    }),
    calledTool('search', { scope: { type: 'AllTurns', nodeId: ['ask'] } }),
    calledTool('search', { node: 'ask', times: 2 }),
    toolTrajectory(['search', { name: 'book', args: { city: /^P/ } }], {
      mode: 'superset',
      scope: turnAt(-1),
    }),
    allOf(calledTool('a'), toolTrajectory([], { mode: 'subset' })),
  ]

  test('JSON round trip: lossless, and the same verdict', () => {
    for (const check of checks) {
      const doc = JSON.parse(JSON.stringify(check))
      const back = hydrateOutcomeCheck(doc, 'check')
      expect(JSON.parse(JSON.stringify(back))).toEqual(doc)
      expect(evaluateOutcome(back, result)).toBe(evaluateOutcome(check, result))
    }
  })

  test('hydrating rejects bad data, naming where', () => {
    const bad = (data: unknown) => () => hydrateOutcomeCheck(data, 'outcomeCriteria.x.check')
    expect(bad({ type: 'CalledTool', name: '' })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.name: an empty tool name
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(
      bad({ type: 'CalledTool', name: 'a', args: { q: { matches: '(' } } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.args.q.matches: an invalid pattern: Invalid regular expression: /(/: Unterminated group
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(
      bad({ type: 'CalledTool', name: 'a', args: { q: 'Paris' } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.args.q: 'Paris' is not an argument match
      Write { eq: <JSON value> } (deep equality) or { matches: '<pattern>', flags?: 'i' } (a search).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(
      bad({ type: 'CalledTool', name: 'a', args: { q: { eq: 1, matches: 'x' } } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.args.q: both 'eq' and 'matches'
      An argument is matched one way.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({ type: 'ToolTrajectory', expected: ['a'], mode: 'strict' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.expected.0: 'a' is not an object
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(
      bad({ type: 'ToolTrajectory', expected: [], mode: 'any' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.mode: 'any'
      Valid modes: 'strict', 'unordered', 'subset', 'superset'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({ type: 'CalledTool', name: 'a', scope: { type: 'LastTurn' }, nodeId: 'x' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check: both 'scope' and 'nodeId'
      Give one: a scope of several turns carries its own 'nodeId'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('tool fields of turns', () => {
  test('toolNames and toolCalls are turn fields, with dot paths into them', () => {
    expect(holds(anyTurn({ toolNames: { contains: 'book' } }))).toBe(true)
    expect(holds(anyTurn({ toolNames: { contains: ['search', 'book'] } }))).toBe(false)
    expect(holds(anyTurn({ toolNames: ['search', 'search'] }))).toBe(true)
    expect(holds(turnCheck(turnAt(1), 'toolCalls.0.arguments.city', 'Paris'))).toBe(true)
    expect(holds(turnCheck(turnAt(0), 'toolNames.1', 'search'))).toBe(true)
    expect(holds(lastTurn({ toolNames: [] }))).toBe(true)
  })

  test('contains on a value that is no array is a wrong type, with a diagnostic', () => {
    const diagnostics: Diagnostic[] = []
    expect(evaluateOutcome(anyTurn({ nodeId: { contains: 'a' } }), result, { diagnostics })).toBe(
      false,
    )
    expect(diagnostics[0]?.message).toMatchInlineSnapshot(
      `"Turn 0 ('ask') has 'ask' at 'nodeId', which SetContainment does not take; the check does not match."`,
    )
  })
})

describe('hostile input', () => {
  test('a revoked Proxy is named in an error, never thrown through', () => {
    const { proxy, revoke } = Proxy.revocable([], {})
    revoke()
    expect(() => toolTrajectory(proxy)).toThrow('[vitest-scenario]')
    expect(() => calledTool('a', { args: proxy as unknown as Record<string, unknown> })).toThrow(
      '[vitest-scenario]',
    )
  })
})
