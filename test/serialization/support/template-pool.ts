// Answer templates for the random definitions: with and without `parse`, lossy and not.
import { z } from 'zod'
import {
  type AnswerTemplate,
  dateMatch,
  defineTemplate,
  exactMatch,
  numericTolerance,
} from '../../../src/core.js'
import { noVerifyTemplate, verdictTemplate } from '../../property/arbitraries.js'

/** A shared named `parse`. */
export function parseJson(raw: string) {
  return JSON.parse(raw)
}

/** A shared named `verify`. */
export function verifyAll(parsed: Record<string, unknown>): boolean {
  return Object.keys(parsed).length > 0
}

const Tree = z.object({
  label: z.string(),
  get children() {
    return z.array(Tree)
  },
})

/** Templates a random node may use; index into this list. */
export const TEMPLATES: readonly AnswerTemplate[] = [
  verdictTemplate,
  noVerifyTemplate,
  defineTemplate({
    schema: z.object({
      drug: z.string().describe('The drug named'),
      dose: z.number().nullable(),
      form: z.enum(['tablet', 'iv']),
    }),
    groundTruth: { drug: 'venetoclax', dose: 400 },
    verify: { drug: exactMatch(), dose: numericTolerance({ tolerance: 0.1 }) },
  }),
  defineTemplate({
    schema: z.object({ name: z.string().trim(), n: z.number().refine((n) => n > 0) }),
    parse: parseJson,
    verify: verifyAll,
  }) as unknown as AnswerTemplate,
  defineTemplate({
    schema: z.object({
      items: z.array(z.object({ id: z.string() })),
      counts: z.record(z.string(), z.number()),
      tag: z.literal('x').optional(),
    }),
    parse: parseJson,
    groundTruth: { tag: 'x' },
  }) as unknown as AnswerTemplate,
  defineTemplate({ schema: Tree, parse: (raw) => JSON.parse(raw) }) as unknown as AnswerTemplate,
  defineTemplate({ schema: z.strictObject({ s: z.string() }), parse: parseJson }),
  defineTemplate({
    schema: z.object({ day: z.string() }),
    groundTruth: { day: new Date('2024-05-01T00:00:00Z') as unknown as string },
    verify: { day: dateMatch() },
    parse: parseJson,
  }),
]
