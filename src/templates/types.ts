import type { z } from 'zod'
import type { Primitive } from '../primitives/types.js'

/** The zod object schemas an answer template may use. */
export type TemplateSchema = z.ZodObject

/** Per-field primitives compared against the ground truth; all must pass. */
export type FieldVerifiers<S extends TemplateSchema> = { [K in keyof z.output<S>]?: Primitive }

/** A verdict function: `(parsed, groundTruth) => boolean`, taken by truthiness. */
export type VerifyFunction<S extends TemplateSchema> = (
  parsed: z.output<S>,
  groundTruth: Partial<z.output<S>> | undefined,
) => unknown

/** What `defineTemplate` takes. */
export interface TemplateSpec<S extends TemplateSchema> {
  /** A zod object: the fields the answer is parsed into. */
  schema: S
  /** The correct values of some fields. */
  groundTruth?: Partial<z.output<S>> | undefined
  /** How parsed fields are judged against the ground truth. */
  verify?: FieldVerifiers<S> | VerifyFunction<S> | undefined
  /** Parses the raw answer deterministically, with no model call; the schema then validates it. */
  parse?: ((raw: string) => z.input<S>) | undefined
}

/** An answer template: how a turn's answer is parsed and verified. */
export interface AnswerTemplate<S extends TemplateSchema = TemplateSchema> extends TemplateSpec<S> {
  readonly kind: 'AnswerTemplate'
}
