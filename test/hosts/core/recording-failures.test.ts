import { describe, expect, test } from 'vitest'
import { InvalidArgumentError, RecordingError } from '../../../src/errors/index.js'
import {
  isRecordingFailure,
  recordingFailuresFirst,
} from '../../../src/hosts/core/recording-failures.js'

// Recording failures are told from their `code`, also on a runner's serialized copy of an error.

describe('recording failures', () => {
  test('are told by their code, not their name', () => {
    expect(isRecordingFailure(new RecordingError({ what: 'x' }, 'a.json'))).toBe(true)
    expect(isRecordingFailure({ code: 'network_blocked', message: 'copied' })).toBe(true)
    expect(isRecordingFailure({ name: 'RecordingError', message: 'no code' })).toBe(false)
    expect(isRecordingFailure(new InvalidArgumentError('x'))).toBe(false)
    expect(isRecordingFailure('recording_missing')).toBe(false)
  })

  test('come first, each group in its order', () => {
    const assertion = { name: 'AssertionError' }
    const miss = { code: 'recording_missing' }
    const refused = { code: 'unrecorded_call' }
    expect(recordingFailuresFirst([assertion, miss, refused])).toEqual([miss, refused, assertion])
  })
})
