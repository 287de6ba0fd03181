// Promise: bad input gets a clear error, never a TypeError from inside. The inputs the audit
// reported (issue 12, item 11), one by one: each is an `InvalidArgumentError` whose message
// starts `[vitest-scenario]`, names the function and the argument, says what was received and
// what to pass. `public-api.fuzz.test.ts` holds the same promise for every public function.
import { beforeAll, describe, expect, test } from 'vitest'
import { InvalidArgumentError, renderConversation, resolvePath, resultSet } from '../../src/core.js'
import {
  countTurns,
  lastTurn,
  Scenario,
  type ScenarioExecutionResult,
  scenario,
  wrap,
} from '../../src/index.js'
import { describeValue } from '../../src/internal/describe-value.js'
import { loadRunFixtures } from './support/valid-values.js'

let result: ScenarioExecutionResult

beforeAll(async () => {
  result = (await loadRunFixtures()).completed
})

/** The error `call` throws, checked to be the library's own. */
function thrownBy(call: () => unknown): InvalidArgumentError {
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toMatch(/^\[vitest-scenario\] /)
    return error as InvalidArgumentError
  }
  throw new Error('expected the call to throw')
}

const builder = () => new Scenario('s').addNode('ask', { question: 'Why?' })
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

describe('the inputs the audit reported', () => {
  test("addOutcome('n', check, null): the options must be an object", () => {
    const error = thrownBy(() =>
      builder().addOutcome('n', lastTurn({ verifyResult: true }), null as never),
    )
    expect(error.message).toBe(
      "[vitest-scenario] Expected an object in addOutcome('n'), got null\nPass an object with the keys 'description'.\nDocs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument",
    )
  })

  test('wrap(undefined): an openai client is needed', () => {
    expect(thrownBy(() => wrap(undefined as never)).message).toContain('got undefined')
  })

  test('setEntry(Object.create(null)): a node id is needed, not "Cannot convert object to primitive value"', () => {
    const error = thrownBy(() => builder().setEntry(Object.create(null)))
    expect(error.message).toContain(
      'setEntry() needs a node id (a non-empty string), got an object',
    )
  })

  test('scenario.each(5): the rows must be an array', () => {
    const error = thrownBy(() => scenario.each(5 as never))
    expect(error.message).toContain('scenario.each(rows) needs an array of rows, got 5')
  })

  test('scenario(Symbol()): the name must be a string', () => {
    const error = thrownBy(() =>
      scenario(
        Symbol('s') as never,
        () => undefined,
        async () => {},
      ),
    )
    expect(error.message).toContain('scenario(name, …) needs a name (a string), got Symbol(s)')
  })

  test('resolvePath(null, path) and resolvePath(state, 5)', () => {
    expect(thrownBy(() => resolvePath(null as never, 'turn')).message).toContain(
      "needs the run's state, got null",
    )
    expect(thrownBy(() => resolvePath(result.finalState, 5 as never)).message).toContain(
      'needs a dot path (a string), got 5',
    )
  })

  test('renderConversation() of a damaged result names the field at fault', () => {
    const damaged = structuredClone(result)
    ;(damaged.history[0] as unknown as Record<string, unknown>).toolCalls = 'nope'
    expect(thrownBy(() => renderConversation(damaged)).message).toContain(
      "`history.0.toolCalls` is 'nope', not an array",
    )
  })

  test('resultSet(5): an array of results is needed', () => {
    expect(thrownBy(() => resultSet(5 as never)).message).toContain(
      'resultSet(results) needs an array of results, got 5',
    )
  })
})

describe('values that run code when read', () => {
  test('a getter that throws is named, with what it threw', () => {
    const options = {
      get node(): string {
        throw new Error('boom')
      },
    }
    const error = thrownBy(() => countTurns(options))
    expect(error.message).toContain('Reading `node` of countTurns() threw Error: boom')
    expect(error.cause).toBeInstanceOf(Error)
  })

  test('a revoked Proxy is refused, not "Cannot perform \'get\' on a proxy that has been revoked"', () => {
    expect(thrownBy(() => countTurns(revoked() as never)).message).toContain('a Proxy')
  })

  test('cyclic data is refused at the call, naming where the cycle closes', () => {
    const when: Record<string, unknown> = {}
    when.self = when
    const error = thrownBy(() => builder().addEdge('ask', 'ask', { when: { 'parsed.a': when } }))
    expect(error.message).toContain('`when.parsed.a.self` of addEdge(')
    expect(error.message).toContain('refers back to itself')
  })
})

describe('messages describe values without converting them', () => {
  test('describeValue never throws, whatever it is given', () => {
    const hostile: unknown[] = [
      Object.create(null),
      Symbol('s'),
      10n,
      revoked(),
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap')
          },
          getPrototypeOf: () => {
            throw new Error('trap')
          },
        },
      ),
      {
        get type(): string {
          throw new Error('getter')
        },
      },
      {
        [Symbol.toPrimitive]: () => {
          throw new Error('toPrimitive')
        },
      },
      Object(Symbol('boxed')),
      'x'.repeat(10_000),
    ]
    const described = hostile.map(describeValue)
    expect(described.slice(0, 3)).toEqual(['an object', 'Symbol(s)', '10n'])
    expect(described[3]).toBe('a Proxy')
    expect(described[8]?.length).toBeLessThan(100)
  })
})
