import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { zodType } from '../internal/zod-type.js'
import { zodHelpers } from '../models/openai-zod-helpers.js'
import { isPrimitive } from '../primitives/index.js'
import type { AnswerTemplate, TemplateSchema, TemplateSpec } from './types.js'

const templateKeys = ['schema', 'groundTruth', 'verify', 'parse'] as const

/**
 * Defines an answer template: a zod object the answer is parsed into, and how it is verified.
 * Without `parse`, the schema must be usable for the API's structured outputs; that is checked
 * here, so a schema the API would reject fails when the template is defined, not mid-run.
 *
 * @example
 * const drug = defineTemplate({
 *   schema: z.object({ drug: z.string() }),
 *   groundTruth: { drug: 'venetoclax' },
 *   verify: { drug: exactMatch() },
 *   parse: (raw) => ({ drug: raw.trim() }),
 * })
 */
export function defineTemplate<S extends TemplateSchema>(spec: TemplateSpec<S>): AnswerTemplate<S> {
  if (typeof spec !== 'object' || spec === null) {
    throw new InvalidArgumentError(
      'defineTemplate() needs an options object',
      'Pass { schema, … }.',
    )
  }
  assertKnownKeys(spec, templateKeys, 'defineTemplate()')
  if (!isZodObject(spec.schema)) {
    throw new InvalidArgumentError(
      'defineTemplate() needs a zod object as `schema`',
      'Pass `schema: z.object({ … })`.',
    )
  }
  if (spec.parse !== undefined && typeof spec.parse !== 'function') {
    throw new InvalidArgumentError('`parse` in defineTemplate() must be a function (raw) => fields')
  }
  checkVerify(spec)
  if (spec.parse === undefined) assertStructuredOutputs(spec.schema)
  return { ...spec, kind: 'AnswerTemplate' }
}

/** Whether `value` is an answer template made by `defineTemplate`. */
export function isAnswerTemplate(value: unknown): value is AnswerTemplate {
  if (typeof value !== 'object' || value === null) return false
  try {
    return (value as { kind?: unknown }).kind === 'AnswerTemplate'
  } catch {
    // A value whose `kind` cannot be read (a throwing getter or Proxy) is no template.
    return false
  }
}

function isZodObject(value: unknown): value is TemplateSchema {
  return typeof value === 'object' && value !== null && zodType(value) === 'object'
}

function checkVerify<S extends TemplateSchema>(spec: TemplateSpec<S>): void {
  const { verify } = spec
  if (verify === undefined || typeof verify === 'function') return
  if (typeof verify !== 'object' || verify === null) {
    throw new InvalidArgumentError(
      '`verify` in defineTemplate() must be per-field primitives or a function',
      'Write `verify: { field: exactMatch() }` or `verify: (parsed, groundTruth) => boolean`.',
    )
  }
  const fields = Object.keys(spec.schema.shape)
  for (const [field, primitive] of Object.entries(verify)) {
    if (!fields.includes(field)) {
      throw new InvalidArgumentError(
        `\`verify\` names the field '${field}', which the schema does not have`,
        `Schema fields: ${fields.map((f) => `'${f}'`).join(', ')}.`,
      )
    }
    if (!isPrimitive(primitive)) {
      throw new InvalidArgumentError(
        `\`verify.${field}\` in defineTemplate() is not a comparison primitive`,
        'Use a primitive such as exactMatch() or numericTolerance({ tolerance: 0.05 }).',
      )
    }
  }
}

/** The field path in the SDK's message ("at `properties/a/properties/b`") as `a.b`. */
function fieldOf(sdkMessage: string): string {
  const at = /at `([^`]*)`/.exec(sdkMessage)?.[1]
  if (at === undefined || at === '<root>') return '(the schema itself)'
  return `'${at
    .split('/')
    .filter((part) => part !== 'properties' && part !== 'items' && part !== '')
    .join('.')}'`
}

function assertStructuredOutputs(schema: TemplateSchema): void {
  try {
    zodHelpers().zodResponseFormat(schema, 'answer')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new InvalidArgumentError(
      "The template's schema cannot be used with the API's structured outputs",
      'Make every field required (`.nullable()` instead of `.optional()`), use `z.object` (not loose objects or records) and no transforms; or give the template a `parse` function, which never reaches a model.',
      [`field ${fieldOf(reason)}: ${reason}`],
    )
  }
}
