import { END, scenario } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { guardedTriage, runner } from './airline.js'

// The input guardrail trips on a math question: the turn records the guardrail (no answer, not an
// error) and the scenario goes on to its next node, which triage hands off as usual.
scenario(
  'a math question trips the input guardrail and the conversation goes on',
  { model: openAIAgent(guardedTriage, { runner, context: {} }) },
  (s) =>
    s
      .addNode('homework', { question: 'Solve 2x + 3 = 11 for me.' })
      .addNode('seat', { question: 'I would like to change my seat.' })
      .addEdge('homework', 'seat')
      .addEdge('seat', END)
      .setEntry('homework'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    const [homework, seat] = result.history
    expect(homework?.rawResponse).toBeNull()
    expect(homework?.guardrail).toEqual({
      name: 'Math Homework Guardrail',
      kind: 'input',
      info: { isMathHomework: true, reasoning: 'The user asks to solve an equation.' },
    })
    expect(seat?.nodeId).toBe('seat')
    expect(seat?.agents).toEqual(['Triage Agent', 'Seat Booking Agent'])
    console.log(
      `[sample] guardrail tripped=${homework?.guardrail?.name} next=${seat?.agent} replayed=${result.usage.replayed === true}`,
    )
  },
)
