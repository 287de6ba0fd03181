import { expect } from 'vitest'
import { scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

scenario(
  'matches its conversation snapshot',
  {
    model: (conversation) =>
      `Answer to: ${conversation.at(-1)?.content}${process.env.SCENARIO_DRIFT ?? ''}`,
  },
  (s) => twoTurns(s),
  async ({ run }) => {
    const result = await run()
    expect(result).toMatchConversationSnapshot()
    expect(result).toMatchSnapshot()
  },
)
