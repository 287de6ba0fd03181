import { describe, expectTypeOf, test } from 'vitest'
import {
  type ModelConfig,
  type NodeSpec,
  type Question,
  type RunOptions,
  Scenario,
  type ScenarioNode,
  type SimulatedUser,
  type SimulatedUserDocument,
  type SimulatedUserOptions,
  simulatedUser,
} from '../../src/core.js'
import type { ScenarioOptions } from '../../src/index.js'

describe('simulatedUser()', () => {
  test('takes persona and goal, and returns tagged read-only data', () => {
    const user = simulatedUser({ persona: 'p', goal: 'g', opening: 'Hi', model: { model: 'm' } })
    expectTypeOf(user).toEqualTypeOf<SimulatedUser>()
    expectTypeOf(user.type).toEqualTypeOf<'SimulatedUser'>()
    expectTypeOf(user.model).toEqualTypeOf<ModelConfig | undefined>()
    expectTypeOf<SimulatedUserOptions['instructions']>().toEqualTypeOf<string | undefined>()
    // @ts-expect-error -- the goal is required
    simulatedUser({ persona: 'p' })
    // @ts-expect-error -- unknown option
    simulatedUser({ persona: 'p', goal: 'g', mood: 'x' })
    // @ts-expect-error -- read-only data
    user.goal = 'other'
  })

  test('stands wherever a question source does', () => {
    const user = simulatedUser({ persona: 'p', goal: 'g' })
    new Scenario('s').addNode('a', { question: user })
    new Scenario('s').addNode('b', { question: { question: user, rubric: { traits: [] } } })
    expectTypeOf(user).toExtend<NodeSpec['question']>()
    expectTypeOf(user).toExtend<Question['question']>()
    // A definition keeps it inside a question object.
    expectTypeOf<ScenarioNode['question']>().toEqualTypeOf<string | Question>()
  })

  test('userModel is a run and scenario option; the document type is exported', () => {
    expectTypeOf<RunOptions['userModel']>().toEqualTypeOf<ModelConfig | undefined>()
    expectTypeOf<ScenarioOptions['userModel']>().toEqualTypeOf<ModelConfig | undefined>()
    expectTypeOf<SimulatedUserDocument['type']>().toEqualTypeOf<'SimulatedUser'>()
  })
})
