import { describe, expect, test, vi } from 'vitest'
import { optionsMemo } from '../../src/runner/options-memo.js'

// A session as the memo sees one: whatever the given test says is one.
class Session {}
const session = { recording: (value: unknown) => value instanceof Session }

/** A check that copies its options, as a schema's parse does, and counts its runs. */
function counted() {
  return vi.fn(
    (options: Record<string, unknown>): Record<string, unknown> => ({ ...options, turnLimit: 20 }),
  )
}

describe('optionsMemo', () => {
  test('a model config object with a new recording session each run is checked once', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const model = { model: 'm', baseURL: 'http://127.0.0.1:9/v1' }
    const sessions = [new Session(), new Session(), new Session()]
    const outputs = sessions.map((recording) => {
      const options = { model, recording }
      return checkedOptions(options, () => check(options), session)
    })
    expect(check).toHaveBeenCalledTimes(1)
    // Each run gets its own session in the reused result, never an earlier run's.
    outputs.forEach((output, i) => {
      expect(output.recording).toBe(sessions[i])
      expect(output.model).toBe(model)
    })
  })

  test('a run without a session does not get the session of the run checked before', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const model = { model: 'without-session' }
    checkedOptions({ model, recording: new Session() }, () => check({ model }), session)
    const output = checkedOptions({ model, recording: undefined }, () => check({ model }), session)
    expect(check).toHaveBeenCalledTimes(1)
    expect(output.recording).toBeUndefined()
  })

  test('copies of one config, as each scenario() test hands its run, share one check', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const written = { model: 'copied', baseURL: 'http://127.0.0.1:9/v1' }
    for (let i = 0; i < 3; i++) {
      const model = { ...written }
      const output = checkedOptions({ model }, () => check({ model }), session)
      expect(output.model).toEqual(written)
    }
    expect(check).toHaveBeenCalledTimes(1)
    // Another config is checked, and so is the first one again after it (one is remembered).
    checkedOptions({ model: { model: 'other' } }, () => check({}), session)
    checkedOptions({ model: { ...written } }, () => check({}), session)
    expect(check).toHaveBeenCalledTimes(3)
  })

  test('a config changed in place is checked again', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const model = { model: 'a' }
    checkedOptions({ model }, () => check({ model }), session)
    model.model = 'b'
    checkedOptions({ model }, () => check({ model }), session)
    expect(check).toHaveBeenCalledTimes(2)
  })

  test('a recording that is no session is checked, and its error thrown, every time', () => {
    const checkedOptions = optionsMemo()
    const model = { model: 'm' }
    checkedOptions({ model, recording: new Session() }, () => ({ model }), session)
    const refuse = vi.fn(() => {
      throw new Error('not a session')
    })
    expect(() => checkedOptions({ model, recording: {} }, refuse, session)).toThrow('not a session')
    expect(() => checkedOptions({ model, recording: {} }, refuse, session)).toThrow('not a session')
    expect(refuse).toHaveBeenCalledTimes(2)
  })

  test('a config holding an object, or another object option, is checked every time', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const withHeaders = { model: 'm', headers: { a: '1' } }
    const withRecordingKey = { model: 'm', recording: new Session() }
    const plain = { model: 'm' }
    for (let i = 0; i < 2; i++) {
      checkedOptions({ model: withHeaders }, () => check({}), session)
      // Only the options' own `recording` is a session: in a config it is an object like any other.
      checkedOptions({ model: withRecordingKey }, () => check({}), session)
      checkedOptions({ model: plain, seed: [] }, () => check({}), session)
    }
    expect(check).toHaveBeenCalledTimes(6)
  })

  test('a new abort signal each run is checked apart too, as the host adds one to every run', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const model = { model: 'signalled' }
    const apart = { ...session, signal: (value: unknown) => value instanceof AbortSignal }
    const signals = [new AbortController().signal, new AbortController().signal]
    const outputs = signals.map((signal) =>
      checkedOptions(
        { model, signal, recording: new Session() },
        () => check({ model, signal }),
        apart,
      ),
    )
    expect(check).toHaveBeenCalledTimes(1)
    outputs.forEach((output, i) => {
      expect(output.signal).toBe(signals[i])
    })
    // What fails its own test makes the whole check run (and report it).
    checkedOptions({ model, signal: { not: 'a signal' } }, () => check({}), apart)
    expect(check).toHaveBeenCalledTimes(2)
  })

  test("each memo has its own results: one schema's result is no answer for another's", () => {
    const checkRun = optionsMemo()
    const checkScenario = optionsMemo()
    const agent = () => 'hi'
    checkRun({ model: agent }, () => ({ model: agent, turnLimit: 20 }), session)
    const scenarioOutput = checkScenario({ model: agent }, () => ({ model: agent }), session)
    expect(scenarioOutput).toEqual({ model: agent })
  })

  test('an agent function with the same primitive options is checked once', () => {
    const checkedOptions = optionsMemo()
    const check = counted()
    const agent = () => 'hi'
    for (let i = 0; i < 3; i++) {
      checkedOptions(
        { model: agent, turnLimit: 5, recording: new Session() },
        () => check({}),
        session,
      )
    }
    checkedOptions({ model: agent, turnLimit: 6 }, () => check({}), session)
    expect(check).toHaveBeenCalledTimes(2)
  })
})
