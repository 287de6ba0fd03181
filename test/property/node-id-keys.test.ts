// Minimal cases found while widening the node ids of the routing properties: a node id that is
// the name of an Object.prototype member. `addNode` accepts these ids (SPEC section 2: node ids
// are plain strings; only '' and END are refused), but the runner counts visits with
// `state.nodeVisits[nodeId] = (state.nodeVisits[nodeId] ?? 0) + 1` on a plain object, which
// reads the inherited member. SPEC section 5: per turn, "increment `nodeVisits[node]`; write
// `nodeResults[node]`", and `nodeVisits.<node>` is the visit count.
// These ids once broke the runner (found by the routing properties); kept as regression tests.
import { describe, expect, test } from 'vitest'
import { END, runScenario, Scenario, scriptedModel } from '../../src/core.js'

describe('node ids that name Object.prototype members', () => {
  test("a node named 'constructor' is counted, and routes on its count", async () => {
    const definition = new Scenario('ids')
      .addNode('constructor', { question: 'q' })
      .addNode('next', { question: 'q' })
      .addEdge('constructor', 'next', { when: { 'nodeVisits.constructor': 1 } })
      .addEdge('constructor', END)
      .addEdge('next', END)
      .setEntry('constructor')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['a', 'b']) })
    // Actual: nodeVisits.constructor is the string 'function Object() { [native code] }1', the
    // condition does not match (a wrong-type diagnostic) and the run ends at END after one turn.
    expect(result.finalState.nodeVisits).toEqual({ constructor: 1, next: 1 })
    expect(result.path).toEqual(['constructor', 'next'])
  })

  test("a node named '__proto__' is counted in nodeVisits and nodeResults", async () => {
    const definition = new Scenario('ids')
      .addNode('__proto__', { question: 'q' })
      .addEdge('__proto__', END)
      .setEntry('__proto__')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['a']) })
    // Actual: both are `{}` — the assignment to '__proto__' sets (or fails to set) the prototype.
    expect(Object.entries(result.finalState.nodeVisits)).toEqual([['__proto__', 1]])
    expect(Object.keys(result.finalState.nodeResults)).toEqual(['__proto__'])
  })

  test('ordinary awkward ids (dots, digits, spaces) are counted', async () => {
    const definition = new Scenario('ids')
      .addNode('a.b', { question: 'q' })
      .addNode('0', { question: 'q' })
      .addEdge('a.b', '0', { when: { 'nodeVisits.a.b': 1 } })
      .addEdge('a.b', END)
      .addEdge('0', 'a.b')
      .setEntry('a.b')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['a', 'b', 'c']) })
    expect(result.path).toEqual(['a.b', '0', 'a.b'])
    expect(result.finalState.nodeVisits).toEqual({ 'a.b': 2, 0: 1 })
    expect(result.status).toBe('completed')
  })
})
