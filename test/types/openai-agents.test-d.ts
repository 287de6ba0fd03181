import { Agent, OpenAIProvider, type RunConfig, Runner } from '@openai/agents'
import { describe, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import type { AgentFunction, ModelOverride, RunOptions } from '../../src/core.js'
import { type OpenAIAgentOptions, openAIAgent } from '../../src/openai-agents/index.js'

// openAIAgent's types, as a user of vitest-scenario/openai-agents meets them.

interface Shop {
  customerId: string
}

const triage = new Agent({ name: 'Triage', instructions: 'Route.' })
const structured = new Agent({
  name: 'Structured',
  outputType: z.object({ refund: z.boolean() }),
})
const withContext = new Agent<Shop>({
  name: 'Shop',
  instructions: (run) => `Customer ${run.context.customerId}`,
})

describe('openAIAgent', () => {
  test('returns an agent function: the answering side of a run, or a node override', () => {
    expectTypeOf(openAIAgent(triage)).toEqualTypeOf<AgentFunction>()
    expectTypeOf(openAIAgent(triage)).toExtend<RunOptions['model']>()
    expectTypeOf(openAIAgent(structured)).toExtend<NonNullable<ModelOverride['answering']>>()
  })

  test('takes an agent of any output type, and run options of the SDK', () => {
    openAIAgent(structured, {
      runConfig: {
        modelProvider: new OpenAIProvider({ useResponses: false }),
        tracingDisabled: true,
      },
      maxTurns: 4,
    })
    expectTypeOf<OpenAIAgentOptions['runConfig']>().toEqualTypeOf<Partial<RunConfig> | undefined>()
  })

  test("the app's runner, and where a turn continues", () => {
    openAIAgent(triage, { runner: new Runner({ tracingDisabled: true }), continueWith: 'entry' })
    openAIAgent(triage, { continueWith: 'lastAgent' })
    expectTypeOf<OpenAIAgentOptions['runner']>().toEqualTypeOf<Runner | undefined>()
    expectTypeOf<OpenAIAgentOptions['continueWith']>().toEqualTypeOf<
      'lastAgent' | 'entry' | undefined
    >()
    // @ts-expect-error -- continueWith is 'lastAgent' or 'entry'
    openAIAgent(triage, { continueWith: 'last' })
    // @ts-expect-error -- a runner is the SDK's Runner
    openAIAgent(triage, { runner: { run: () => 1 } })
  })

  test("the context is the agent's context type", () => {
    openAIAgent(withContext, { context: { customerId: 'c1' } })
    // @ts-expect-error -- the agent's context is a Shop
    openAIAgent(withContext, { context: { customer: 'c1' } })
  })

  test('rejects what is not an agent, and unknown options', () => {
    // @ts-expect-error -- a plain object is not an Agent
    openAIAgent({ name: 'x' })
    // @ts-expect-error -- unknown option
    openAIAgent(triage, { runconfig: {} })
    // @ts-expect-error -- maxTurns is a number
    openAIAgent(triage, { maxTurns: '3' })
  })
})
