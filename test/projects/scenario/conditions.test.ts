import { expect } from 'vitest'
import { type AgentFunction, scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

// scenario.skipIf / scenario.runIf as in Vitest: the condition is read when the file is collected.
const echo: AgentFunction = (conversation) => `You said: ${conversation.at(-1)?.content}`
const hasKey = process.env.SCENARIO_CONDITION_KEY !== undefined

scenario.skipIf(!hasKey)(
  'is skipped without the key',
  { model: echo },
  (s) => twoTurns(s),
  async () => {
    throw new Error('a scenario skipped by skipIf ran')
  },
)

scenario.skipIf(false)(
  'runs when skipIf is false',
  { model: echo },
  (s) => twoTurns(s),
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario.runIf(hasKey)(
  'runs only with the key',
  { model: echo },
  (s) => twoTurns(s),
  async () => {
    throw new Error('a scenario that runIf left out ran')
  },
)

scenario.runIf(true).concurrent(
  'runs when runIf is true, chained with concurrent',
  { model: echo },
  (s) => twoTurns(s),
  async ({ run, expect }) => {
    expect(await run()).toHaveTurnCount(2)
  },
)
