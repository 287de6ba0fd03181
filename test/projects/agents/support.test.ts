import {
  calledTool,
  END,
  judge,
  type ScenarioExecutionResult,
  scenario,
  simulatedUser,
  toolTrajectory,
} from 'vitest-scenario'
import { supportAgent } from './agent.js'

// Agent tests that pass: each prints one line of what it found, so the test driving this project
// can compare a recording run with a replay.
function report(name: string, result: ScenarioExecutionResult): void {
  const { replayed: _replayed, ...usage } = result.usage
  const facts = {
    status: result.status,
    stopReason: result.stopReason,
    path: result.path,
    questions: result.history.map((turn) => turn.questionText),
    answers: result.history.map((turn) => turn.rawResponse),
    toolNames: result.history.map((turn) => turn.toolNames),
    user: result.history.map((turn) => turn.user?.goalReached ?? null),
    usage,
    outcomeResults: result.outcomeResults,
    judgements: result.judgements,
  }
  console.log(`[agents] ${name} ${JSON.stringify(facts)}`)
}

const customer = simulatedUser({
  persona: 'You are Dana. Your parcel, order 1042, is a week late. You are polite and brief.',
  goal: 'Learn when order 1042 will arrive.',
  instructions: 'Give the order number only when you are asked for it.',
})

scenario(
  'a simulated customer gets a delivery date',
  { model: supportAgent },
  (s) =>
    s
      .addNode('customer', { question: customer })
      .addEdge('customer', END, { when: { 'user.goalReached': true } })
      .addEdge('customer', 'customer', { when: { 'nodeVisits.customer': { lt: 5 } } })
      .addEdge('customer', END)
      .setEntry('customer')
      .addOutcome(
        'helpful',
        judge([
          'The agent asks for the order number before looking the order up',
          'The agent gives the delivery date',
          'The agent stays polite',
        ]),
      )
      .addOutcome(
        'looked the order up',
        calledTool('lookUpOrder', { args: { id: '1042' }, times: 1 }),
      )
      .addOutcome('only looked', toolTrajectory(['lookUpOrder']))
      .addOutcome('no refund', calledTool('refund', { times: 0 })),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result.stopReason).toBe('end')
    expect(result.finalState.user?.goalReached).toBe(true)
    expect(result).toHaveCalledTool('lookUpOrder', { id: /^10/ }, { times: 1, turn: 1 })
    expect(result).not.toHaveCalledTool('refund')
    expect(result).toHaveToolTrajectory(['lookUpOrder'], { mode: 'superset' })
    report('simulated', result)
  },
)

scenario(
  'a seeded, scripted transcript is judged',
  {
    model: supportAgent,
    seed: [
      { role: 'user', content: 'I returned order 1042 last week.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_seed',
            type: 'function',
            function: { name: 'lookUpOrder', arguments: '{"id":"1042"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_seed', content: '{"status":"returned"}' },
      { role: 'assistant', content: 'I see the return of order 1042.' },
    ],
  },
  (s) =>
    s
      .addNode('greet', { question: null, answer: 'Hi again, this is Acme support.' })
      .addNode('ask', {
        question: 'Where is my refund?',
        answer: 'Your refund of 20 EUR was sent today.',
      })
      .addNode('thanks', { question: 'Thanks!' })
      .addEdge('greet', 'ask')
      .addEdge('ask', 'thanks')
      .addEdge('thanks', END)
      .setEntry('greet')
      .addOutcome(
        'refund explained',
        judge(['The agent names the refund amount', 'The agent refers to the returned order']),
      ),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result.seed).toHaveLength(4)
    expect(result.history[0]?.questionText).toBeNull()
    expect(result.history[0]?.scripted).toBe(true)
    expect(result.history[1]?.scripted).toBe(true)
    await expect(result).toSatisfyJudge(['The agent thanks the customer back'])
    report('seeded', result)
  },
)

scenario(
  'a budget stops a loop',
  { model: supportAgent, turnLimit: 10, budget: { tokens: 150 } },
  (s) => s.addNode('ask', { question: 'Hello?' }).addEdge('ask', 'ask').setEntry('ask'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('limit_reached')
    expect(result.stopReason).toBe('budget')
    report('budget', result)
  },
)
