import { describe, expect, test } from 'vitest'
import { END, type JsonObject, Scenario } from '../../src/core.js'
import { oneNodeDocument } from './support/document-builders.js'

const valid = oneNodeDocument({ question: 'q' })
const load = (document: unknown) => () => Scenario.fromJSON(document)
const node = (fields: JsonObject) => load(oneNodeDocument({ question: 'q', ...fields }))

describe('rubrics', () => {
  const traits = (...list: JsonObject[]) =>
    node({ question: { question: 'q', rubric: { traits: list } } })
  const regex = { type: 'RegexTrait', name: 'r', pattern: 'a', flags: 'i', invert: false }

  test('regex flags are JS flag letters, validated (SPEC 12.17)', () => {
    expect(traits({ ...regex, flags: 'q' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.a.question.rubric.traits.0: regexTrait('r') has an invalid pattern: Invalid flags supplied to RegExp constructor 'q'
      Fix the pattern or its flags (JS flag letters, e.g. "i").
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(traits({ ...regex, flags: 'gi' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: the flag 'g' is not kept by regexTrait()
        - at nodes.a.question.rubric.traits.0.flags
      Leave it out.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(traits({ ...regex, pattern: '(' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.a.question.rubric.traits.0: regexTrait('r') has an invalid pattern: Invalid regular expression: /(/i: Unterminated group
      Fix the pattern or its flags (JS flag letters, e.g. "i").
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(traits({ ...regex, invert: 'no' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a boolean, got 'no'
        - at nodes.a.question.rubric.traits.0.invert
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('model-judged traits have the keys their kind needs', () => {
    const llm = { type: 'LlmTrait', name: 'l', description: 'd' }
    expect(traits({ ...llm, kind: 'score' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'min', 'max'
        - at nodes.a.question.rubric.traits.0
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(traits({ ...llm, kind: 'score', min: 5, max: 1 })).toThrowErrorMatchingInlineSnapshot(
      `
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.a.question.rubric.traits.0: llmTrait('l') needs finite min < max for a score (got 5, 1)
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `,
    )
    expect(
      traits({ ...llm, kind: 'boolean', labels: ['a', 'b'] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'labels'
        - at nodes.a.question.rubric.traits.0
      Valid keys: 'type', 'name', 'description', 'kind'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(traits({ ...llm, kind: 'stars' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a trait kind, got 'stars'
        - at nodes.a.question.rubric.traits.0.kind
      Valid values: 'boolean', 'score', 'labels'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('trait types and names are checked', () => {
    expect(traits({ type: 'JudgeTrait', name: 'j' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a trait type, got 'JudgeTrait'
        - at nodes.a.question.rubric.traits.0.type
      Valid types: 'RegexTrait', 'LlmTrait', 'CallableTrait'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(traits(regex, regex)).toThrowErrorMatchingInlineSnapshot(
      `
      [ScenarioDocumentError: [vitest-scenario] The rubric in nodes.a.question.rubric has two traits named 'r'
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `,
    )
    expect(node({ question: { question: 'q', rubric: {} } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'traits'
        - at nodes.a.question.rubric
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})

describe('edges and outcome criteria', () => {
  test('edges have a source and a target, and no other key but when', () => {
    expect(load({ ...valid, edges: [{ source: 'a' }] })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'target'
        - at edges.0
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ ...valid, edges: [{ source: 'a', target: END, condition: null }] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'condition'
        - at edges.0
      Valid keys: 'source', 'target', 'when'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('criteria are named uniquely, described, and have a valid check or evaluate', () => {
    const criteria = (...list: JsonObject[]) => load({ ...valid, outcomeCriteria: list })
    const check = {
      type: 'ResultCheck',
      field: 'status',
      expected: 'completed',
      verifyWith: { type: 'LiteralMatch' },
    }
    expect(criteria({ name: 'x', description: '' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: the criterion has neither 'check' nor 'evaluate'
        - at outcomeCriteria.x
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(criteria({ name: 'x', check })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'description'
        - at outcomeCriteria.x
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      criteria({ name: 'x', description: '', check }, { name: 'x', description: '', check }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: outcome criterion 'x' appears twice
        - at outcomeCriteria[1].name
      Criterion names are unique.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      criteria({ name: 'x', description: '', check: { ...check, field: 'score' } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check.field: 'score'
      Valid result fields: 'status', 'turnCount', 'path', 'scenarioId', 'turn_count', 'scenario_id'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      criteria({ name: 'x', description: '', check: { type: 'TurnAt', index: 0 } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.x.check: an object of type 'TurnAt' is not an outcome check
      A scope is not a check: wrap it, e.g. turnCheck(turnAt(0), 'verifyResult', true).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})
