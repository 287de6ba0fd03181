import type { Config } from 'jest'
import { describe, expectTypeOf, test } from 'vitest'
import { END, type ScenarioExecutionResult, type ScenarioResultSet } from '../../src/core.js'
import {
  type JestConfigLike,
  recordedFetch,
  runScenario,
  scenario,
  withScenario,
  wrap,
} from '../../src/hosts/jest/index.js'

describe('vitest-scenario/jest', () => {
  test('withScenario keeps the config type and adds the setup entry and globals', () => {
    const config = withScenario(
      { testEnvironment: 'node', transform: { '^.+\\.ts$': 'ts-jest' } },
      { model: { model: 'gpt-4.1-mini' }, recordings: { dir: 'fixtures' } },
    )
    expectTypeOf(config.testEnvironment).toEqualTypeOf<string>()
    expectTypeOf(config.setupFilesAfterEnv).toEqualTypeOf<string[]>()
    expectTypeOf(config.globals).toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf(withScenario({})).toMatchTypeOf<JestConfigLike>()
    // A config typed with Jest's own `Config` (jest.config.ts) goes in and comes out as one.
    const typed: Config = { testEnvironment: 'node', setupFilesAfterEnv: ['./setup.ts'] }
    const wrapped: Config = withScenario(typed, { maxConcurrentCalls: 4 })
    expectTypeOf(wrapped.setupFilesAfterEnv).toEqualTypeOf<string[] | undefined>()
    // @ts-expect-error an API key never goes in the config: it comes from the environment
    withScenario({}, { model: { model: 'm', apiKey: 'k' } })
    // @ts-expect-error a client cannot cross to the workers
    withScenario({}, { model: { model: 'm', client: {} } })
  })

  test('scenario() bodies get run() only, typed by samples', () => {
    scenario(
      'one run',
      (s) => s.addNode('ask', { question: 'Q?' }).addEdge('ask', END).setEntry('ask'),
      async (context) => {
        expectTypeOf(await context.run()).toEqualTypeOf<ScenarioExecutionResult>()
        // @ts-expect-error Jest passes no test context: no `expect` or `task` on it
        context.task
      },
    )
    scenario(
      'samples',
      { samples: 3 },
      (s) => s,
      async ({ run }) => {
        expectTypeOf(await run()).toEqualTypeOf<ScenarioResultSet>()
      },
    )
    scenario.each([{ drug: 'venetoclax' }])(
      'names $drug',
      (s, row) => {
        expectTypeOf(row).toEqualTypeOf<{ drug: string }>()
        return s
      },
      async ({ run }, { drug }) => {
        expectTypeOf(drug).toEqualTypeOf<string>()
        await run()
      },
    )
    scenario.concurrent.skip(
      'skipped',
      (s) => s,
      async () => {},
    )
    scenario.skipIf(true).only(
      'focused unless skipped',
      (s) => s,
      async () => {},
    )
  })

  test('runScenario, wrap and recordedFetch have the main entry types', () => {
    expectTypeOf(runScenario).returns.toEqualTypeOf<Promise<ScenarioExecutionResult>>()
    expectTypeOf(wrap<{ baseURL: string }>).returns.toEqualTypeOf<{ baseURL: string }>()
    expectTypeOf(recordedFetch).toEqualTypeOf<typeof fetch>()
  })
})
