import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { stepCountIs, tool } from 'ai'
import { describe, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import {
  type AiSdkAgentOptions,
  type AiSdkModelConfig,
  aiSdkAgent,
  aiSdkModel,
} from '../../src/ai-sdk/index.js'
import {
  type AgentFunction,
  judge,
  type ModelConfig,
  type RunOptions,
  simulatedUser,
} from '../../src/core.js'
import type { ScenarioOptions } from '../../src/index.js'

const openai = createOpenAI({ apiKey: 'k' })
const lookUp = tool({
  description: 'Looks an order up',
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id, status: 'late' }),
})

describe('aiSdkAgent()', () => {
  test("takes generateText's options without the prompt and returns an agent function", () => {
    const agent = aiSdkAgent({
      model: openai.chat('gpt-4.1-mini'),
      tools: { lookUp },
      system: 'You are a support agent.',
      stopWhen: stepCountIs(4),
      temperature: 0,
      maxRetries: 1,
    })
    expectTypeOf(agent).toEqualTypeOf<AgentFunction>()
    expectTypeOf<RunOptions['model']>().toMatchTypeOf<AgentFunction | ModelConfig>()
    aiSdkAgent({ model: createAnthropic({ apiKey: 'k' })('claude-test') })
    aiSdkAgent({ model: openai('gpt-4.1-mini') })
    // @ts-expect-error -- the model is required
    aiSdkAgent({ tools: { lookUp } })
    // @ts-expect-error -- the conversation is the prompt
    aiSdkAgent({ model: openai('m'), prompt: 'Hi' })
    // @ts-expect-error -- the turn's signal is passed
    aiSdkAgent({ model: openai('m'), abortSignal: new AbortController().signal })
    // @ts-expect-error -- generateText has no such option
    aiSdkAgent({ model: openai('m'), temprature: 0 })
    expectTypeOf<AiSdkAgentOptions>().not.toHaveProperty('messages')
  })
})

describe('aiSdkModel()', () => {
  test('returns a model config for any place that takes one', () => {
    const config = aiSdkModel(openai.chat('gpt-4.1-mini'))
    expectTypeOf(config).toEqualTypeOf<AiSdkModelConfig>()
    expectTypeOf(config.model).toEqualTypeOf<string>()
    const model: ModelConfig = { ...config, temperature: 0 }
    const run: RunOptions = { model: config, parsingModel: config, userModel: config }
    const scenario: ScenarioOptions = { parsingModel: config, userModel: config }
    judge(['Polite'], { model: config })
    simulatedUser({ persona: 'p', goal: 'g', model: config })
    expectTypeOf(model).toMatchTypeOf<ModelConfig>()
    expectTypeOf(run).toMatchTypeOf<RunOptions>()
    expectTypeOf(scenario).toMatchTypeOf<ScenarioOptions>()
    aiSdkModel('openai/gpt-4.1-mini')
    // @ts-expect-error -- not a language model
    aiSdkModel({ modelId: 'm' })
  })
})
