import { describe, expectTypeOf, test } from 'vitest'
import { scenario } from 'vitest-scenario'
import type { CandidateRun, HostOptions } from '../../src/host.js'
import { scenario as jestScenario } from '../../src/hosts/jest/index.js'
import {
  type NodeScenarioOptions,
  scenario as nodeScenario,
  scenarioWith,
} from '../../src/hosts/node-test/index.js'

// Type-level checks only: these scenarios are declared inside type tests, which never run.
const build = () => undefined

describe('the candidate in a scenario body', () => {
  test('every host gives the candidate name, or undefined in a baseline run', () => {
    scenario('vitest', build, async ({ candidate, run }) => {
      expectTypeOf(candidate).toEqualTypeOf<string | undefined>()
      await run()
    })
    jestScenario('jest', build, async ({ candidate }) => {
      expectTypeOf(candidate).toEqualTypeOf<string | undefined>()
    })
    nodeScenario('node', build, async ({ candidate, t }) => {
      expectTypeOf(candidate).toEqualTypeOf<string | undefined>()
      expectTypeOf(t.name).toBeString()
    })
  })

  test('the host options carry the candidate and its system prompt', () => {
    expectTypeOf<HostOptions['candidate']>().toEqualTypeOf<CandidateRun | undefined>()
    expectTypeOf<CandidateRun['fork']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<HostOptions['systemPrompt']>().toEqualTypeOf<string | undefined>()
  })

  test('scenarioWith takes run defaults and candidates, and no recordings options', () => {
    const withCandidates = scenarioWith({
      model: { model: 'gpt-4.1-mini' },
      candidates: { 'gpt-5': { model: { model: 'gpt-5' }, fork: 1 } },
    })
    withCandidates('named', build, async ({ candidate }) => {
      expectTypeOf(candidate).toEqualTypeOf<string | undefined>()
    })
    expectTypeOf<NodeScenarioOptions>().not.toHaveProperty('recordings')
    // @ts-expect-error a candidate's fork is a number of turns
    scenarioWith({ candidates: { x: { fork: 'two' } } })
  })
})
