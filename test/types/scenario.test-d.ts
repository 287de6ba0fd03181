import { describe, expectTypeOf, test } from 'vitest'
import {
  END,
  type ScenarioContext,
  type ScenarioExecutionResult,
  type ScenarioResultSet,
  scenario,
} from 'vitest-scenario'

// Type-level checks only: these scenarios are declared inside type tests, which never run.
const build = () => undefined

describe('scenario()', () => {
  test('run() returns a result, or a result set when samples are asked for', () => {
    scenario('plain', build, async ({ run }) => {
      expectTypeOf(await run()).toEqualTypeOf<ScenarioExecutionResult>()
    })
    scenario('options', { turnLimit: 3, assertOutcomes: false }, build, async ({ run }) => {
      expectTypeOf(await run()).toEqualTypeOf<ScenarioExecutionResult>()
    })
    scenario('sampled', { samples: 5 }, build, async ({ run }) => {
      expectTypeOf(await run()).toEqualTypeOf<ScenarioResultSet>()
    })
  })

  test('the body gets the test context, and run() takes run options', () => {
    scenario('context', build, async (context) => {
      expectTypeOf(context).toExtend<ScenarioContext>()
      expectTypeOf(context.task.name).toBeString()
      expectTypeOf(context.expect).toBeFunction()
      await context.run({ turnLimit: 2, systemPrompt: 'Be brief.', model: () => 'ok' })
    })
  })

  test('the builder is a Scenario and may be returned', () => {
    scenario(
      'builder',
      (s) => s.addNode('ask', { question: 'Hi' }).addEdge('ask', END).setEntry('ask'),
      async ({ run }) => {
        await run()
      },
    )
  })

  test('each row reaches build and body, typed', () => {
    scenario.each([{ drug: 'venetoclax' }, { drug: 'imatinib' }])(
      'knows $drug',
      (s, row) => {
        expectTypeOf(row).toEqualTypeOf<{ drug: string }>()
        s.addNode('ask', { question: `What does ${row.drug} target?` })
      },
      async ({ run }, { drug }) => {
        expectTypeOf(drug).toBeString()
        expectTypeOf(await run()).toEqualTypeOf<ScenarioExecutionResult>()
      },
    )
  })

  test('the modifiers chain and keep the signature', () => {
    scenario.skip('skipped', build, async () => {})
    scenario.only.concurrent('both', { samples: 2 }, build, async ({ run }) => {
      expectTypeOf(await run()).toEqualTypeOf<ScenarioResultSet>()
    })
    scenario.todo('later')
  })

  test('skipIf and runIf take any condition and return the scenario API, chainable', () => {
    expectTypeOf(scenario.skipIf(!process.env.OPENAI_API_KEY)).toEqualTypeOf<typeof scenario>()
    expectTypeOf(scenario.runIf(1).concurrent).toEqualTypeOf<typeof scenario>()
    scenario.skipIf(true)('skipped', { samples: 2 }, build, async ({ run }) => {
      expectTypeOf(await run()).toEqualTypeOf<ScenarioResultSet>()
    })
    scenario.runIf(undefined).skipIf('')('chained', build, async ({ run }) => {
      expectTypeOf(await run()).toEqualTypeOf<ScenarioExecutionResult>()
    })
    scenario.runIf(false).each([{ drug: 'venetoclax' }])('knows $drug', build, async (_, row) => {
      expectTypeOf(row).toEqualTypeOf<{ drug: string }>()
    })
    // @ts-expect-error -- the condition is required
    scenario.skipIf()
    // @ts-expect-error -- skipIf returns the API, not a test: it takes the name next
    scenario.skipIf(true, 'name', build, async () => {})
  })

  test('unknown options and wrong values are type errors', () => {
    // @ts-expect-error -- not a scenario option
    scenario('typo', { sample: 3 }, build, async () => {})
    // @ts-expect-error -- a model name alone is not a model config
    scenario('model', { model: 'gpt-4.1-mini' }, build, async () => {})
    // @ts-expect-error -- the body is required
    scenario('no body', build)
  })
})
