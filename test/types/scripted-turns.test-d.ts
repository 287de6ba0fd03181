import { describe, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import {
  defineTemplate,
  Scenario,
  type ScenarioDefinition,
  type ScriptedTurn,
  scriptedTurns,
  statusIs,
} from '../../src/core.js'
import { scenario } from '../../src/hosts/vitest/scenario/scenario.js'
import { scriptedTurns as fromRoot } from '../../src/index.js'

const template = defineTemplate({ schema: z.object({ drug: z.string() }) })

describe('scriptedTurns', () => {
  test('takes texts and node specs, and returns the builder', () => {
    const built = scriptedTurns(['Hi.', { id: 'drug', question: { question: 'Which?', template } }])
    expectTypeOf(built).toEqualTypeOf<Scenario>()
    expectTypeOf(
      built.addOutcome('done', statusIs('completed')).validate(),
    ).toEqualTypeOf<ScenarioDefinition>()
    expectTypeOf(fromRoot).toEqualTypeOf(scriptedTurns)
    expectTypeOf<string>().toMatchTypeOf<ScriptedTurn>()
    scriptedTurns(['Q?'], { name: 'n', idPrefix: 'step' })
    scriptedTurns(['Q?'], { scenario: new Scenario('s') })
    // @ts-expect-error a turn is text or a node spec
    scriptedTurns([7])
    // @ts-expect-error a node spec needs its question
    scriptedTurns([{ id: 'x' }])
    // @ts-expect-error no such option
    scriptedTurns(['Q?'], { prefix: 'x' })
  })

  test("is a scenario() build function's return value", () => {
    scenario(
      'scripted',
      (s) => scriptedTurns(['A?', 'B?'], { scenario: s }),
      async ({ run }) => {
        await run()
      },
    )
  })
})
