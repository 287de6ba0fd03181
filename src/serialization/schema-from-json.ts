// Rebuilds a template schema from JSON Schema, with objects that strip unknown keys.
import { z } from 'zod'

interface SchemaNode {
  readonly _zod: { readonly def: Readonly<Record<string, unknown>> }
  clone(def: Record<string, unknown>, params: { parent: boolean }): SchemaNode
}

// The def keys that hold one child schema, and those that hold a list of them.
const CHILD_KEYS = [
  'innerType',
  'element',
  'left',
  'right',
  'rest',
  'keyType',
  'valueType',
  'in',
  'out',
] as const
const CHILD_LIST_KEYS = ['options', 'items'] as const

// `additionalProperties: false` comes back as a strict object, an absent one (or `true`) as a
// passthrough object: both are unknown-key rules, and a rebuilt object strips instead.
// `additionalProperties: {}` — how z.toJSONSchema writes a loose object — comes back as
// a catch-all of `any`: extra keys that are declared, so they are kept, like typed ones (records).
function isUnknownKeyRule(catchall: unknown): boolean {
  if (catchall === undefined) return true
  const type = (catchall as SchemaNode)._zod.def.type
  return type === 'never' || type === 'unknown'
}

/**
 * Rewrites every object in a schema tree to strip unknown keys as `z.object` does, keeping declared
 * extra keys (loose objects, records). Clones keep their source as parent, so descriptions and other metadata
 * still resolve. Object shapes and lazy schemas are rewritten lazily, so recursive schemas work.
 */
function stripUnknownKeys(schema: SchemaNode, memo: Map<SchemaNode, SchemaNode>): SchemaNode {
  const hit = memo.get(schema)
  if (hit !== undefined) return hit
  const def = schema._zod.def
  let out: SchemaNode
  if (def.type === 'object') {
    const source = def.shape as Record<string, SchemaNode>
    const shape: Record<string, SchemaNode> = {}
    for (const key of Object.keys(source)) {
      Object.defineProperty(shape, key, {
        get: () => stripUnknownKeys(source[key] as SchemaNode, memo),
        enumerable: true,
        configurable: true,
      })
    }
    const next: Record<string, unknown> = { ...def, shape }
    if (isUnknownKeyRule(def.catchall)) delete next.catchall
    else next.catchall = stripUnknownKeys(def.catchall as SchemaNode, memo)
    out = schema.clone(next, { parent: true })
  } else if (def.type === 'lazy') {
    const getter = def.getter as () => SchemaNode
    out = schema.clone({ ...def, getter: () => stripUnknownKeys(getter(), memo) }, { parent: true })
  } else {
    const patch: Record<string, unknown> = {}
    for (const key of CHILD_KEYS) {
      const child = def[key]
      if (child !== undefined) patch[key] = stripUnknownKeys(child as SchemaNode, memo)
    }
    for (const key of CHILD_LIST_KEYS) {
      const list = def[key]
      if (Array.isArray(list)) {
        patch[key] = list.map((child: SchemaNode) => stripUnknownKeys(child, memo))
      }
    }
    out =
      Object.keys(patch).length === 0
        ? schema
        : schema.clone({ ...def, ...patch }, { parent: true })
  }
  memo.set(schema, out)
  return out
}

/**
 * Rebuilds a zod schema from JSON Schema (`z.fromJSONSchema`) whose objects strip unknown keys
 * and never reject them. Throws what `z.fromJSONSchema` throws for a schema it
 * cannot read.
 *
 * @example
 * const schema = schemaFromJSON(z.toJSONSchema(z.object({ drug: z.string() })))
 * schema.parse({ drug: 'venetoclax', note: 'x' }) // { drug: 'venetoclax' }
 */
export function schemaFromJSON(jsonSchema: Record<string, unknown>): z.ZodType {
  const rebuilt = z.fromJSONSchema(jsonSchema as z.core.JSONSchema.JSONSchema)
  const node = rebuilt as unknown as SchemaNode
  return stripUnknownKeys(node, new Map()) as unknown as z.ZodType
}
