import { describe, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import {
  type AnswerTemplate,
  anyTurn,
  defineTemplate,
  exactMatch,
  numericTolerance,
  regexTrait,
  runScenario,
  Scenario,
  type ScenarioDefinition,
  type ScenarioExecutionResult,
  scriptedModel,
} from '../../src/core.js'

declare const definition: ScenarioDefinition

describe('option objects reject unknown keys', () => {
  test('builder', () => {
    // @ts-expect-error -- unknown scenario option
    new Scenario('s', { descripton: 'typo' })
    // @ts-expect-error -- unknown node key
    new Scenario('s').addNode('a', { question: 'q', stateUpdater: () => ({}) })
    // @ts-expect-error -- unknown edge option
    new Scenario('s').addEdge('a', 'b', { condition: { verifyResult: true } })
    // @ts-expect-error -- unknown key in a Question
    new Scenario('s').addNode('a', { question: { question: 'q', answer: 'x' } })
  })

  test('runner, templates, traits and primitives', () => {
    // @ts-expect-error -- unknown run option
    void runScenario(definition, { model: scriptedModel([]), turns: 3 })
    // @ts-expect-error -- unknown template key
    defineTemplate({ schema: z.object({ a: z.string() }), parser: () => ({ a: '' }) })
    // @ts-expect-error -- unknown trait option
    regexTrait('t', 'x', { negate: true })
    // @ts-expect-error -- unknown primitive option
    numericTolerance({ tolerance: 1, relative: true })
    // @ts-expect-error -- unknown sugar option
    anyTurn({ verifyResult: true }, { nodes: ['a'] })
  })
})

describe('defineTemplate infers the parsed type from the schema', () => {
  const schema = z.object({ drug: z.string(), dose: z.number().nullable() })

  test('verify functions, per-field primitives and ground truth are typed by the schema', () => {
    const template = defineTemplate({
      schema,
      groundTruth: { drug: 'venetoclax' },
      verify: (parsed, groundTruth) => {
        expectTypeOf(parsed).toEqualTypeOf<{ drug: string; dose: number | null }>()
        expectTypeOf(groundTruth).toEqualTypeOf<
          Partial<{ drug: string; dose: number | null }> | undefined
        >()
        return parsed.drug === groundTruth?.drug
      },
      parse: (raw) => ({ drug: raw, dose: null }),
    })
    expectTypeOf(template).toEqualTypeOf<AnswerTemplate<typeof schema>>()
    defineTemplate({ schema, verify: { drug: exactMatch() } })
    // @ts-expect-error -- not a field of the schema
    defineTemplate({ schema, verify: { name: exactMatch() } })
    // @ts-expect-error -- ground truth of the wrong type
    defineTemplate({ schema, groundTruth: { dose: 'high' } })
    // @ts-expect-error -- parse must return the schema's input
    defineTemplate({ schema, parse: () => ({ drug: 1 }) })
  })
})

test('runScenario resolves to a ScenarioExecutionResult; the builder is not a definition', () => {
  expectTypeOf(
    runScenario(definition, { model: scriptedModel(['x']) }),
  ).resolves.toEqualTypeOf<ScenarioExecutionResult>()
  // @ts-expect-error -- call validate() first
  void runScenario(new Scenario('s'), { model: scriptedModel([]) })
})
