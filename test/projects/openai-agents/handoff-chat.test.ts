import { END, scenario } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { modelProvider, triage } from './billing.js'
import { report } from './report.js'

// The same agents on the Chat Completions API (OpenAIProvider's useResponses: false).
scenario(
  'a billing question is handed off to the billing agent (Chat Completions)',
  { model: openAIAgent(triage, { runConfig: { modelProvider: modelProvider('chat') } }) },
  (s) =>
    s
      .addNode('charge', { question: 'I was charged twice for invoice 1042.' })
      .addNode('when', { question: 'When will the refund arrive?' })
      .addEdge('charge', 'when')
      .addEdge('when', END)
      .setEntry('charge'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result.history.map((turn) => turn.agent)).toEqual(['Billing', 'Billing'])
    expect(result).toHaveToolTrajectory(['transfer_to_Billing', 'lookUpInvoice'])
    report('chat', result)
  },
)
