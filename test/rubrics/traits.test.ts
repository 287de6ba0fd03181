import { describe, expect, test } from 'vitest'
import { callableTrait, llmTrait, regexTrait, scoreTraits } from '../../src/rubrics/index.js'
import type { Diagnostic, ScenarioStateView } from '../../src/state/types.js'

const context = { nodeId: 'n', turn: 0, state: {} as ScenarioStateView }

describe('trait constructors', () => {
  test('regexTrait keeps pattern and flags as data (from a string or a RegExp)', () => {
    expect(regexTrait('bcl2', /bcl-?2/gi)).toEqual({
      type: 'RegexTrait',
      name: 'bcl2',
      pattern: 'bcl-?2',
      flags: 'i',
      invert: false,
    })
    expect(regexTrait('hedge', 'maybe', { invert: true })).toMatchObject({
      pattern: 'maybe',
      flags: '',
      invert: true,
    })
  })

  test('bad arguments fail at the call', () => {
    expect(() => regexTrait('bad', '(')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] regexTrait('bad') has an invalid pattern: Invalid regular expression: /(/: Unterminated group
      Fix the pattern or its flags (JS flag letters, e.g. "i").
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error -- unknown key
    expect(() => regexTrait('x', 'a', { negate: true })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'negate' in regexTrait('x')
      Valid keys: 'invert', 'flags'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error -- not a function
    expect(() => callableTrait('x', 'nope')).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] callableTrait('x') needs a function (response, context) => boolean | number
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(() =>
      // @ts-expect-error -- unknown kind
      llmTrait('x', { description: 'd', kind: 'stars' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown trait kind in llmTrait('x'): 'stars'
      Valid values: 'boolean', 'score', 'labels'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      llmTrait('x', { description: 'd', kind: 'labels', labels: ['only'] }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] llmTrait('x') needs at least two string labels
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
  })

  test('llmTrait gives a score range a default of 1–5', () => {
    expect(llmTrait('clarity', { description: 'How clear?', kind: 'score' })).toEqual({
      type: 'LlmTrait',
      name: 'clarity',
      description: 'How clear?',
      kind: 'score',
      min: 1,
      max: 5,
    })
  })
})

describe('scoreTraits', () => {
  test('scores regex traits as booleans (search semantics, invert flips) and callables as returned', () => {
    const diagnostics: Diagnostic[] = []
    const scores = scoreTraits(
      {
        traits: [
          regexTrait('mentions', 'BCL-2'),
          regexTrait('no-hedge', /maybe/i, { invert: true }),
          callableTrait('words', (r) => r.split(' ').length),
        ],
      },
      'It is a BCL-2 inhibitor',
      context,
      diagnostics,
    )
    expect(scores).toEqual({ mentions: true, 'no-hedge': true, words: 5 })
    expect(diagnostics).toEqual([])
  })

  test('a callable returning a non-score leaves a diagnostic and no score', () => {
    const diagnostics: Diagnostic[] = []
    const scores = scoreTraits(
      { traits: [callableTrait('bad', () => 'yes' as never)] },
      'x',
      context,
      diagnostics,
    )
    expect(scores).toEqual({})
    expect(diagnostics).toEqual([
      {
        kind: 'rubric',
        message: "Trait 'bad' returned 'yes', not a boolean or a finite number; it has no score",
        nodeId: 'n',
        turn: 0,
      },
    ])
  })
})
