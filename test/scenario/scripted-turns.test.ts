import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  defineTemplate,
  END,
  runScenario,
  Scenario,
  scriptedModel,
  scriptedTurns,
  statusIs,
} from '../../src/core.js'

// scriptedTurns: a linear script, one node per user message in order, then END.

describe('scriptedTurns', () => {
  test('one node per message, each leading to the next, the last to END', () => {
    const definition = scriptedTurns(['Hi.', 'Refund order 1042.', 'Thanks.']).validate()
    expect(definition.name).toBe('scripted-turns')
    expect(definition.entryNode).toBe('turn-0')
    expect(Object.keys(definition.nodes)).toEqual(['turn-0', 'turn-1', 'turn-2'])
    expect(definition.edges.map((e) => [e.source, e.target])).toEqual([
      ['turn-0', 'turn-1'],
      ['turn-1', 'turn-2'],
      ['turn-2', END],
    ])
  })

  test('runs the questions in order; outcomes chain on the builder it returns', async () => {
    const template = defineTemplate({
      schema: z.object({ amount: z.number() }),
      verify: (parsed) => parsed.amount === 120,
      // Parsed from the answer itself: no parsing model.
      parse: (raw) => JSON.parse(raw),
    })
    const definition = scriptedTurns(
      [
        'I was charged twice for order 1042.',
        { id: 'amount', question: { question: 'How much will you refund?', template } },
        { question: 'Thanks.', answer: 'You are welcome.' },
      ],
      { name: 'refund', idPrefix: 'step' },
    )
      .addOutcome('completed', statusIs('completed'))
      .validate()
    const model = scriptedModel(['Sorry about that.', '{"amount": 120}'])
    const result = await runScenario(definition, { model })
    expect(result.scenarioId).toBe('refund')
    expect(result.path).toEqual(['step-0', 'amount', 'step-2'])
    expect(result.history.map((t) => t.questionText)).toEqual([
      'I was charged twice for order 1042.',
      'How much will you refund?',
      'Thanks.',
    ])
    expect(result.history[1]?.verifyResult).toBe(true)
    expect(result.history[2]?.scripted).toBe(true)
    expect(result.outcomeResults).toEqual({ completed: true })
    expect(model.callCount).toBe(2)
  })

  test('adds the turns to a given builder, which keeps its name', () => {
    const builder = new Scenario('from the test')
    const returned = scriptedTurns(['A?', 'B?'], { scenario: builder })
    expect(returned).toBe(builder)
    expect(builder.validate().name).toBe('from the test')
  })

  test.each([
    [
      'an empty list',
      [],
      'scriptedTurns(messages) got an empty list; it needs at least one user message',
    ],
    ['not a list', 'Hi.', "scriptedTurns(messages) got 'Hi.'; it needs at least one user message"],
    [
      'a number in the list',
      ['Hi.', 7],
      'scriptedTurns(messages) got 7 at messages[1]; expected a user message (a string) or a node spec',
    ],
    [
      'a number as id',
      [{ id: 3, question: 'Q?' }],
      'got the id 3 at messages[0]; expected a string',
    ],
  ])('%s is an InvalidArgumentError naming it', (_name, messages, message) => {
    expect(() => scriptedTurns(messages as never)).toThrow(message)
    expect(() => scriptedTurns(messages as never)).toThrow(/^\[vitest-scenario\] /)
  })

  test('bad options and duplicate ids are named', () => {
    expect(() => scriptedTurns(['Q?'], { idPrefix: '' })).toThrow(
      "scriptedTurns() got idPrefix ''; expected a non-empty string",
    )
    expect(() => scriptedTurns(['Q?'], { name: 'x', scenario: new Scenario('y') })).toThrow(
      'got both `name` and `scenario`',
    )
    expect(() => scriptedTurns(['Q?'], { names: 'x' } as never)).toThrow('names')
    expect(() =>
      scriptedTurns([
        { id: 'a', question: 'A?' },
        { id: 'a', question: 'B?' },
      ]),
    ).toThrow("Node 'a' already exists")
  })
})
