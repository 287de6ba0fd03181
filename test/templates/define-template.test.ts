import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { exactMatch, numericTolerance } from '../../src/primitives/index.js'
import { defineTemplate, parseWithTemplate, verifyAnswer } from '../../src/templates/index.js'

const schema = z.object({ drug: z.string(), dose: z.number().nullable() })

describe('defineTemplate', () => {
  test('rejects a schema the structured-outputs API cannot take, naming the field and the fix', () => {
    expect(() =>
      defineTemplate({ schema: z.object({ drug: z.string().optional() }) }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The template's schema cannot be used with the API's structured outputs
        - field 'drug': Schema field at \`properties/drug\` uses \`.optional()\` without \`.nullable()\` which is not supported by the API. See: https://platform.openai.com/docs/guides/structured-outputs?api-mode=responses#all-fields-must-be-required
      Make every field required (\`.nullable()\` instead of \`.optional()\`), use \`z.object\` (not loose objects or records) and no transforms; or give the template a \`parse\` function, which never reaches a model.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      defineTemplate({ schema: z.object({ doses: z.record(z.string(), z.number()) }) }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The template's schema cannot be used with the API's structured outputs
        - field 'doses': Object schema at \`properties/doses\` must set \`additionalProperties: false\` to be compatible with strict Structured Outputs.
      Make every field required (\`.nullable()\` instead of \`.optional()\`), use \`z.object\` (not loose objects or records) and no transforms; or give the template a \`parse\` function, which never reaches a model.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('accepts any zod object when the template has parse (it never reaches a model)', () => {
    const template = defineTemplate({
      schema: z.object({ drug: z.string().optional(), extra: z.record(z.string(), z.number()) }),
      parse: () => ({ extra: {} }),
    })
    expect(template.kind).toBe('AnswerTemplate')
  })

  test('rejects unknown keys, a non-object schema, and verify fields the schema lacks', () => {
    expect(() =>
      // @ts-expect-error -- unknown key
      defineTemplate({ schema, parser: () => ({}) }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'parser' in defineTemplate()
      Valid keys: 'schema', 'groundTruth', 'verify', 'parse'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error -- not a zod object
    expect(() => defineTemplate({ schema: z.string() })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] defineTemplate() needs a zod object as \`schema\`
      Pass \`schema: z.object({ … })\`.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      // @ts-expect-error -- not a field of the schema
      defineTemplate({ schema, verify: { name: exactMatch() } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] \`verify\` names the field 'name', which the schema does not have
      Schema fields: 'drug', 'dose'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('verifyAnswer', () => {
  test('per-field primitives against the ground truth: all must pass', () => {
    const template = defineTemplate({
      schema,
      groundTruth: { drug: 'Venetoclax', dose: 400 },
      verify: { drug: exactMatch(), dose: numericTolerance({ tolerance: 0.1 }) },
    })
    expect(verifyAnswer(template, { drug: ' venetoclax ', dose: 420 })).toBe(true)
    expect(verifyAnswer(template, { drug: 'venetoclax', dose: 500 })).toBe(false)
  })

  test('ground truth without verify compares each field by its value-form primitive', () => {
    const template = defineTemplate({ schema, groundTruth: { drug: 'Venetoclax', dose: null } })
    expect(verifyAnswer(template, { drug: 'VENETOCLAX', dose: null })).toBe(true)
    expect(verifyAnswer(template, { drug: 'VENETOCLAX', dose: 1 })).toBe(false)
  })

  test('a verify function is taken by truthiness; neither verify nor ground truth gives null', () => {
    const truthy = defineTemplate({ schema, verify: (parsed) => parsed.drug.length })
    expect(verifyAnswer(truthy, { drug: 'x', dose: null })).toBe(true)
    expect(verifyAnswer(truthy, { drug: '', dose: null })).toBe(false)
    expect(verifyAnswer(defineTemplate({ schema }), { drug: 'x', dose: null })).toBeNull()
  })
})

describe('parseWithTemplate', () => {
  const template = defineTemplate({
    schema: z.object({ drug: z.string(), confidence: z.enum(['low', 'high']).default('low') }),
    parse: (raw) => JSON.parse(raw),
  })

  test("keeps the schema's output: unknown keys stripped, defaults applied", () => {
    expect(parseWithTemplate(template as never, '{"drug":"x","note":"dropped"}')).toEqual({
      ok: true,
      fields: { drug: 'x', confidence: 'low' },
    })
  })

  test('a parse that throws or an answer that does not fit is returned as a failure, not thrown', () => {
    expect(parseWithTemplate(template as never, 'not json')).toMatchObject({
      ok: false,
      issues: [],
    })
    const misfit = parseWithTemplate(template as never, '{"drug":1}')
    expect(misfit).toMatchObject({ ok: false })
    expect(misfit.ok === false && misfit.issues.map((i) => i.path)).toEqual([['drug']])
  })
})
