import { describe, expect, test } from 'vitest'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { failure, setOf } from './support.js'

const travel = new Scenario('travel')
  .addNode('ask', { question: 'Find me a hotel in Paris.' })
  .addNode('book', { question: 'Book the first one.' })
  .addEdge('ask', 'book')
  .addEdge('book', END)
  .setEntry('ask')
  .validate()

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  name,
  arguments: args,
})

const run = () =>
  runScenario(travel, {
    model: scriptedModel([
      {
        content: 'Found two.',
        toolCalls: [call('1', 'search', { q: 'Paris hotels' }), call('2', 'rank', { by: 'price' })],
      },
      { content: 'Booked.', toolCalls: [call('3', 'book', { hotel: 'Lutetia', nights: 2 })] },
    ]),
  })

describe('toHaveCalledTool', () => {
  test('passes on a call made, with partial arguments, times and a turn', async () => {
    const result = await run()
    expect(result).toHaveCalledTool('search')
    expect(result).toHaveCalledTool('book', { hotel: 'Lutetia' })
    expect(result).toHaveCalledTool('search', { q: /paris/i }, { times: 1, turn: 0 })
    expect(result).toHaveCalledTool('refund', undefined, { times: 0 })
    expect(result).not.toHaveCalledTool('refund')
    expect(result).not.toHaveCalledTool('book', { hotel: 'Ritz' })
  })

  test('a failure lists the calls made, per turn', async () => {
    const result = await run()
    const { message, diff } = failure(() =>
      expect(result).toHaveCalledTool('book', { hotel: 'Ritz' }, { times: 1 }),
    )
    expect(message).toMatchInlineSnapshot(`
      "expect(result).toHaveCalledTool('book', { hotel: 'Ritz' }, {"times":1})

      book({ hotel: 'Ritz' }) was called 0 times; expected exactly 1 time.
      Calls made, per turn:
        #0 ask   search({"q":"Paris hotels"}), rank({"by":"price"})
        #1 book  book({"hotel":"Lutetia","nights":2})
      Note: calledTool book({ hotel: 'Ritz' }) exactly 1 time (all turns): 0 matching calls (1 call of 'book' with other arguments); calls made: search({"q":"Paris hotels"}), rank({"by":"price"}), book({"hotel":"Lutetia","nights":2}); the check does not match."
    `)
    expect(diff).toMatchInlineSnapshot(`
      "- Expected
      + Received

      - 1
      + 0"
    `)
  })

  test('.not fails when the call was made', async () => {
    const result = await run()
    const { message } = failure(() =>
      expect(result).not.toHaveCalledTool('search', undefined, { turn: -2 }),
    )
    expect(message).toMatchInlineSnapshot(`
      "expect(result).not.toHaveCalledTool('search', undefined, {"turn":-2})

      'search' was called 1 time in turn -2; expected at least once.
      Calls made, per turn:
        #0 ask  search({"q":"Paris hotels"}), rank({"by":"price"})"
    `)
  })

  test('on a result set, every sample must have made the call', async () => {
    const set = setOf([await run(), await run()])
    expect(set).toHaveCalledTool('rank', { by: 'price' })
    expect(() => expect(set).toHaveCalledTool('refund')).toThrow('2 of 2 samples do not match')
  })

  test('invalid arguments are errors', async () => {
    const result = await run()
    expect(() =>
      expect(result).toHaveCalledTool('a', {}, { turn: 1.5 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] 'turn' in toHaveCalledTool() must be a turn index (an integer), got 1.5
      Use 0 for the first turn, -1 for the last; leave it out to read every turn.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => expect(result).toHaveCalledTool('a', { d: new Date(0) })).toThrow('a Date')
  })
})

describe('toHaveToolTrajectory', () => {
  test('passes in each mode', async () => {
    const result = await run()
    expect(result).toHaveToolTrajectory(['search', 'rank', 'book'])
    expect(result).toHaveToolTrajectory(['book', 'search', 'rank'], { mode: 'unordered' })
    expect(result).toHaveToolTrajectory(['search', 'book'], { mode: 'superset' })
    expect(result).toHaveToolTrajectory(['search', 'rank', 'book', 'cancel'], { mode: 'subset' })
    expect(result).toHaveToolTrajectory([{ name: 'book', args: { nights: 2 } }], { turn: -1 })
    expect(result).not.toHaveToolTrajectory(['search', 'book'])
  })

  test('a failure lists the calls made and where they differ', async () => {
    const result = await run()
    const { message } = failure(() => expect(result).toHaveToolTrajectory(['search', 'book']))
    expect(message).toMatchInlineSnapshot(`
      "expect(result).toHaveToolTrajectory(['search', 'book'])

      Expected exactly these calls, in this order (strict): ['search', 'book'].
      Calls made, per turn:
        #0 ask   search({"q":"Paris hotels"}), rank({"by":"price"})
        #1 book  book({"hotel":"Lutetia","nights":2})
      Note: toolTrajectory strict ['search', 'book'] (all turns): calls made: search({"q":"Paris hotels"}), rank({"by":"price"}), book({"hotel":"Lutetia","nights":2}); first difference at position 1: rank({"by":"price"}) where 'book' was expected; the check does not match."
    `)
    const unordered = failure(() =>
      expect(result).toHaveToolTrajectory(['book', { name: 'search', args: { q: 'Rome' } }], {
        mode: 'superset',
      }),
    )
    expect(unordered.message).toMatchInlineSnapshot(`
      "expect(result).toHaveToolTrajectory(['book', search({ q: 'Rome' })], {"mode":"superset"})

      Expected at least these calls (superset): ['book', search({ q: 'Rome' })].
      Calls made, per turn:
        #0 ask   search({"q":"Paris hotels"}), rank({"by":"price"})
        #1 book  book({"hotel":"Lutetia","nights":2})
      Note: toolTrajectory superset ['book', search({ q: 'Rome' })] (all turns): calls made: search({"q":"Paris hotels"}), rank({"by":"price"}), book({"hotel":"Lutetia","nights":2}); not made: search({ q: 'Rome' }); the check does not match."
    `)
  })

  test('invalid arguments are errors', async () => {
    const result = await run()
    // @ts-expect-error an unknown mode
    expect(() => expect(result).toHaveToolTrajectory(['a'], { mode: 'loose' })).toThrow(
      "Valid modes: 'strict'",
    )
  })
})

describe('toHaveToolTrajectory over steps', () => {
  // Turn 0 searches; turn 1 asks for two cities' weather in one message, then books.
  const weatherCall = (id: string, city: string) => ({
    id,
    type: 'function' as const,
    function: { name: 'get_weather', arguments: JSON.stringify({ city }) },
  })
  const stepped = () =>
    runScenario(travel, {
      model: scriptedModel([
        { content: 'Found two.', toolCalls: [call('1', 'search', { q: 'Paris hotels' })] },
        {
          content: 'Booked.',
          messages: [
            {
              role: 'assistant',
              content: null,
              tool_calls: [weatherCall('w1', 'SF'), weatherCall('w2', 'London')],
            },
            { role: 'tool', tool_call_id: 'w1', content: 'sunny' },
            { role: 'tool', tool_call_id: 'w2', content: 'rainy' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'b1', type: 'function', function: { name: 'book', arguments: '{}' } },
              ],
            },
            { role: 'tool', tool_call_id: 'b1', content: 'ok' },
          ],
        },
      ]),
    })
  const weather = (city: string) => ({ name: 'get_weather', args: { city } })

  test('parallel calls in any order, unless parallel is ordered; a turn alone', async () => {
    const result = await stepped()
    expect(result).toHaveToolTrajectory(['search', weather('London'), weather('SF'), 'book'])
    expect(result).toHaveToolTrajectory(['search', ['get_weather', 'get_weather'], 'book'])
    expect(result).not.toHaveToolTrajectory(['search', 'get_weather', 'book', 'get_weather'])
    expect(result).not.toHaveToolTrajectory([weather('London'), weather('SF'), 'book'], {
      turn: 1,
      parallel: 'ordered',
    })
    expect(result).toHaveToolTrajectory([weather('SF'), weather('London'), 'book'], {
      turn: -1,
      parallel: 'ordered',
    })
    expect(result).toHaveToolTrajectory([[weather('London'), weather('SF')], ['book']], {
      turn: 1,
    })
  })

  test('a failure shows the calls of one message grouped, and the step that differs', async () => {
    const result = await stepped()
    const { message } = failure(() =>
      expect(result).toHaveToolTrajectory(['book', weather('SF'), weather('London')], {
        turn: 1,
      }),
    )
    expect(message).toMatchInlineSnapshot(`
      "expect(result).toHaveToolTrajectory(['book', get_weather({ city: 'SF' }), get_weather({ city: 'London' })], {"turn":1})

      Expected exactly these calls, in this order in turn 1 (strict): ['book', get_weather({ city: 'SF' }), get_weather({ city: 'London' })].
      Calls made, per turn:
        #1 book  [get_weather({"city":"SF"}), get_weather({"city":"London"})], book({})
      Note: Turn 1 ('book'): toolTrajectory strict ['book', get_weather({ city: 'SF' }), get_weather({ city: 'London' })] (turnAt(1)): calls made: [get_weather({"city":"SF"}), get_weather({"city":"London"})], book({}); first difference at step 0: [get_weather({"city":"SF"}), get_weather({"city":"London"})] where ['book', get_weather({ city: 'SF' })] was expected; the check does not match."
    `)
    const ordered = failure(() =>
      expect(result).toHaveToolTrajectory(['search', weather('London'), weather('SF'), 'book'], {
        parallel: 'ordered',
      }),
    )
    expect(ordered.message).toMatchInlineSnapshot(`
      "expect(result).toHaveToolTrajectory(['search', get_weather({ city: 'London' }), get_weather({ city: 'SF' }), 'book'], {"parallel":"ordered"})

      Expected exactly these calls, in this order (strict, parallel calls in order): ['search', get_weather({ city: 'London' }), get_weather({ city: 'SF' }), 'book'].
      Calls made, per turn:
        #0 ask   search({"q":"Paris hotels"})
        #1 book  [get_weather({"city":"SF"}), get_weather({"city":"London"})], book({})
      Note: toolTrajectory strict (parallel calls in order) ['search', get_weather({ city: 'London' }), get_weather({ city: 'SF' }), 'book'] (all turns): calls made: search({"q":"Paris hotels"}), [get_weather({"city":"SF"}), get_weather({"city":"London"})], book({}); first difference at step 1: [get_weather({"city":"SF"}), get_weather({"city":"London"})] where [get_weather({ city: 'London' }), get_weather({ city: 'SF' })] was expected; the check does not match."
    `)
  })

  test('parallel with a mode other than strict is an error', async () => {
    const result = await stepped()
    expect(() =>
      expect(result).toHaveToolTrajectory(['book'], { mode: 'subset', parallel: 'ordered' }),
    ).toThrow("'parallel' with mode 'subset'")
  })
})
