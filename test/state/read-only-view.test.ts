import { describe, expect, test } from 'vitest'
import { ReadOnlyStateError } from '../../src/errors/index.js'
import { readOnlyView } from '../../src/state/read-only-view.js'
import type { TurnRecord } from '../../src/state/types.js'
import { makeState } from './state-fixture.js'

const turn = { nodeId: 'ask', questionText: 'Q?', rawResponse: 'A' } as TurnRecord

function sample() {
  return makeState({
    verifyResult: false,
    parsed: { drug: 'aspirin', tags: ['a', 'b'] },
    accumulated: { attempts: 1, seen: { ask: true } },
    nodeVisits: { ask: 1 },
    history: [turn],
  })
}

describe('readOnlyView', () => {
  test('reads see the state, nested and through array methods', () => {
    const state = sample()
    const view = readOnlyView(state)
    expect(view.verifyResult).toBe(false)
    expect(view.parsed.drug).toBe('aspirin')
    expect(view.accumulated.seen).toEqual({ ask: true })
    expect(Array.isArray(view.history)).toBe(true)
    expect(view.history.map((t) => t.nodeId)).toEqual(['ask'])
    expect(view.history.length).toBe(1)
    expect(Object.keys(view.parsed)).toEqual(['drug', 'tags'])
    expect({ ...view.accumulated }).toEqual({ attempts: 1, seen: { ask: true } })
    expect('drug' in view.parsed).toBe(true)
    expect(JSON.parse(JSON.stringify(view))).toEqual(JSON.parse(JSON.stringify(state)))
    expect(view).toEqual(state)
  })

  test('is live: later changes of the state show through', () => {
    const state = sample()
    const view = readOnlyView(state)
    state.parsed = { drug: 'ibuprofen' }
    state.nodeVisits.ask = 2
    expect(view.parsed.drug).toBe('ibuprofen')
    expect(view.nodeVisits.ask).toBe(2)
  })

  test('every kind of write throws a ReadOnlyStateError and changes nothing', () => {
    const state = sample()
    const view = readOnlyView(state)
    // Casts away the read-only types, as plain JavaScript callers would not have them.
    const root = view as unknown as Record<string, unknown>
    const parsed = view.parsed as Record<string, unknown>
    const accumulated = view.accumulated as Record<string, unknown>
    const seen = accumulated.seen as Record<string, unknown>
    const history = view.history as unknown as unknown[]
    const tags = parsed.tags as string[]
    const attempts = [
      () => {
        root.parsed = {}
      },
      () => {
        accumulated.attempts = 99
      },
      () => {
        seen.ask = false
      },
      () => {
        delete parsed.drug
      },
      () => history.push(turn),
      () => tags.reverse(),
      () => Object.defineProperty(parsed, 'x', { value: 1 }),
      () => Object.setPrototypeOf(parsed, null),
      () => Object.freeze(parsed),
    ]
    for (const attempt of attempts) {
      expect(attempt).toThrow(ReadOnlyStateError)
      expect(attempt).toThrow(expect.objectContaining({ code: 'state_read_only' }))
    }
    expect(state).toEqual(sample())
  })

  test('the error says the state is read-only and what was written', () => {
    const view = readOnlyView(sample()) as unknown as { accumulated: Record<string, unknown> }
    expect(() => {
      view.accumulated.attempts = 2
    }).toThrowErrorMatchingInlineSnapshot(`
      [ReadOnlyStateError: [vitest-scenario] The scenario state is read-only here: cannot set 'attempts'
      Change state in a node stateUpdate instead.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#state_read_only]
    `)
  })

  test('the error keeps what was tried as data', () => {
    const view = readOnlyView(sample()) as unknown as { parsed: Record<string, unknown> }
    let thrown: unknown
    try {
      delete view.parsed.drug
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({
      code: 'state_read_only',
      action: 'delete',
      key: 'drug',
      fix: 'Change state in a node stateUpdate instead.',
      docs: 'docs/reference/errors.md#state_read_only',
    })
  })

  test('frozen parts of the state can be viewed', () => {
    const state = sample()
    state.parsed = Object.freeze({ inner: Object.freeze({ x: 1 }) })
    const view = readOnlyView(state)
    expect((view.parsed.inner as { x: number }).x).toBe(1)
    expect(Object.getOwnPropertyDescriptor(view.parsed, 'inner')?.enumerable).toBe(true)
  })

  test('built-ins with internal slots are handed out as copies', () => {
    const when = new Date('2024-01-02T00:00:00Z')
    const state = makeState({ accumulated: { when, ids: new Set([1]) } })
    const view = readOnlyView(state)
    const date = view.accumulated.when as Date
    expect(date.getTime()).toBe(when.getTime())
    date.setFullYear(1999)
    ;(view.accumulated.ids as Set<number>).add(2)
    expect(when.getUTCFullYear()).toBe(2024)
    expect(state.accumulated.ids).toEqual(new Set([1]))
  })

  test('within one view, the same object gives the same nested view; a view is not wrapped twice', () => {
    const state = sample()
    const view = readOnlyView(state)
    expect(view.parsed).toBe(view.parsed)
    expect(view.history[0]).toBe(view.history[0])
    expect(readOnlyView(view)).toBe(view)
    expect(readOnlyView(view.parsed)).toBe(view.parsed)
    expect(readOnlyView(3)).toBe(3)
    expect(readOnlyView(null)).toBeNull()
  })
})
