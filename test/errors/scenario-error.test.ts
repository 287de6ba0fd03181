import { describe, expect, test } from 'vitest'
import {
  InvalidArgumentError,
  RecordingMissingError,
  ScenarioDocumentError,
  type ScenarioError,
} from '../../src/errors/index.js'
import { Scenario } from '../../src/scenario/index.js'
import { oneNodeDocument } from '../serialization/support/document-builders.js'

describe('ScenarioError keeps its parts', () => {
  test('what, subjects, details and fix are data beside the message made of them', () => {
    const error = new RecordingMissingError(
      {
        what: 'No recording for model call #1 of this test: no interaction matches',
        subjects: ['recording: a.json', 'mode: replay'],
        details: 'Request (normalized): POST /chat/completions',
        fix: 'Re-record this test.',
      },
      { file: '/abs/a.json', mode: 'replay' },
    )
    expect(error).toMatchObject({
      code: 'recording_missing',
      what: 'No recording for model call #1 of this test: no interaction matches',
      subjects: ['recording: a.json', 'mode: replay'],
      details: 'Request (normalized): POST /chat/completions',
      fix: 'Re-record this test.',
      file: '/abs/a.json',
      mode: 'replay',
    })
    expect(error.message).toBe(
      [
        '[vitest-scenario] No recording for model call #1 of this test: no interaction matches',
        '  - recording: a.json',
        '  - mode: replay',
        '',
        'Request (normalized): POST /chat/completions',
        '',
        'Re-record this test.',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#recording_missing',
      ].join('\n'),
    )
  })

  test('the parts are masked as the message is', () => {
    const key = `sk-${'a'.repeat(40)}`
    const error = new InvalidArgumentError(`Bad key ${key}`, `Do not use ${key}`, [`key: ${key}`])
    for (const part of [error.what, error.fix, ...error.subjects, error.message]) {
      expect(part).not.toContain(key)
    }
  })

  test('an InvalidArgumentError carries what, fix and subjects as given', () => {
    const error = new InvalidArgumentError('Unknown mode', 'Use one of them.', ['option: mode'])
    expect([error.what, error.subjects, error.fix]).toEqual([
      'Unknown mode',
      ['option: mode'],
      'Use one of them.',
    ])
    expect(error.details).toBeUndefined()
  })

  test('a document error wraps the error it converts by its parts', () => {
    // A trait with an invalid pattern: regexTrait's own error, located in the document.
    let thrown: unknown
    try {
      const trait = { type: 'RegexTrait', name: 'r', pattern: '(', flags: 'i', invert: false }
      Scenario.fromJSON(
        oneNodeDocument({ question: { question: 'q', rubric: { traits: [trait] } } }),
      )
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ScenarioDocumentError)
    const error = thrown as ScenarioDocumentError
    const cause = error.cause as ScenarioError
    expect(cause.code).toBe('invalid_argument')
    expect(error.what).toBe(
      `Invalid scenario document at nodes.a.question.rubric.traits.0: ${cause.what}`,
    )
    expect(error.subjects).toEqual(cause.subjects)
    expect(error.fix).toBe(cause.fix)
    expect(error.locations).toEqual(['nodes.a.question.rubric.traits.0'])
  })
})
