import { describe, expectTypeOf, test } from 'vitest'
import { END, type ScenarioExecutionResult } from '../../src/core.js'
import { scenario as jestScenario } from '../../src/hosts/jest/index.js'
import { scenario as nodeScenario } from '../../src/hosts/node-test/index.js'
import type { ScenarioRunResult } from '../../src/index.js'
import type { AgentMessage, AgentReply } from '../../src/models/types.js'
import type { ChatMessage, Usage } from '../../src/state/types.js'

const build = (s: import('../../src/core.js').Scenario) =>
  s.addNode('ask', { question: 'Q?' }).addEdge('ask', END).setEntry('ask')

describe('result.messages and usage details', () => {
  test('a result has the whole run as chat messages, on every host', () => {
    expectTypeOf<ScenarioExecutionResult['messages']>().toEqualTypeOf<ChatMessage[]>()
    expectTypeOf<ScenarioRunResult<{ model: { model: string } }>['messages']>().toEqualTypeOf<
      ChatMessage[]
    >()
    jestScenario('jest', build, async ({ run }) => {
      expectTypeOf((await run()).messages).toEqualTypeOf<ChatMessage[]>()
    })
    nodeScenario('node', build, async ({ run }) => {
      expectTypeOf((await run()).messages).toEqualTypeOf<ChatMessage[]>()
    })
  })

  test("an agent's messages may leave tool call ids out", () => {
    const reply: AgentReply = {
      content: 'A.',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', content: 'x' },
      ],
    }
    expectTypeOf(reply.messages).toEqualTypeOf<AgentMessage[] | undefined>()
    // A chat message (ids given) is an agent message too.
    expectTypeOf<ChatMessage>().toMatchTypeOf<AgentMessage>()
  })

  test('usage names its models and reasoning tokens, both optional', () => {
    expectTypeOf<Usage['model']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Usage['reasoning']>().toEqualTypeOf<number | undefined>()
    const old: Usage = { input: 1, output: 2, cached: 0, cacheWrite: 0 }
    expectTypeOf(old).toMatchTypeOf<Usage>()
  })
})
