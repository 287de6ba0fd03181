import { describe, expect, test } from 'vitest'
import { END, resolvePath, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import type { ScenarioStateView } from '../../src/state/types.js'

// Promise: one state, the same everywhere. `nodeVisits.<node>` is 0 for every node of the
// scenario that has not run yet, whether it is read by a question function, a function condition,
// the agent's `context.state`, a dot path in `when`, `resolvePath`, or `result.finalState`; and
// `'retry' in nodeVisits` / `Object.keys(nodeVisits)` list every node of the graph. An id that is
// not a node of the scenario has no count in the object (`undefined`); its dot path gives 0.

/** What one reader saw of `nodeVisits` at one turn. */
interface Seen {
  reader: string
  turn: number
  retry: unknown
  wrap: unknown
  hasRetry: boolean
  keys: string[]
  unknown: unknown
  dotPath: unknown
}

function look(reader: string, state: ScenarioStateView): Seen {
  return {
    reader,
    turn: state.turn,
    retry: state.nodeVisits.retry,
    wrap: state.nodeVisits.wrap,
    hasRetry: 'retry' in state.nodeVisits,
    keys: Object.keys(state.nodeVisits),
    unknown: (state.nodeVisits as Record<string, number | undefined>).nope,
    dotPath: resolvePath(state, 'nodeVisits.retry'),
  }
}

/** ask → (retry when it has not run yet) → wrap → END; every reader records what it saw. */
function scenario(seen: Seen[]) {
  return new Scenario('visits')
    .addNode('ask', {
      question: {
        question: (state) => {
          seen.push(look('question', state))
          return 'Which drug inhibits BCL-2?'
        },
      },
    })
    .addNode('retry', { question: 'Are you sure?' })
    .addNode('wrap', { question: 'One word?' })
    .addEdge('ask', 'retry', {
      when: (state) => {
        seen.push(look('condition', state))
        return state.nodeVisits.retry === 0
      },
    })
    .addEdge('ask', 'wrap')
    .addEdge('retry', 'wrap', { when: { 'nodeVisits.retry': { gte: 1 } } })
    .addEdge('retry', END)
    .addEdge('wrap', END)
    .setEntry('ask')
    .validate()
}

describe('nodeVisits: one state view, the same everywhere', () => {
  test('a question function, a function condition and the agent see 0 before a node ran', async () => {
    const seen: Seen[] = []
    const result = await runScenario(scenario(seen), {
      model: (_conversation, context) => {
        seen.push(look('agent', context.state))
        return 'Venetoclax.'
      },
    })
    expect(result.status).toBe('completed')
    expect(result.path).toEqual(['ask', 'retry', 'wrap'])
    // Before `retry` and `wrap` ran, every reader sees 0, never undefined.
    const beforeRetry = seen.filter((s) => s.turn === 0)
    expect(beforeRetry.map((s) => s.reader)).toEqual(['question', 'agent', 'condition'])
    for (const s of beforeRetry) {
      expect(s).toMatchObject({
        retry: 0,
        wrap: 0,
        hasRetry: true,
        keys: ['ask', 'retry', 'wrap'],
        unknown: undefined,
        dotPath: 0,
      })
    }
  })

  test('finalState.nodeVisits holds 0 for the nodes the run never visited', async () => {
    const definition = new Scenario('short')
      .addNode('ask', { question: 'Q?' })
      .addNode('retry', { question: 'Again?' })
      .addEdge('ask', 'retry', { when: { verifyResult: false } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['A']) })
    expect(result.path).toEqual(['ask'])
    expect(result.finalState.nodeVisits).toEqual({ ask: 1, retry: 0 })
    expect(resolvePath(result.finalState, 'nodeVisits.retry')).toBe(0)
    // Not a node of this scenario: no count in the object, and 0 through a dot path.
    expect((result.finalState.nodeVisits as Record<string, number | undefined>).nope).toBe(
      undefined,
    )
    expect(resolvePath(result.finalState, 'nodeVisits.nope')).toBe(0)
  })

  test('a node id such as __proto__ counts from 0 as an ordinary key', async () => {
    const definition = new Scenario('odd ids')
      .addNode('ask', { question: 'Q?' })
      .addNode('__proto__', { question: 'Never asked.' })
      .addEdge('ask', '__proto__', { when: { verifyResult: true } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['A']) })
    expect(Object.keys(result.finalState.nodeVisits)).toEqual(['ask', '__proto__'])
    expect(Object.getPrototypeOf(result.finalState.nodeVisits)).toBe(Object.prototype)
    expect(resolvePath(result.finalState, 'nodeVisits.__proto__')).toBe(0)
  })

  test('the report names the edge the run took', async () => {
    // Two edges from ask to wrap: the conditional one reads the count of a node that never ran.
    const definition = new Scenario('parallel')
      .addNode('ask', { question: 'Q?' })
      .addNode('retry', { question: 'Again?' })
      .addNode('wrap', { question: 'Done?' })
      .addEdge('ask', 'wrap', { when: (state) => state.nodeVisits.retry === 0 })
      .addEdge('ask', 'wrap')
      .addEdge('wrap', 'retry', { when: { verifyResult: true } })
      .addEdge('wrap', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['A', 'B']) })
    expect(result.path).toEqual(['ask', 'wrap'])
    // Edge 0 fired in the run (retry had 0 visits); the report must say edge 0, not the fallback.
    expect(scenarioMeta(definition, [result]).runs[0]?.edges).toEqual([0, 3])
  })
})
