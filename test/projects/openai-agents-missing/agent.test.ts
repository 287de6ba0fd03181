import { expect, test } from 'vitest'
import { openAIAgent } from 'vitest-scenario/openai-agents'

// This project installs vitest-scenario but not @openai/agents.
test('the adapter is there', () => {
  expect(openAIAgent).toBeTypeOf('function')
})
