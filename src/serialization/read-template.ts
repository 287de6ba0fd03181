import type { z } from 'zod'
import { describeValue } from '../internal/describe-value.js'
import { hydratePrimitive, type Primitive } from '../primitives/index.js'
import { defineTemplate } from '../templates/index.js'
import type { AnswerTemplate, TemplateSpec } from '../templates/types.js'
import { atLocation, checkKeys, invalid, locatedAt } from './document-errors.js'
import { readArray, readJsonObject, readObject } from './read-values.js'
import { type CallableResolver, isCallableShape, readCallable } from './resolve-callable.js'
import { schemaFromJSON } from './schema-from-json.js'
import { rememberSchemaJson } from './schema-to-json.js'

/**
 * Reads a template: rebuilds the schema from JSON Schema (objects strip unknown keys),
 * the ground truth, per-field primitives or a `verify` callable, a `parse` callable, and runs
 * `defineTemplate` again.
 */
export function readTemplate(
  value: unknown,
  at: string,
  resolver: CallableResolver,
): AnswerTemplate {
  const data = readObject(value, at)
  checkKeys(data, ['schema'], ['groundTruth', 'verify', 'parse', 'warnings'], at)
  const lossy = readWarnings(data.warnings, `${at}.warnings`)
  const jsonSchema = readJsonObject(data.schema, `${at}.schema`)
  const schema = rebuildSchema(jsonSchema, `${at}.schema`)
  // Writing the definition again gives this JSON Schema and this warning unchanged.
  rememberSchemaJson(schema, { jsonSchema, lossy })
  const spec: TemplateSpec<z.ZodObject> = { schema }
  if (data.groundTruth !== undefined) {
    spec.groundTruth = readJsonObject(data.groundTruth, `${at}.groundTruth`)
  }
  if (data.verify !== undefined) spec.verify = readVerify(data.verify, `${at}.verify`, resolver)
  if (data.parse !== undefined) {
    spec.parse = readCallable(
      data.parse,
      `${at}.parse`,
      resolver,
    ) as TemplateSpec<z.ZodObject>['parse']
  }
  return atLocation(at, () => defineTemplate(spec))
}

function readWarnings(value: unknown, at: string): boolean {
  if (value === undefined) return false
  const list = readArray(value, at)
  if (list.length !== 1 || list[0] !== 'schema-lossy') {
    invalid(
      at,
      `expected ['schema-lossy'], got ${JSON.stringify(list)}`,
      "The only template warning is 'schema-lossy'.",
    )
  }
  return true
}

function rebuildSchema(jsonSchema: Record<string, unknown>, at: string): z.ZodObject {
  let schema: z.ZodType
  try {
    schema = schemaFromJSON(jsonSchema)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return invalid(at, `the JSON Schema cannot be rebuilt: ${reason}`)
  }
  if (schema._zod.def.type !== 'object') {
    invalid(
      at,
      `the JSON Schema describes ${schema._zod.def.type === 'unknown' ? 'any value' : `a ${schema._zod.def.type}`}, not an object`,
      "A template schema is an object schema ({ type: 'object', properties, … }), as z.toJSONSchema writes it for z.object(…).",
    )
  }
  return schema as unknown as z.ZodObject
}

function readVerify(
  value: unknown,
  at: string,
  resolver: CallableResolver,
): TemplateSpec<z.ZodObject>['verify'] {
  if (isCallableShape(value)) {
    return readCallable(value, at, resolver) as TemplateSpec<z.ZodObject>['verify']
  }
  const fields = readObject(value, at)
  const verify: Record<string, Primitive> = {}
  for (const [field, data] of Object.entries(fields)) {
    if (typeof data !== 'object' || data === null) {
      invalid(`${at}.${field}`, `expected a primitive, got ${describeValue(data)}`)
    }
    verify[field] = locatedAt(`${at}.${field}`, (where) => hydratePrimitive(data, where))
  }
  return verify
}
