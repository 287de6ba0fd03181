import { describe, expect, test } from 'vitest'
import { RecordingMissingError, RecordingSecretError } from '../../src/errors/index.js'
import { testFailure } from '../../src/hosts/core/test-failure.js'

const miss = (n: number) =>
  new RecordingMissingError(
    { what: `No recording for model call #${n} of this test`, fix: 'Re-record this test.' },
    { file: 'a.json', mode: 'replay' },
  )

describe('the error a Jest test with recording failures fails with', () => {
  test('one failure is thrown as it is, docs line included, then the test’s own error', () => {
    const failure = testFailure([miss(1)], new Error('expected completed'))
    expect(failure.message).toBe(
      [
        '[vitest-scenario] No recording for model call #1 of this test',
        'Re-record this test.',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#recording_missing',
        '',
        'The test also failed with:',
        'expected completed',
      ].join('\n'),
    )
  })

  test('several are joined, each docs line once at the end', () => {
    const secret = new RecordingSecretError(
      { what: 'A secret in the recording', fix: 'Redact it.' },
      { file: 'a.json', jsonPath: 'request.headers.authorization', pattern: 'bearer' },
    )
    const failure = testFailure([miss(1), miss(2), secret], undefined)
    expect(failure).toBeInstanceOf(AggregateError)
    expect(failure.message).toBe(
      [
        '[vitest-scenario] 3 recording failures:',
        '',
        '[vitest-scenario] No recording for model call #1 of this test',
        'Re-record this test.',
        '',
        '[vitest-scenario] No recording for model call #2 of this test',
        'Re-record this test.',
        '',
        '[vitest-scenario] A secret in the recording',
        'Redact it.',
        '',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#recording_missing',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#recording_secret',
      ].join('\n'),
    )
  })
})
