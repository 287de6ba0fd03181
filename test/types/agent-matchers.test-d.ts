import { describe, expect, expectTypeOf, test } from 'vitest'
import {
  type AgentTurnMatcherOptions,
  GuardrailTripwire,
  type HandedOffTo,
  handedOffTo,
  type ScenarioExecutionResult,
  type ScenarioResultSet,
  type ScenarioState,
  turnAt,
} from 'vitest-scenario'

// Type-checked only, never run: the values need not exist.
declare const result: ScenarioExecutionResult
declare const results: ScenarioResultSet
declare const state: ScenarioState

describe('the handoff and guardrail matchers', () => {
  test('return void on a result and a result set, with .not', () => {
    expectTypeOf(expect(result).toHaveHandedOffTo('billing')).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toHaveHandedOffTo('billing', { turn: 0 })).toEqualTypeOf<void>()
    expectTypeOf(expect(results).not.toHaveHandedOffTo('billing')).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toHaveTrippedGuardrail()).toEqualTypeOf<void>()
    expectTypeOf(expect(result).toHaveTrippedGuardrail('no-math')).toEqualTypeOf<void>()
    expectTypeOf(
      expect(result).not.toHaveTrippedGuardrail('no-math', { turn: -1 }),
    ).toEqualTypeOf<void>()
    expectTypeOf<AgentTurnMatcherOptions>().toEqualTypeOf<{ turn?: number | undefined }>()
  })

  test('refuse wrong arguments', () => {
    // @ts-expect-error: the agent is a name
    expect(result).toHaveHandedOffTo(3)
    // @ts-expect-error: the turn is an index
    expect(result).toHaveHandedOffTo('billing', { turn: '0' })
    // @ts-expect-error: no such option
    expect(result).toHaveTrippedGuardrail('no-math', { times: 1 })
  })
})

describe('handedOffTo and GuardrailTripwire', () => {
  test('handedOffTo builds a check node, with a scope', () => {
    expectTypeOf(handedOffTo('billing')).toEqualTypeOf<HandedOffTo>()
    expectTypeOf(handedOffTo('billing', { scope: turnAt(0) })).toEqualTypeOf<HandedOffTo>()
    // @ts-expect-error: a scope, not a turn index
    handedOffTo('billing', { scope: 0 })
  })

  test('GuardrailTripwire is an Error with the guardrail’s fields', () => {
    const tripwire = new GuardrailTripwire('no-math', { kind: 'output', info: { score: 1 } })
    expectTypeOf(tripwire).toExtend<Error>()
    expectTypeOf(tripwire.guardrail).toEqualTypeOf<string>()
    expectTypeOf(tripwire.kind).toEqualTypeOf<'input' | 'output'>()
    // @ts-expect-error: the kind is input or output
    new GuardrailTripwire('no-math', { kind: 'tool' })
  })

  test('the state has the latest turn’s agents and guardrail', () => {
    expectTypeOf(state.agents).toEqualTypeOf<string[]>()
    expectTypeOf(state.agent).toEqualTypeOf<string | undefined>()
    expectTypeOf(state.guardrail?.name).toEqualTypeOf<string | undefined>()
  })
})
