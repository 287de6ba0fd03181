import { describe, expect, test } from 'vitest'
import { type MatchState, match } from '../../src/recordings/match.js'
import type { RecordedInteraction, RecordingFile } from '../../src/recordings/recording-file.js'

// match() is the one rule every call of a recording session is decided by: pure, so each case is
// one state and one call.

const interaction = (content: string): RecordedInteraction => ({
  request: { method: 'POST', path: '/chat/completions', body: { content } },
  response: { status: 200, headers: {}, body: { content } },
  durationMs: 5,
})

const first = interaction('first')
const second = interaction('second')

const file = (status: RecordingFile['status']): RecordingFile => ({
  kind: 'vitest-scenario.recording',
  formatVersion: 1,
  keyVersion: 1,
  test: 't',
  status,
  interactions: [first, second],
})

const state = (overrides: Partial<MatchState> = {}): MatchState => ({
  mode: 'replay',
  refusal: undefined,
  recording: file('complete'),
  byKey: new Map([['K', [first, second]]]),
  diverged: false,
  ...overrides,
})

describe('match()', () => {
  test('a recorded key replays the interaction at its occurrence', () => {
    expect(match(state(), { key: 'K', occurrence: 0 })).toEqual({
      kind: 'replay',
      interaction: first,
    })
    expect(match(state(), { key: 'K', occurrence: 1 })).toEqual({
      kind: 'replay',
      interaction: second,
    })
  })

  test('past the recorded occurrences, replay mode misses', () => {
    expect(match(state(), { key: 'K', occurrence: 2 })).toEqual({
      kind: 'miss',
      reason: 'no recorded request matches this one',
    })
    expect(
      match(state({ recording: undefined, byKey: new Map() }), { key: 'K', occurrence: 0 }),
    ).toEqual({
      kind: 'miss',
      reason: 'no recording file exists',
    })
  })

  test('new mode records onto no file or a partial one, and misses against a complete one', () => {
    const call = { key: 'X', occurrence: 0 }
    expect(match(state({ mode: 'new', recording: undefined, byKey: new Map() }), call)).toEqual({
      kind: 'record',
      previous: undefined,
      diverges: false,
    })
    expect(match(state({ mode: 'new', recording: file('partial') }), call)).toMatchObject({
      kind: 'record',
      diverges: true,
    })
    expect(match(state({ mode: 'new' }), call)).toMatchObject({
      kind: 'miss',
      reason: expect.stringContaining('the recording is complete'),
    })
  })

  test('all mode replays until the test diverged, then records', () => {
    expect(match(state({ mode: 'all' }), { key: 'K', occurrence: 0 }).kind).toBe('replay')
    expect(match(state({ mode: 'all', diverged: true }), { key: 'K', occurrence: 0 })).toEqual({
      kind: 'record',
      previous: first,
      diverges: true,
    })
  })

  test('rerecord records every call, naming the interaction it replaces', () => {
    expect(match(state({ mode: 'rerecord' }), { key: 'K', occurrence: 1 })).toEqual({
      kind: 'record',
      previous: second,
      diverges: true,
    })
  })

  test('a refusal wins over everything', () => {
    const error = new Error('duplicate name')
    expect(match(state({ refusal: error }), { key: 'K', occurrence: 0 })).toEqual({
      kind: 'refuse',
      error,
    })
  })

  test('changes nothing: the same question gets the same answer', () => {
    const s = state()
    const before = JSON.stringify([...s.byKey])
    match(s, { key: 'K', occurrence: 0 })
    match(s, { key: 'K', occurrence: 0 })
    expect(JSON.stringify([...s.byKey])).toBe(before)
    expect(s.diverged).toBe(false)
  })
})
