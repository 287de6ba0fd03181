import { describe, expect, test } from 'vitest'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { failure, setOf } from './support.js'

// toHaveHandedOffTo and toHaveTrippedGuardrail on real runs (runScenario + scriptedModel): the
// replies name the agents of each turn and a guardrail that tripped.

const support = new Scenario('support')
  .addNode('ask', { question: 'Hi, I need help.' })
  .addNode('refund', { question: 'I want my money back.' })
  .addNode('math', { question: 'Also, what is 12 * 7?' })
  .addEdge('ask', 'refund')
  .addEdge('refund', 'math')
  .addEdge('math', END)
  .setEntry('ask')
  .validate()

const run = () =>
  runScenario(support, {
    model: scriptedModel([
      { content: 'How can I help?', agent: 'triage' },
      { content: 'Refund started.', agents: ['triage', 'billing'] },
      {
        content: '',
        agents: ['triage'],
        guardrail: { name: 'no-math', kind: 'input', info: null },
      },
    ]),
  })

describe('toHaveHandedOffTo', () => {
  test('passes on a handoff made, in any turn or the turn given', async () => {
    const result = await run()
    expect(result).toHaveHandedOffTo('billing')
    expect(result).toHaveHandedOffTo('billing', { turn: 1 })
    expect(result).not.toHaveHandedOffTo('billing', { turn: 0 })
    // The entry agent is never handed off to.
    expect(result).not.toHaveHandedOffTo('triage')
  })

  test('a failure lists each turn’s chain of agents', async () => {
    const result = await run()
    const { message } = failure(() => expect(result).toHaveHandedOffTo('shipping'))
    expect(message).toMatchInlineSnapshot(`
      "expect(result).toHaveHandedOffTo('shipping')

      No handoff to 'shipping'.
      Agents per turn:
        #0 ask     triage
        #1 refund  triage → billing
        #2 math    triage; guardrail no-math (input)"
    `)
    const inTurn = failure(() => expect(result).toHaveHandedOffTo('billing', { turn: -1 }))
    expect(inTurn.message).toMatchInlineSnapshot(`
      "expect(result).toHaveHandedOffTo('billing', {"turn":-1})

      No handoff to 'billing' in turn -1.
      Agents per turn:
        #2 math  triage; guardrail no-math (input)"
    `)
  })

  test('.not fails when the handoff happened', async () => {
    const result = await run()
    const { message } = failure(() => expect(result).not.toHaveHandedOffTo('billing'))
    expect(message).toMatchInlineSnapshot(`
      "expect(result).not.toHaveHandedOffTo('billing')

      Handed off to 'billing' in 1 turn (#1).
      Agents per turn:
        #0 ask     triage
        #1 refund  triage → billing
        #2 math    triage; guardrail no-math (input)"
    `)
  })

  test('on a result set, every sample must have handed off', async () => {
    const set = setOf([await run(), await run()])
    expect(set).toHaveHandedOffTo('billing')
    expect(() => expect(set).toHaveHandedOffTo('shipping')).toThrow('2 of 2 samples do not match')
  })

  test('invalid arguments are errors', async () => {
    const result = await run()
    expect(() => expect(result).toHaveHandedOffTo('')).toThrow(
      "[vitest-scenario] toHaveHandedOffTo() takes the name of the agent handed off to (a non-empty string), got ''",
    )
    expect(() => expect(result).toHaveHandedOffTo('billing', { turn: 0.5 })).toThrow(
      "'turn' in toHaveHandedOffTo() must be a turn index (an integer), got 0.5",
    )
  })
})

describe('toHaveTrippedGuardrail', () => {
  test('passes on the guardrail named, or any guardrail', async () => {
    const result = await run()
    expect(result).toHaveTrippedGuardrail()
    expect(result).toHaveTrippedGuardrail('no-math')
    expect(result).toHaveTrippedGuardrail('no-math', { turn: 2 })
    expect(result).not.toHaveTrippedGuardrail('no-math', { turn: 0 })
    expect(result).not.toHaveTrippedGuardrail('pii')
  })

  test('a failure lists each turn’s agents and guardrails', async () => {
    const result = await run()
    const { message } = failure(() => expect(result).toHaveTrippedGuardrail('pii'))
    expect(message).toMatchInlineSnapshot(`
      "expect(result).toHaveTrippedGuardrail('pii')

      Guardrail 'pii' did not trip.
      Agents and guardrails per turn:
        #0 ask     triage
        #1 refund  triage → billing
        #2 math    triage; guardrail no-math (input)"
    `)
    const negated = failure(() => expect(result).not.toHaveTrippedGuardrail())
    expect(negated.message).toMatchInlineSnapshot(`
      "expect(result).not.toHaveTrippedGuardrail()

      A guardrail tripped in 1 turn (#2).
      Agents and guardrails per turn:
        #0 ask     triage
        #1 refund  triage → billing
        #2 math    triage; guardrail no-math (input)"
    `)
  })

  test('invalid arguments are errors', async () => {
    const result = await run()
    expect(() => expect(result).toHaveTrippedGuardrail('')).toThrow(
      "[vitest-scenario] toHaveTrippedGuardrail() takes the guardrail's name (a non-empty string), got ''",
    )
    expect(() => expect(result).toHaveTrippedGuardrail('x', { turns: 1 } as object)).toThrow(
      /turns/,
    )
  })
})
