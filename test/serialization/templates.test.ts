import { zodResponseFormat } from 'openai/helpers/zod'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import {
  type AnswerTemplate,
  defineTemplate,
  exactMatch,
  numericTolerance,
  Scenario,
  type ScenarioDefinition,
  type TemplateDocument,
} from '../../src/core.js'
import { templateDocument } from './support/document-builders.js'

afterEach(() => {
  vi.restoreAllMocks()
})

// JSON.parse's `any` result fits every template's parse.
function parseJson(raw: string) {
  return JSON.parse(raw)
}

function withTemplate(template: AnswerTemplate): ScenarioDefinition {
  return new Scenario('t')
    .addNode('a', { question: { question: 'q', template } })
    .setEntry('a')
    .validate()
}

function templateOf(definition: ScenarioDefinition): AnswerTemplate {
  const question = definition.nodes.a?.question
  if (typeof question !== 'object' || question?.template === undefined)
    throw new Error('no template')
  return question.template
}

function templateDocOf(definition: ScenarioDefinition): TemplateDocument {
  const question = definition.toJSON().nodes[0]?.question
  if (typeof question !== 'object' || question === null || question.template === undefined)
    throw new Error('no template')
  return question.template
}

function roundTrip(definition: ScenarioDefinition): ScenarioDefinition {
  const loaded = Scenario.fromJSON(JSON.stringify(definition), { callables: { parseJson } })
  expect(loaded.toJSON()).toEqual(definition.toJSON())
  return loaded
}

describe('templates in the document (SPEC 8)', () => {
  test('the schema is JSON Schema, with the ground truth and per-field primitives as data', () => {
    const schema = z.object({ drug: z.string(), dose: z.number() })
    const definition = withTemplate(
      defineTemplate({
        schema,
        groundTruth: { drug: 'venetoclax', dose: 400 },
        verify: {
          drug: exactMatch({ normalize: ['strip'] }),
          dose: numericTolerance({ tolerance: 0.1 }),
        },
      }),
    )
    expect(templateDocOf(definition)).toEqual({
      schema: z.toJSONSchema(schema),
      groundTruth: { drug: 'venetoclax', dose: 400 },
      verify: {
        drug: { type: 'ExactMatch', normalize: ['strip'] },
        dose: { type: 'NumericTolerance', tolerance: 0.1, mode: 'relative' },
      },
    })
    const loaded = roundTrip(definition)
    const template = templateOf(loaded)
    expect(template.verify).toEqual({
      drug: { type: 'ExactMatch', normalize: ['strip'] },
      dose: { type: 'NumericTolerance', tolerance: 0.1, mode: 'relative' },
    })
    expect((template.verify as Record<string, { check: unknown }>).drug?.check).toBeTypeOf(
      'function',
    )
  })

  test('a template without parse is rebuilt for structured outputs', () => {
    const schema = z.object({
      answer: z.enum(['yes', 'no']).describe('The verdict'),
      confidence: z.number().min(0).max(1),
      note: z.string().nullable(),
      address: z.object({ city: z.string() }),
      tags: z.array(z.object({ name: z.string() })),
    })
    const loaded = roundTrip(
      withTemplate(defineTemplate({ schema, groundTruth: { answer: 'yes' } })),
    )
    const rebuilt = templateOf(loaded).schema
    const format = zodResponseFormat(rebuilt, 'answer')
    expect(format.json_schema.schema).toMatchObject({
      properties: { answer: { description: 'The verdict', enum: ['yes', 'no'] } },
    })
    expect(rebuilt.safeParse({ answer: 'maybe' }).success).toBe(false)
    expect(
      rebuilt.safeParse({
        answer: 'yes',
        confidence: 2,
        note: null,
        address: { city: 'x' },
        tags: [],
      }).success,
    ).toBe(false)
  })

  test('a rebuilt schema strips unknown keys at every level, never rejects them (SPEC 13.30)', () => {
    const schema = z.object({
      name: z.string(),
      address: z.object({ city: z.string() }).nullable(),
      items: z.array(z.object({ id: z.number() })),
      counts: z.record(z.string(), z.number()),
      extra: z.looseObject({ kind: z.string() }),
    })
    const loaded = roundTrip(withTemplate(defineTemplate({ schema, parse: parseJson })))
    const value = {
      name: 'n',
      unknown: 1,
      address: { city: 'c', zip: '1' },
      items: [{ id: 1, note: 'x' }],
      counts: { a: 1, b: 2 },
      extra: { kind: 'k', kept: true },
    }
    const expected = {
      name: 'n',
      address: { city: 'c' },
      items: [{ id: 1 }],
      counts: { a: 1, b: 2 },
      extra: { kind: 'k', kept: true },
    }
    expect(schema.parse(value)).toEqual(expected)
    expect(templateOf(loaded).schema.parse(value)).toEqual(expected)
    expect(templateOf(loaded).schema.safeParse({ ...value, counts: { a: 'x' } }).success).toBe(
      false,
    )
    expect(loaded.warnings).toEqual([])
  })

  test('a recursive schema round-trips', () => {
    const Tree = z.object({
      label: z.string(),
      get children() {
        return z.array(Tree)
      },
    })
    const loaded = roundTrip(withTemplate(defineTemplate({ schema: Tree, parse: parseJson })))
    expect(
      templateOf(loaded).schema.parse({
        label: 'a',
        x: 1,
        children: [{ label: 'b', y: 2, children: [] }],
      }),
    ).toEqual({ label: 'a', children: [{ label: 'b', children: [] }] })
  })
})

describe('schema-lossy (SPEC 13.30, 13.42)', () => {
  const lossy: [string, z.ZodObject][] = [
    ['a refinement', z.object({ n: z.number().refine((n) => n > 0) })],
    ['a transform', z.object({ n: z.string().transform((s) => s.length) })],
    ['a rewriting check', z.object({ s: z.string().trim() })],
    ['coercion', z.object({ n: z.coerce.number() })],
    ['a strict object', z.strictObject({ s: z.string() })],
    ['a type JSON Schema cannot hold', z.object({ d: z.date() })],
    ['a pipe', z.object({ s: z.string().pipe(z.email()) })],
  ]

  test.each(lossy)('a schema with %s is written with the warning', (_, schema) => {
    const definition = withTemplate(defineTemplate({ schema, parse: parseJson }))
    expect(templateDocOf(definition).warnings).toEqual(['schema-lossy'])
    expect(definition.warnings.map((w) => w.code)).toEqual(['schema-lossy'])
    const loaded = roundTrip(definition)
    expect(loaded.warnings).toEqual(definition.warnings)
  })

  test('the warning names the node, goes to definition.warnings and is not printed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const definition = withTemplate(
      defineTemplate({ schema: z.object({ s: z.string().trim() }), parse: parseJson }),
    )
    expect(definition.warnings).toMatchInlineSnapshot(`
      [
        {
          "code": "schema-lossy",
          "ids": [
            "a",
          ],
          "message": "Node 'a': the template's schema has refinements, transforms or other behaviour that JSON Schema cannot hold; toJSON() writes it without them, and a definition loaded from that document runs without them",
        },
      ]
    `)
    expect(warn).not.toHaveBeenCalled()
  })

  test('a schema JSON Schema holds is written without warnings', () => {
    const schema = z.object({
      s: z.string().min(1).regex(/^a/),
      n: z.int().nullable(),
      e: z.email(),
    })
    const definition = withTemplate(defineTemplate({ schema, parse: parseJson }))
    expect(templateDocOf(definition)).not.toHaveProperty('warnings')
    expect(definition.warnings).toEqual([])
  })

  test('a loaded lossy schema parses without the behaviour it lost', () => {
    const schema = z.object({ s: z.string().trim() })
    const loaded = roundTrip(withTemplate(defineTemplate({ schema, parse: parseJson })))
    expect(schema.parse({ s: ' a ' })).toEqual({ s: 'a' })
    expect(templateOf(loaded).schema.parse({ s: ' a ' })).toEqual({ s: ' a ' })
  })
})

describe('errors', () => {
  const load = (template: Parameters<typeof templateDocument>[0]) => () =>
    Scenario.fromJSON(templateDocument(template), { callables: { parseJson } })
  const parse = { callable: 'parseJson', at: 'nodes.a.question.template.parse' }
  const object = { type: 'object', properties: { s: { type: 'string' } }, required: ['s'] }

  test('the schema must be an object schema that can be rebuilt', () => {
    expect(load({ schema: { type: 'string' }, parse })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: the JSON Schema describes a string, not an object
        - at nodes.a.question.template.schema
      A template schema is an object schema ({ type: 'object', properties, … }), as z.toJSONSchema writes it for z.object(…).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ schema: { ...object, if: {} }, parse })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: the JSON Schema cannot be rebuilt: Conditional schemas (if/then/else) are not supported
        - at nodes.a.question.template.schema
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ schema: 'object', parse })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected an object, got 'object'
        - at nodes.a.question.template.schema
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('the schema must suit structured outputs unless the template has parse', () => {
    const optional = { type: 'object', properties: { s: { type: 'string' } } }
    expect(load({ schema: optional })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.a.question.template: The template's schema cannot be used with the API's structured outputs
        - field 's': Schema field at \`properties/s\` uses \`.optional()\` without \`.nullable()\` which is not supported by the API. See: https://platform.openai.com/docs/guides/structured-outputs?api-mode=responses#all-fields-must-be-required
      Make every field required (\`.nullable()\` instead of \`.optional()\`), use \`z.object\` (not loose objects or records) and no transforms; or give the template a \`parse\` function, which never reaches a model.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ schema: optional, parse })).not.toThrow()
  })

  test('keys, warnings and verify are checked', () => {
    expect(load({ schema: object, parse, groundtruth: {} })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'groundtruth'
        - at nodes.a.question.template
      Valid keys: 'schema', 'groundTruth', 'verify', 'parse', 'warnings'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ schema: object, parse, warnings: ['lossy'] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected ['schema-lossy'], got ["lossy"]
        - at nodes.a.question.template.warnings
      The only template warning is 'schema-lossy'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ schema: object, parse, verify: { s: { type: 'FuzzyMatch' } } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Unknown primitive type 'FuzzyMatch' in nodes.a.question.template.verify.s
      Valid values: 'BooleanMatch', 'ExactMatch', 'LiteralMatch', 'NumericExact', 'NumericTolerance', 'NumericRange', 'NumericMinimum', 'NumericMaximum', 'ContainsAny', 'ContainsAll', 'RegexMatch', 'SetContainment', 'OrderedMatch', 'DateMatch', 'DateTolerance', 'DateRange', 'NumericGraded', 'NumericRangeGraded', 'NumericThresholdGraded'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ schema: object, parse, verify: { t: { type: 'ExactMatch', normalize: [] } } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.a.question.template: \`verify\` names the field 't', which the schema does not have
      Schema fields: 's'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ schema: object, parse, verify: { s: 'exact' } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a primitive, got 'exact'
        - at nodes.a.question.template.verify.s
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ schema: object, parse, groundTruth: ['x'] })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected an object, got an array
        - at nodes.a.question.template.groundTruth
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})
