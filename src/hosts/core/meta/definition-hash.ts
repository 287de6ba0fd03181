// A short hash of what a scenario asks and checks, so two runs' reports can tell whether they ran
// the same scenario: a comparison of a test whose definition changed compares a different test.
// It covers the graph (nodes with their questions, templates, rubrics and checks; edges with their
// conditions; the entry) and the outcome criteria. Functions count by their source text, zod
// schemas by their JSON Schema. The name and description are left out: renaming a scenario's
// title changes nothing it does. Live objects a definition may hold (a model's client or driver)
// and keys never reach the hash, so a rotated key or a new client instance changes nothing.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { zodType } from '../../../internal/zod-type.js'
import type { ScenarioDefinition } from '../../../scenario/definition.js'
import { getOwn } from '../../../state/own-keys.js'

/** Fields that hold live objects or secrets, never what the scenario asks or checks. */
const LEFT_OUT = new Set(['client', 'driver', 'apiKey', 'fetch', 'signal'])

/** How deep the walk goes; past it a value counts by its kind (a definition is never this deep). */
const MAX_DEPTH = 32

// One hash per definition object: a definition is frozen, and a sampled test builds its meta once
// per test, but a file of many tests may share one definition.
const hashes = new WeakMap<ScenarioDefinition, string>()

/**
 * The hash of a scenario's definition, `'sha256:<16 hex>'`: equal for two definitions that ask,
 * route and check the same way, different when a question, template, condition, check or any
 * function's source changes. Computed once per definition object. Never throws: what cannot be
 * read counts as such.
 *
 * @example
 * definitionHash(definition) // 'sha256:3f9a0c1d2e4b5a69'
 */
export function definitionHash(definition: ScenarioDefinition): string {
  const known = hashes.get(definition)
  if (known !== undefined) return known
  const nodes: Record<string, unknown> = {}
  for (const id of definition.nodeIds) nodes[id] = getOwn(definition.nodes, id)
  const text = stableJson(
    {
      entry: definition.entryNode,
      nodes,
      // In order: the order of a node's edges decides which one is tried first.
      edges: definition.edges,
      criteria: definition.outcomeCriteria,
    },
    0,
    new Set(),
  )
  const hash = `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`
  hashes.set(definition, hash)
  return hash
}

/** `value` as JSON text with object keys sorted; functions by source, zod schemas as JSON Schema. */
function stableJson(value: unknown, depth: number, seen: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value)
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `"${value}"`
  if (typeof value === 'bigint') return `"${value}n"`
  if (typeof value === 'undefined') return 'null'
  if (typeof value === 'symbol') return JSON.stringify(String(value))
  if (typeof value === 'function') return JSON.stringify({ function: sourceOf(value) })
  if (depth > MAX_DEPTH) return '"(too deep)"'
  if (seen.has(value)) return '"(cycle)"'
  seen.add(value)
  try {
    return objectJson(value, depth, seen)
  } catch {
    // A getter or a Proxy that throws: the value counts as unreadable, the hash is still made.
    return '"(unreadable)"'
  } finally {
    seen.delete(value)
  }
}

function objectJson(value: object, depth: number, seen: Set<object>): string {
  if (zodType(value) !== undefined) return JSON.stringify({ schema: schemaText(value) })
  if (value instanceof RegExp) return JSON.stringify({ regexp: String(value) })
  if (value instanceof Date) return JSON.stringify({ date: value.toISOString() })
  if (Array.isArray(value)) {
    return `[${value.map((item) => stableJson(item, depth + 1, seen)).join(',')}]`
  }
  const fields: string[] = []
  for (const key of Object.keys(value).sort()) {
    if (LEFT_OUT.has(key)) continue
    const field = (value as Record<string, unknown>)[key]
    if (field === undefined) continue
    fields.push(`${JSON.stringify(key)}:${stableJson(field, depth + 1, seen)}`)
  }
  return `{${fields.join(',')}}`
}

/** A zod schema as its JSON Schema, or by its type where JSON Schema cannot hold it. */
function schemaText(schema: object): unknown {
  try {
    return z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' })
  } catch {
    return { zod: String(zodType(schema)) }
  }
}

function sourceOf(fn: unknown): string {
  try {
    return Function.prototype.toString.call(fn)
  } catch {
    return '(function)'
  }
}
