import { describe, expect, test } from 'vitest'
import {
  evaluateOutcome,
  hydrateOutcomeCheck,
  type ToolTrajectoryOptions,
  toolTrajectory,
  turnAt,
} from '../../src/outcomes/index.js'
import type { Diagnostic, ToolCallRecord } from '../../src/state/types.js'
import { makeResult } from './make-result.js'

// Trajectories over steps: the calls one assistant message made (parallel calls) share a step;
// strict compares steps in order and the calls within a step as a multiset.

let id = 0
const weather = (city: string, step?: number): ToolCallRecord => ({
  id: `c${id++}`,
  name: 'get_weather',
  arguments: { city },
  ...(step === undefined ? {} : { step }),
})
const search = (step?: number): ToolCallRecord => ({
  id: `c${id++}`,
  name: 'search',
  arguments: {},
  ...(step === undefined ? {} : { step }),
})
const city = (name: string) => ({ name: 'get_weather', args: { city: name } })

// One message asks for SF then London at once; then a search.
const parallel = makeResult([
  { nodeId: 'ask', toolCalls: [weather('SF', 0), weather('London', 0), search(1)] },
])
// The same calls, one message each.
const split = makeResult([
  { nodeId: 'ask', toolCalls: [weather('SF', 0), weather('London', 1), search(2)] },
])

const holds = (
  run: ReturnType<typeof makeResult>,
  expected: Parameters<typeof toolTrajectory>[0],
  options?: ToolTrajectoryOptions,
) => evaluateOutcome(toolTrajectory(expected, options), run)

describe('strict over steps', () => {
  test('the parallel calls of one message in any order; steps in order', () => {
    expect(holds(parallel, [city('London'), city('SF'), 'search'])).toBe(true)
    expect(holds(parallel, [city('SF'), city('London'), 'search'])).toBe(true)
    // The search is a step of its own, after the parallel calls.
    expect(holds(parallel, ['search', city('SF'), city('London')])).toBe(false)
    expect(holds(parallel, [city('SF'), 'search', city('London')])).toBe(false)
  })

  test('calls split over messages keep their order', () => {
    expect(holds(split, [city('SF'), city('London'), 'search'])).toBe(true)
    expect(holds(split, [city('London'), city('SF'), 'search'])).toBe(false)
  })

  test("parallel: 'ordered' compares the calls of a step in the order they were made", () => {
    const ordered = { parallel: 'ordered' } as const
    expect(holds(parallel, [city('SF'), city('London'), 'search'], ordered)).toBe(true)
    expect(holds(parallel, [city('London'), city('SF'), 'search'], ordered)).toBe(false)
  })

  test('an explicit step (a list) must match a step made: its calls in any order, its bounds', () => {
    expect(holds(parallel, [[city('London'), city('SF')], 'search'])).toBe(true)
    expect(holds(parallel, [['get_weather', 'get_weather'], ['search']])).toBe(true)
    expect(holds(split, [['get_weather', 'get_weather'], 'search'])).toBe(false)
    expect(holds(split, ['get_weather', 'get_weather', 'search'])).toBe(true)
    expect(holds(parallel, [['get_weather'], 'get_weather', 'search'])).toBe(false)
    expect(holds(parallel, [[city('SF'), city('London')], 'search'], { parallel: 'ordered' })).toBe(
      true,
    )
    expect(holds(parallel, [[city('London'), city('SF')], 'search'], { parallel: 'ordered' })).toBe(
      false,
    )
  })

  test('the other modes ignore steps and flatten explicit ones', () => {
    for (const mode of ['unordered', 'subset', 'superset'] as const) {
      expect(holds(split, [['search', 'get_weather', 'get_weather']], { mode })).toBe(true)
      expect(holds(parallel, ['search', city('London'), city('SF')], { mode })).toBe(true)
    }
  })

  test('steps restart in every turn: pooled turns never merge their steps', () => {
    const twoTurns = makeResult([
      { nodeId: 'a', toolCalls: [weather('SF', 0)] },
      { nodeId: 'b', toolCalls: [weather('London', 0)] },
    ])
    expect(holds(twoTurns, [city('SF'), city('London')])).toBe(true)
    expect(holds(twoTurns, [city('London'), city('SF')])).toBe(false)
    expect(holds(twoTurns, [['get_weather', 'get_weather']])).toBe(false)
  })

  test('records without steps (older JSON): each call is its own step', () => {
    const old = makeResult([{ nodeId: 'a', toolCalls: [weather('SF'), weather('London')] }])
    expect(holds(old, [city('SF'), city('London')])).toBe(true)
    expect(holds(old, [city('London'), city('SF')])).toBe(false)
    expect(holds(old, [['get_weather', 'get_weather']])).toBe(false)
  })

  test('a single-turn scope reads that turn: turnAt(2), turnAt(-1)', () => {
    const three = makeResult([
      { nodeId: 'a', toolCalls: [search(0)] },
      { nodeId: 'b' },
      { nodeId: 'c', toolCalls: [weather('SF', 0), weather('London', 0)] },
    ])
    for (const scope of [turnAt(2), turnAt(-1)]) {
      expect(holds(three, [city('London'), city('SF')], { scope })).toBe(true)
      expect(holds(three, ['search', city('London'), city('SF')], { scope })).toBe(false)
    }
    expect(holds(three, [], { scope: turnAt(1) })).toBe(true)
    expect(holds(three, ['search'], { scope: turnAt(0) })).toBe(true)
  })
})

describe('failures show steps', () => {
  test('the calls made grouped by step, and the step that differs', () => {
    const diagnostics: Diagnostic[] = []
    const check = (
      expected: Parameters<typeof toolTrajectory>[0],
      options?: ToolTrajectoryOptions,
    ) => evaluateOutcome(toolTrajectory(expected, options), parallel, { diagnostics })
    check(['search', city('SF'), city('London')])
    check([city('SF'), city('Paris'), 'search'])
    check([city('London'), city('SF'), 'search'], { parallel: 'ordered' })
    check([['get_weather'], 'get_weather', 'search'])
    check([city('SF'), city('London')])
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "toolTrajectory strict ['search', get_weather({ city: 'SF' }), get_weather({ city: 'London' })] (all turns): calls made: [get_weather({"city":"SF"}), get_weather({"city":"London"})], search({}); first difference at step 0: [get_weather({"city":"SF"}), get_weather({"city":"London"})] where ['search', get_weather({ city: 'SF' })] was expected; the check does not match.",
        "toolTrajectory strict [get_weather({ city: 'SF' }), get_weather({ city: 'Paris' }), 'search'] (all turns): calls made: [get_weather({"city":"SF"}), get_weather({"city":"London"})], search({}); first difference at step 0: [get_weather({"city":"SF"}), get_weather({"city":"London"})] where [get_weather({ city: 'SF' }), get_weather({ city: 'Paris' })] was expected; the check does not match.",
        "toolTrajectory strict (parallel calls in order) [get_weather({ city: 'London' }), get_weather({ city: 'SF' }), 'search'] (all turns): calls made: [get_weather({"city":"SF"}), get_weather({"city":"London"})], search({}); first difference at step 0: [get_weather({"city":"SF"}), get_weather({"city":"London"})] where [get_weather({ city: 'London' }), get_weather({ city: 'SF' })] was expected; the check does not match.",
        "toolTrajectory strict [['get_weather'], 'get_weather', 'search'] (all turns): calls made: [get_weather({"city":"SF"}), get_weather({"city":"London"})], search({}); first difference at step 0: [get_weather({"city":"SF"}), get_weather({"city":"London"})] where ['get_weather'] was expected; the check does not match.",
        "toolTrajectory strict [get_weather({ city: 'SF' }), get_weather({ city: 'London' })] (all turns): calls made: [get_weather({"city":"SF"}), get_weather({"city":"London"})], search({}); first difference at position 2: search({}) where no further call was expected; the check does not match.",
      ]
    `)
  })
})

describe('steps in the check node', () => {
  test('JSON round trip keeps explicit steps and parallel, with the same verdict', () => {
    const checks = [
      toolTrajectory([['get_weather', city('SF')], 'search']),
      toolTrajectory([city('SF'), city('London'), 'search'], { parallel: 'ordered' }),
      toolTrajectory(['search'], { parallel: 'unordered', scope: turnAt(0) }),
    ]
    for (const check of checks) {
      const doc = JSON.parse(JSON.stringify(check))
      const back = hydrateOutcomeCheck(doc, 'check')
      expect(JSON.parse(JSON.stringify(back))).toEqual(doc)
      expect(evaluateOutcome(back, parallel)).toBe(evaluateOutcome(check, parallel))
    }
    expect(checks[0]).toEqual({
      type: 'ToolTrajectory',
      expected: [
        [{ name: 'get_weather' }, { name: 'get_weather', args: { city: { eq: 'SF' } } }],
        { name: 'search' },
      ],
      mode: 'strict',
    })
  })

  test('bad steps and parallel values are errors naming the fix', () => {
    expect(() => toolTrajectory(['a', []])).toThrow(
      '[vitest-scenario] toolTrajectory(): expected[1] is an empty step',
    )
    expect(() => toolTrajectory([['a', ['b']]] as never)).toThrow(
      'toolTrajectory(): expected[0][1] is a list inside a step',
    )
    expect(() => toolTrajectory([[{ name: '' }]])).toThrow('expected[0][0]')
    // @ts-expect-error not a way to compare parallel calls
    expect(() => toolTrajectory(['a'], { parallel: 'any' })).toThrow(
      "Valid values: 'unordered', 'ordered'",
    )
    expect(() => toolTrajectory(['a'], { mode: 'superset', parallel: 'ordered' })).toThrow(
      "'parallel' with mode 'superset'",
    )
    const bad = (data: unknown) => () => hydrateOutcomeCheck(data, 'outcomeCriteria.x.check')
    expect(bad({ type: 'ToolTrajectory', expected: [[]], mode: 'strict' })).toThrow(
      'Invalid outcome check at outcomeCriteria.x.check.expected.0: an empty step',
    )
    expect(
      bad({ type: 'ToolTrajectory', expected: [[{ name: 'a' }, 'b']], mode: 'strict' }),
    ).toThrow('outcomeCriteria.x.check.expected.0.1')
    expect(
      bad({ type: 'ToolTrajectory', expected: [], mode: 'unordered', parallel: 'ordered' }),
    ).toThrow("Only 'strict' orders calls")
  })
})
