// A template schema as JSON Schema, and whether JSON Schema holds all of it.
import { z } from 'zod'
import type { JsonObject } from './document-format.js'

/** A template schema written as JSON Schema, and whether rebuilding it loses behaviour. */
export interface SchemaJson {
  /** The JSON Schema (`z.toJSONSchema`, output side). */
  readonly jsonSchema: JsonObject
  /** True when the schema has refinements, transforms or other behaviour JSON Schema cannot hold. */
  readonly lossy: boolean
}

// Schema types whose behaviour a schema rebuilt from JSON Schema cannot reproduce.
const LOSSY_TYPES = new Set([
  'transform',
  'pipe',
  'custom',
  'catch',
  'prefault',
  'success',
  'readonly',
  'promise',
  'function',
])

// Checks that run code (`refine`, `superRefine`, `check`) or rewrite the value (`trim`, …).
const LOSSY_CHECKS = new Set(['custom', 'overwrite'])

interface ZodInternals {
  readonly _zod: { readonly def: Readonly<Record<string, unknown>> }
}

function defOf(schema: unknown): Readonly<Record<string, unknown>> {
  return (schema as ZodInternals)._zod.def
}

function isLossyNode(schema: unknown): boolean {
  const def = defOf(schema)
  if (typeof def.type === 'string' && LOSSY_TYPES.has(def.type)) return true
  // A coerced primitive converts its input; the rebuilt one would reject it.
  if (def.coerce === true) return true
  // A strict object rejects unknown keys; rebuilt, it strips them.
  if (def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never') {
    return true
  }
  const checks = Array.isArray(def.checks) ? def.checks : []
  return checks.some((check: unknown) => {
    const kind = (check as ZodInternals)._zod.def.check
    return typeof kind === 'string' && LOSSY_CHECKS.has(kind)
  })
}

// Schemas are immutable by contract, so one conversion per schema is enough.
const cache = new WeakMap<object, SchemaJson>()

/**
 * Remembers the JSON Schema a schema was rebuilt from, and whether the document marked it lossy,
 * so writing it again gives the document's schema unchanged.
 */
export function rememberSchemaJson(schema: object, json: SchemaJson): void {
  cache.set(schema, json)
}

/**
 * Converts a template schema to JSON Schema and tells whether that loses behaviour (refinements,
 * transforms, coercion, strict objects, types JSON Schema cannot express). Never throws:
 * what JSON Schema cannot express is written as `{}` and makes the schema lossy.
 *
 * @example
 * schemaToJSON(z.object({ drug: z.string() })).lossy // false
 * schemaToJSON(z.object({ drug: z.string().trim() })).lossy // true
 */
export function schemaToJSON(schema: z.ZodObject): SchemaJson {
  const cached = cache.get(schema)
  if (cached !== undefined) return cached
  let lossy = false
  const jsonSchema = z.toJSONSchema(schema, {
    unrepresentable: () => {
      lossy = true
      return 'any'
    },
    override: ({ zodSchema }) => {
      if (isLossyNode(zodSchema)) lossy = true
    },
  }) as JsonObject
  const json: SchemaJson = { jsonSchema, lossy }
  cache.set(schema, json)
  return json
}
