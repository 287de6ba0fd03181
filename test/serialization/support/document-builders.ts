// Small helpers to write scenario documents by hand in tests.
import type { JsonObject, ScenarioDocument } from '../../../src/core.js'

/** A one-node document whose node is `node` (its id is `a`); `extra` overrides top-level keys. */
export function oneNodeDocument(
  node: JsonObject,
  extra: Partial<ScenarioDocument> = {},
): JsonObject {
  return {
    formatVersion: 1,
    kind: 'vitest-scenario.definition',
    name: 'doc',
    description: '',
    entryNode: 'a',
    nodes: [{ id: 'a', ...node }],
    edges: [],
    outcomeCriteria: [],
    ...(extra as JsonObject),
  }
}

/** A one-node document whose question is an object with `template`. */
export function templateDocument(template: JsonObject): JsonObject {
  return oneNodeDocument({ question: { question: 'q', template } })
}
