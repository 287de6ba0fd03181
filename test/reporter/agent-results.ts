// A hand-made run of an agent test (seed, simulated user, scripted answer, tool calls, judge,
// outcome error, callable reason) for the report tests.
import { statusIs } from '../../src/outcomes/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { makeResult } from '../outcomes/make-result.js'

/** A support conversation: the agent greets, a simulated user asks until its goal is reached. */
export const support = () =>
  new Scenario('support')
    .addNode('greet', { question: 'unused' })
    .addNode('customer', { question: 'unused' })
    .addEdge('greet', 'customer')
    .addEdge('customer', 'customer', { when: { verifyResult: false } })
    .addEdge('customer', END)
    .setEntry('greet')
    .addOutcome('resolved', statusIs('completed'))
    .addOutcome('refunded', statusIs('completed'))
    .addOutcome('polite', statusIs('completed'))
    .validate()

/** A run with every agent-test feature, made by hand: the fixture the reports are checked on. */
export function agentRun(): ScenarioExecutionResult {
  const usage = (simulating: number) => ({
    input: 100 + simulating,
    output: 20,
    cached: 0,
    cacheWrite: 0,
    answering: { input: 100, output: 20, cached: 0, cacheWrite: 0 },
    judging: { input: 0, output: 0, cached: 0, cacheWrite: 0 },
    simulating: { input: simulating, output: 0, cached: 0, cacheWrite: 0 },
  })
  const result = makeResult([
    { nodeId: 'greet', rawResponse: 'Hello! How can I help?', usage: usage(0) },
    {
      nodeId: 'customer',
      questionText: 'My order 42 is late.',
      user: { goalReached: false },
      toolCalls: [
        { id: 'c1', name: 'lookup_order', arguments: { id: 42 }, result: { status: 'late' } },
        { id: 'c2', name: 'refund', arguments: { id: 42 }, error: 'refunds are closed' },
      ],
      rawResponse: 'It ships tomorrow.',
      usage: usage(30),
    },
    {
      nodeId: 'customer',
      questionText: 'Thanks, that is all.',
      user: { goalReached: true },
      rawResponse: 'Goodbye.',
      scripted: true,
      usage: usage(30),
    },
  ])
  Object.assign(result.history[0] ?? {}, { questionText: null })
  result.stopReason = 'end'
  result.seed = [
    { role: 'system', content: 'You are a support agent.' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 's1', type: 'function', function: { name: 'whoami', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 's1', content: '{"user":"ada"}' },
  ]
  result.outcomeResults = { resolved: false, refunded: false, polite: false }
  result.outcomeReasons = { refunded: 'no refund call succeeded' }
  result.outcomeErrors = { polite: { category: 'rate_limit', message: '429 Too Many Requests' } }
  result.judgements = {
    resolved: {
      verdict: 'fail',
      criteria: [
        { criterion: 'greets the user', verdict: 'met', reasoning: 'It says hello.' },
        { criterion: 'resolves the issue', verdict: 'unmet', reasoning: 'The refund failed.' },
        { criterion: 'offers a voucher', verdict: 'inconclusive', reasoning: 'Not discussed.' },
      ],
    },
  }
  // The judge's call after the last turn counts in the result, not in a turn.
  result.usage = {
    input: 410,
    output: 70,
    cached: 0,
    cacheWrite: 0,
    answering: { input: 300, output: 60, cached: 0, cacheWrite: 0 },
    judging: { input: 50, output: 10, cached: 0, cacheWrite: 0 },
    simulating: { input: 60, output: 0, cached: 0, cacheWrite: 0 },
  }
  return result
}
