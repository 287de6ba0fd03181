import { describe, expect, test, vi } from 'vitest'
import { stateCheck } from '../../src/conditions/index.js'
import { numericMinimum } from '../../src/primitives/index.js'
import { type RoutableEdge, resolveNextNode } from '../../src/routing/index.js'
import type { Diagnostic } from '../../src/state/types.js'
import { makeState } from '../state/state-fixture.js'

const END = '__end__'

/** A tiny stand-in for the builder: edges in insertion order, frozen like a definition's. */
function graph() {
  const edges: RoutableEdge[] = []
  const api = {
    addEdge(source: string, target: string, options: { when?: unknown } = {}) {
      edges.push(
        Object.freeze(
          options.when === undefined ? { source, target } : { source, target, when: options.when },
        ),
      )
      return api
    },
    edgesFrom: (id: string) => edges.filter((e) => e.source === id),
  }
  return api
}

describe('the seeds routing examples (state-and-routing.txt), in camelCase', () => {
  test('the introduction: first matching conditional edge wins', () => {
    const s = graph()
      .addEdge('ask', 'retry', { when: { verifyResult: false } })
      .addEdge('ask', 'deepDive', { when: { 'parsed.confidence': 'high' } })
      .addEdge('retry', END, { when: { 'nodeVisits.retry': 3 } })
    const failed = makeState({
      turn: 0,
      verifyResult: false,
      parsed: { confidence: 'low' },
      nodeVisits: { ask: 1 },
    })
    const passed = makeState({
      turn: 1,
      verifyResult: true,
      parsed: { confidence: 'high' },
      nodeVisits: { ask: 2 },
    })
    expect(resolveNextNode(s.edgesFrom('ask'), failed)).toBe('retry')
    expect(resolveNextNode(s.edgesFrom('ask'), passed)).toBe('deepDive')
  })

  test('a. pass/fail routing with an unconditional fallback', () => {
    const s = graph()
      .addEdge('ask', 'retry', { when: { verifyResult: false } })
      .addEdge('ask', END)
      .addEdge('retry', END)
    const pass = makeState({ verifyResult: true, nodeVisits: { ask: 1 } })
    const fail = makeState({ verifyResult: false, nodeVisits: { ask: 1 } })
    expect(resolveNextNode(s.edgesFrom('ask'), pass)).toBe(END)
    expect(resolveNextNode(s.edgesFrom('ask'), fail)).toBe('retry')
  })

  test('b. routing on parsed fields', () => {
    const s = graph()
      .addEdge('ask', 'clarify', { when: { 'parsed.confidence': 'low' } })
      .addEdge('ask', END)
    const low = makeState({ verifyResult: true, parsed: { confidence: 'low' } })
    const high = makeState({ verifyResult: true, parsed: { confidence: 'high' } })
    expect(resolveNextNode(s.edgesFrom('ask'), low)).toBe('clarify')
    expect(resolveNextNode(s.edgesFrom('ask'), high)).toBe(END)
  })

  test('c. custom accumulated state', () => {
    const s = graph()
      .addEdge('probe', END, { when: { 'accumulated.attempts': 3 } })
      .addEdge('probe', 'probe')
    const third = makeState({
      turn: 2,
      currentNode: 'probe',
      nodeVisits: { probe: 3 },
      accumulated: { attempts: 3 },
    })
    const second = makeState({
      turn: 1,
      currentNode: 'probe',
      nodeVisits: { probe: 2 },
      accumulated: { attempts: 2 },
    })
    expect(resolveNextNode(s.edgesFrom('probe'), third)).toBe(END)
    expect(resolveNextNode(s.edgesFrom('probe'), second)).toBe('probe')
  })

  test('d. cross-node lookups through nodeResults', () => {
    const s = graph()
      .addEdge('synthesize', 'explain', { when: { 'nodeResults.ask.verifyResult': false } })
      .addEdge('synthesize', END)
    const base = {
      turn: 2,
      currentNode: 'synthesize',
      verifyResult: true,
      nodeVisits: { ask: 1, synthesize: 1 },
    }
    const askFailed = makeState({
      ...base,
      nodeResults: {
        ask: { verifyResult: false, parsed: {}, rubric: {}, toolCalls: [], toolNames: [] },
      },
    })
    const askPassed = makeState({
      ...base,
      nodeResults: {
        ask: { verifyResult: true, parsed: {}, rubric: {}, toolCalls: [], toolNames: [] },
      },
    })
    expect(resolveNextNode(s.edgesFrom('synthesize'), askFailed)).toBe('explain')
    expect(resolveNextNode(s.edgesFrom('synthesize'), askPassed)).toBe(END)
  })

  test('the karenina spellings route the same', () => {
    const edges = graph()
      .addEdge('synthesize', 'explain', { when: { 'node_results.ask.verify_result': false } })
      .addEdge('synthesize', 'again', {
        when: { verify_result: false, 'node_visits.synthesize': 1 },
      })
      .addEdge('synthesize', END)
      .edgesFrom('synthesize')
    const ask = { verifyResult: true, parsed: {}, rubric: {}, toolCalls: [], toolNames: [] }
    expect(
      resolveNextNode(edges, makeState({ nodeResults: { ask: { ...ask, verifyResult: false } } })),
    ).toBe('explain')
    expect(
      resolveNextNode(
        edges,
        makeState({ verifyResult: false, nodeVisits: { synthesize: 1 }, nodeResults: { ask } }),
      ),
    ).toBe('again')
    expect(resolveNextNode(edges, makeState({ verifyResult: true, nodeResults: { ask } }))).toBe(
      END,
    )
  })
})

describe('resolveNextNode (SPEC section 5)', () => {
  const state = makeState({ verifyResult: false, parsed: { confidence: 'high' } })

  test('the first unconditional edge is the fallback wherever it stands', () => {
    const edges: RoutableEdge[] = [
      { source: 'ask', target: 'first' },
      { source: 'ask', target: 'retry', when: { verifyResult: false } },
      { source: 'ask', target: 'second' },
    ]
    expect(resolveNextNode(edges, state)).toBe('retry')
    expect(resolveNextNode(edges, makeState({ verifyResult: true }))).toBe('first')
  })

  test('when: null is unconditional too', () => {
    const edges: RoutableEdge[] = [
      { source: 'ask', target: 'never', when: { verifyResult: true } },
      { source: 'ask', target: 'fallback', when: null },
    ]
    expect(resolveNextNode(edges, state)).toBe('fallback')
  })

  test('the first matching conditional edge wins, in definition order', () => {
    const edges: RoutableEdge[] = [
      { source: 'ask', target: 'a', when: { 'parsed.confidence': 'low' } },
      { source: 'ask', target: 'b', when: { 'parsed.confidence': 'high' } },
      { source: 'ask', target: 'c', when: { verifyResult: false } },
    ]
    expect(resolveNextNode(edges, state)).toBe('b')
  })

  test('no match and no fallback is null (an implicit terminal); so are no edges', () => {
    expect(
      resolveNextNode([{ source: 'ask', target: 'a', when: { verifyResult: true } }], state),
    ).toBeNull()
    expect(resolveNextNode([], state)).toBeNull()
  })

  test('[] is a condition that always holds, checked in order', () => {
    const edges: RoutableEdge[] = [
      { source: 'ask', target: 'fallback' },
      { source: 'ask', target: 'always', when: [] },
    ]
    expect(resolveNextNode(edges, state)).toBe('always')
  })

  test('function and stateCheck conditions route', () => {
    const edges: RoutableEdge[] = [
      { source: 'ask', target: 'late', when: (s: { turn: number }) => s.turn >= 5 },
      { source: 'ask', target: 'often', when: stateCheck('nodeVisits.ask', numericMinimum(), 2) },
      { source: 'ask', target: 'end' },
    ]
    expect(resolveNextNode(edges, makeState({ turn: 5 }))).toBe('late')
    expect(resolveNextNode(edges, makeState({ nodeVisits: { ask: 2 } }))).toBe('often')
    expect(resolveNextNode(edges, makeState())).toBe('end')
  })

  test('conditions never throw; diagnostics go to options.diagnostics with node and turn', () => {
    const edges: RoutableEdge[] = [
      { source: 'ask', target: 'deepDive', when: { 'parsed.score': { gte: 3 } } },
      {
        source: 'ask',
        target: 'broken',
        when: function broken() {
          throw new Error('boom')
        },
      },
      { source: 'ask', target: 'retry', when: { verifyResult: false } },
      { source: 'ask', target: 'unseen', when: { 'parsed.other': { gte: 1 } } },
    ]
    const diagnostics: Diagnostic[] = []
    expect(
      resolveNextNode(edges, makeState({ turn: 3, verifyResult: false }), { diagnostics }),
    ).toBe('retry')
    // Only evaluated checks leave diagnostics: the edge after the match is never tried (13.8).
    expect(diagnostics).toEqual([
      {
        kind: 'condition',
        nodeId: 'ask',
        turn: 3,
        path: 'parsed.score',
        message:
          "Condition on 'parsed.score' of edge 'ask' -> 'deepDive' did not match: the value is missing (undefined); expected { gte: 3 }",
      },
      {
        kind: 'condition',
        nodeId: 'ask',
        turn: 3,
        message:
          "Condition function 'broken' of edge 'ask' -> 'broken' threw, so it does not match: Error: boom",
      },
    ])
  })

  test('an invalid when is the addEdge error, naming the edge', () => {
    expect(() =>
      resolveNextNode([{ source: 'ask', target: 'x', when: 'verifyResult' }], state),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unsupported 'when' value: 'verifyResult'
        - edge 'ask' -> 'x'
      Use a when-object ({ verifyResult: false }), a list of checks, stateCheck(path, primitive, expected) or a function (state) => boolean; omit it for an unconditional edge. A string is never run as code.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => resolveNextNode([{ source: 'ask', target: 'x', when: {} }], state)).toThrow(
      "Empty 'when' object",
    )
  })

  test('compiles each when once and keeps the edge data as written', () => {
    let reads = 0
    const whenObject = {}
    // Counts reads of the when-object: compiling reads it (once checked, once compiled),
    // evaluating only uses the compiled form.
    Object.defineProperty(whenObject, 'parsed.score', {
      enumerable: true,
      get: () => {
        reads++
        return { gte: 1 }
      },
    })
    const fn = vi.fn(() => true)
    const edges = [
      Object.freeze({ source: 'ask', target: 'a', when: Object.freeze(whenObject) }),
      Object.freeze({ source: 'ask', target: 'b', when: fn }),
    ]
    expect(resolveNextNode(edges, makeState({ parsed: { score: 0 } }))).toBe('b')
    const compiling = reads
    expect(compiling).toBeGreaterThan(0)
    for (let i = 0; i < 2; i++)
      expect(resolveNextNode(edges, makeState({ parsed: { score: 0 } }))).toBe('b')
    expect(reads).toBe(compiling)
    expect(fn).toHaveBeenCalledTimes(3)
    expect(Object.keys(edges[0] as object)).toEqual(['source', 'target', 'when'])
    expect(Object.getOwnPropertySymbols(edges[0] as object)).toEqual([])
    // A shallow copy of an edge shares the compiled condition and routes the same.
    expect(
      resolveNextNode([{ ...edges[0] } as RoutableEdge], makeState({ parsed: { score: 2 } })),
    ).toBe('a')
    expect(reads).toBe(compiling)
  })
})
