import { describe, expectTypeOf, test } from 'vitest'
import {
  type Budget,
  type ChatMessage,
  type NodeSpec,
  type QuestionContext,
  type QuestionFunction,
  runScenario,
  Scenario,
  type ScenarioDefinition,
  type ScenarioStateView,
  type StopReason,
  scriptedModel,
  type TurnRecord,
} from '../../src/core.js'
import { type ScenarioOptions, scenario } from '../../src/index.js'

declare const definition: ScenarioDefinition

describe('question functions', () => {
  test('take the state and a context, and may be async', () => {
    expectTypeOf<QuestionFunction>().parameters.toEqualTypeOf<
      [ScenarioStateView, QuestionContext]
    >()
    expectTypeOf<QuestionFunction>().returns.toEqualTypeOf<string | Promise<string>>()
    expectTypeOf<QuestionContext>().toEqualTypeOf<{
      readonly nodeId: string
      readonly turn: number
      readonly signal: AbortSignal
      readonly conversation: ChatMessage[]
    }>()
    new Scenario('s').addNode('a', {
      question: {
        question: async (state, context) => {
          expectTypeOf(context.conversation).toEqualTypeOf<ChatMessage[]>()
          return `${state.turn} ${context.nodeId}`
        },
      },
    })
    // @ts-expect-error -- a question function returns text
    new Scenario('s').addNode('a', { question: { question: async () => 42 } })
  })

  test('the conversation is a plain array of copies: changing it is allowed', () => {
    const question: QuestionFunction = (_state, context) => {
      context.conversation.push({ role: 'user', content: 'x' })
      return ''
    }
    void question
  })
})

describe('seeded and scripted turns', () => {
  test('question: null and a scripted answer', () => {
    expectTypeOf<NodeSpec['question']>().toExtend<string | object | null>()
    expectTypeOf<NodeSpec['answer']>().toEqualTypeOf<string | undefined>()
    new Scenario('s').addNode('a', { question: null, answer: 'Hello.' })
    new Scenario('s').addNode('a', { question: { question: null } })
    // @ts-expect-error -- a scripted answer is text
    new Scenario('s').addNode('a', { question: 'q', answer: 42 })
    expectTypeOf<TurnRecord['questionText']>().toEqualTypeOf<string | null>()
    expectTypeOf<TurnRecord['scripted']>().toEqualTypeOf<boolean | undefined>()
  })

  test('seed is a list of chat messages, on runs and scenarios', () => {
    void runScenario(definition, {
      model: scriptedModel([]),
      seed: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: '1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: '1', content: '{}' },
      ],
    })
    void runScenario(definition, {
      model: scriptedModel([]),
      // @ts-expect-error -- not a chat role
      seed: [{ role: 'bot', content: 'x' }],
    })
    expectTypeOf<NonNullable<ScenarioOptions['seed']>>().toExtend<readonly ChatMessage[]>()
  })
})

describe('budgets and stop reasons', () => {
  test('budget: tokens and cost, on runs, scenarios and run()', () => {
    expectTypeOf<Budget>().toEqualTypeOf<{
      tokens?: number | undefined
      cost?: number | undefined
    }>()
    void runScenario(definition, { model: scriptedModel([]), budget: { tokens: 1000 } })
    // @ts-expect-error -- unknown budget key
    void runScenario(definition, { model: scriptedModel([]), budget: { money: 1 } })
    scenario(
      'budgeted',
      { budget: { cost: 0.1 }, seed: [{ role: 'assistant', content: 'Hello.' }] },
      (s) => s.addNode('a', { question: 'q' }).setEntry('a'),
      async ({ run }) => {
        await run({ budget: { tokens: 10 } })
      },
    )
  })

  test('stop reasons', () => {
    expectTypeOf<StopReason>().toEqualTypeOf<
      'end' | 'terminal' | 'turn_limit' | 'budget' | 'error' | 'aborted'
    >()
  })
})
