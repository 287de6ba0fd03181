import { expect } from 'vitest'
import { calledTool, END, judge, scenario } from 'vitest-scenario'
import { judgeModel, supportAgent } from './agent.js'

scenario(
  'looks the order up, then answers politely',
  { model: supportAgent, parsingModel: judgeModel },
  (s) => {
    s.addNode('ask', { question: process.env.SCENARIO_QUESTION ?? 'Where is my order 1042?' })
      .addNode('thanks', { question: 'Thanks! Anything else I should know?' })
      .addEdge('ask', 'thanks')
      .addEdge('thanks', END)
      .setEntry('ask')
      .addOutcome('looked it up', calledTool('lookUpOrder', { args: { id: '1042' } }))
      .addOutcome('polite', judge(['The agent is polite', 'The agent gives the delivery date']))
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).toHaveCalledTool('lookUpOrder', { id: '1042' }, { turn: 0 })
    const [first] = result.history
    // Tool calls, messages and tokens (cached and cache-write included) are on the turn.
    expect(first?.toolCalls[0]?.result).toEqual({ id: '1042', status: 'delayed until Friday' })
    expect(first?.usage.answering.input).toBeGreaterThan(0)
  },
)
