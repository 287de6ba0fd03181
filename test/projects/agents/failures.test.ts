import { END, judge, scenario } from 'vitest-scenario'
import { baseURL, supportAgent } from './agent.js'

// Agent tests that fail on purpose: the test driving this project reads their failure output.

scenario(
  'an unmet criterion shows its reasoning',
  { model: supportAgent },
  (s) =>
    s
      .addNode('ask', { question: 'My parcel is late!', answer: 'Not my problem.' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome(
        'caring',
        judge(['The agent apologizes for the delay', 'The agent answers in English']),
      ),
  async ({ run }) => {
    await run()
  },
)

scenario(
  'a missing tool call lists the calls made',
  { model: supportAgent },
  (s) =>
    s.addNode('ask', { question: 'Please refund order 1042.' }).addEdge('ask', END).setEntry('ask'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveCalledTool('refund', { id: '1042' })
  },
)

scenario(
  'a judge that cannot be reached is an error, not a verdict',
  { model: supportAgent },
  (s) =>
    s
      .addNode('ask', { question: 'Hi!', answer: 'Hello, how can I help?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome(
        'polite',
        judge(['The agent greets'], { model: { model: 'judge-down', baseURL } }),
      ),
  async ({ run }) => {
    await run()
  },
)

scenario(
  'toSatisfyJudge fails with the reasoning',
  { model: supportAgent },
  (s) =>
    s
      .addNode('ask', { question: 'My parcel is late!', answer: 'It will arrive on Friday.' })
      .addEdge('ask', END)
      .setEntry('ask'),
  async ({ run, expect }) => {
    const result = await run()
    await expect(result).toSatisfyJudge(['The agent offers a voucher'])
  },
)
