import { addTraceProcessor } from '@openai/agents'
import { END, lastTurn, scenario } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { modelProvider, triage } from './billing.js'
import { report } from './report.js'

// Under Vitest (NODE_ENV=test) the Agents SDK traces nothing: a processor sees no trace.
const traces: string[] = []
addTraceProcessor({
  onTraceStart: async (trace) => void traces.push(trace.traceId),
  onTraceEnd: async () => {},
  onSpanStart: async () => {},
  onSpanEnd: async () => {},
  shutdown: async () => {},
  forceFlush: async () => {},
})

const firstQuestion = process.env.SCENARIO_FIRST_QUESTION ?? 'I was charged twice for invoice 1042.'

scenario(
  'a billing question is handed off to the billing agent',
  { model: openAIAgent(triage, { runConfig: { modelProvider: modelProvider('responses') } }) },
  (s) =>
    s
      .addNode('charge', { question: firstQuestion })
      .addNode('when', { question: 'When will the refund arrive?' })
      .addEdge('charge', 'when')
      .addEdge('when', END)
      .setEntry('charge'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    // The specialist answered the first turn; the follow-up starts with it (no second handoff).
    expect(result.history.map((turn) => turn.agent)).toEqual(['Billing', 'Billing'])
    expect(result).toHaveCalledTool('transfer_to_Billing', {}, { turn: 0 })
    expect(result).toHaveCalledTool('lookUpInvoice', { id: '1042' }, { times: 1 })
    expect(result).toHaveToolTrajectory(['transfer_to_Billing', 'lookUpInvoice'])
    expect(result).toHaveTurnCheck(lastTurn({ agent: 'Billing' }))
    expect(traces).toEqual([])
    report('responses', result)
  },
)
