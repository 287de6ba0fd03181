import { describe, expect } from 'vitest'
import { type AgentFunction, lastTurn, scenario, turnCountEq } from 'vitest-scenario'
import { twoTurns } from './graph.js'

const echo: AgentFunction = (conversation) => `You said: ${conversation.at(-1)?.content}`

scenario(
  'answers with the plugin model',
  (s) => {
    twoTurns(s)
  },
  async ({ run, task }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result.history[0]?.rawResponse).toBe('Echo: Which drug inhibits BCL-2?')
    console.log(
      `[forms] plugin model replayed=${result.usage.replayed === true} timeout=${task.timeout}`,
    )
  },
)

scenario(
  'takes options second, with an agent as the model',
  { model: echo, turnLimit: 1, assertOutcomes: true },
  (s) => twoTurns(s).addOutcome('one turn', turnCountEq(1)),
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('limit_reached')
    expect(result).toHaveFollowedPath(['ask'])
    expect(result.history[0]?.rawResponse).toBe('You said: Which drug inhibits BCL-2?')
  },
)

scenario(
  'run() options win over the scenario options',
  { model: echo },
  (s) => twoTurns(s),
  async ({ run }) => {
    const result = await run({ model: () => 'overridden', turnLimit: 5 })
    expect(result.history.map((t) => t.rawResponse)).toEqual(['overridden', 'overridden'])
  },
)

scenario.each([
  { drug: 'venetoclax', answer: 'BCL2' },
  { drug: 'imatinib', answer: 'BCR-ABL' },
])(
  'knows the target of $drug',
  {
    model: (conversation) =>
      String(conversation.at(-1)?.content).includes('venetoclax') ? 'BCL2' : 'BCR-ABL',
  },
  (s, { drug }) =>
    twoTurns(s, `What does ${drug} target?`).addOutcome(
      'named',
      lastTurn({ rawResponse: { matches: '\\S' } }),
    ),
  async ({ run }, { answer }) => {
    const result = await run()
    expect(result.history[0]?.rawResponse).toBe(answer)
  },
)

describe('concurrent scenarios', () => {
  let running = 0
  let overlap = 0
  const slow: AgentFunction = async () => {
    running++
    overlap = Math.max(overlap, running)
    await new Promise((resolve) => setTimeout(resolve, 50))
    running--
    return 'ok'
  }
  for (const name of ['first', 'second']) {
    scenario.concurrent(
      `${name} runs alongside the other`,
      { model: slow },
      twoTurns,
      async ({ run, expect }) => {
        const result = await run()
        expect(result).toHaveTurnCount(2)
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(overlap).toBe(2)
      },
    )
  }
})

scenario.skip(
  'is skipped',
  (s) => twoTurns(s),
  async () => {
    throw new Error('a skipped scenario ran')
  },
)

scenario.todo('handles a model that refuses')
