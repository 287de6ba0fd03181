import { END, judge, scenario } from 'vitest-scenario'

// Three refund conversations with a support model, each judged on two criteria. The judge is
// not always right (it says the curt answer apologizes): labelling the conversations and
// calibrating the judge against the labels shows by how much.

/**
 * The support model (the scripted server while recording; the recordings when replaying). The
 * tests are about the judge, not the agent: an unmet criterion is data to label, not a failure.
 */
const options = {
  model: { model: 'support', baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1' },
  assertOutcomes: false,
}

scenario(
  'asks for the order number',
  options,
  (s) =>
    s
      .addNode('ask', { question: 'I want a refund for my headphones.' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome(
        'handles the refund',
        judge(['The agent asks for the order number', 'The agent apologizes']),
      ),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
  },
)

scenario(
  'gives a refund date',
  options,
  (s) =>
    s
      .addNode('ask', { question: 'When will I get the refund for order 1042?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome(
        'handles the refund',
        judge(['The agent gives a date for the refund', 'The agent apologizes']),
      ),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
  },
)

scenario(
  'a curt answer',
  options,
  (s) =>
    s
      .addNode('ask', { question: 'My refund is late again.' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome('handles the refund', judge(['The agent stays polite', 'The agent apologizes'])),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
  },
)
