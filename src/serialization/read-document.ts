import { ScenarioDocumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'
import type { EdgeOptions, NodeSpec, OutcomeCriterionSpec } from '../scenario/types.js'
import { atLocation, checkKeys, invalid } from './document-errors.js'
import {
  type FromJSONOptions,
  SCENARIO_DOCUMENT_KIND,
  SCENARIO_FORMAT_VERSION,
} from './document-format.js'
import { type EdgeParts, readEdge } from './read-edge.js'
import { type NodeParts, readNode } from './read-node.js'
import { type CriterionParts, readCriterion } from './read-outcome.js'
import { readArray, readString } from './read-values.js'
import { assertAllResolved, callableResolver } from './resolve-callable.js'

const DOCUMENT_KEYS = [
  'formatVersion',
  'kind',
  'name',
  'description',
  'entryNode',
  'nodes',
  'edges',
  'outcomeCriteria',
]

/** A document read and checked, ready to be built: what the builder calls take. */
export interface DocumentParts {
  readonly name: string
  readonly description: string
  readonly entryNode: string
  readonly nodes: readonly NodeParts[]
  readonly edges: readonly EdgeParts[]
  readonly outcomeCriteria: readonly CriterionParts[]
  /** The name the document gave each callable, by location. */
  readonly callableNames: ReadonlyMap<string, string>
}

/** The builder calls a document is replayed through (a structural type: no import cycle). */
export interface DocumentBuilder {
  addNode(id: string, spec: NodeSpec): unknown
  addEdge(source: string, target: string, options: EdgeOptions): unknown
  addOutcomeCriterion(criterion: OutcomeCriterionSpec): unknown
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ScenarioDocumentError(
      {
        what: `Scenario.fromJSON() could not parse its text as JSON: ${(error as Error).message}`,
        fix: 'Pass what JSON.stringify(definition) wrote, or the object parsed from it.',
      },
      [],
      { cause: error },
    )
  }
}

/**
 * Reads a scenario document (the parsed object or its JSON text) strictly: its `kind` and
 * `formatVersion`, every key and value, with errors naming the location. Callables
 * resolve through `options.callables`; those that do not are reported together, in one error.
 *
 * @example
 * const parts = readDocument(JSON.stringify(definition), { callables: { countTries } })
 */
export function readDocument(json: unknown, options?: FromJSONOptions | undefined): DocumentParts {
  const resolver = callableResolver(options)
  const document = typeof json === 'string' ? parseText(json) : json
  assertReadable(document, 'Scenario.fromJSON(json)')
  if (!isPlainObject(document)) {
    throw new ScenarioDocumentError(
      {
        what: `Scenario.fromJSON() needs a scenario document (an object), got ${describeValue(document)}`,
        fix: 'Pass what definition.toJSON() returned, or its JSON text.',
      },
      [],
    )
  }
  if (document.kind !== SCENARIO_DOCUMENT_KIND) {
    throw new ScenarioDocumentError(
      {
        what: `Not a scenario document: its kind is ${describeValue(document.kind)}`,
        subjects: ['at kind'],
        fix: `Scenario.fromJSON() reads what definition.toJSON() writes, of kind '${SCENARIO_DOCUMENT_KIND}'.`,
      },
      ['kind'],
    )
  }
  if (document.formatVersion !== SCENARIO_FORMAT_VERSION) {
    invalid(
      'formatVersion',
      `formatVersion ${versionText(document.formatVersion)} is not supported`,
      `This version of vitest-scenario reads formatVersion ${SCENARIO_FORMAT_VERSION}.`,
    )
  }
  checkKeys(document, DOCUMENT_KEYS, [], '')
  const name = readString(document.name, 'name', true)
  const description = readString(document.description, 'description')
  const entryNode = readString(document.entryNode, 'entryNode')
  const ids = new Set<string>()
  const nodes = readArray(document.nodes, 'nodes').map((node, i) =>
    readNode(node, i, ids, resolver),
  )
  const edges = readArray(document.edges, 'edges').map((edge, i) => readEdge(edge, i, resolver))
  const names = new Set<string>()
  const outcomeCriteria = readArray(document.outcomeCriteria, 'outcomeCriteria').map((c, i) =>
    readCriterion(c, i, names, resolver),
  )
  assertAllResolved(resolver, name)
  return {
    name,
    description,
    entryNode,
    nodes,
    edges,
    outcomeCriteria,
    callableNames: resolver.names,
  }
}

/**
 * Replays a read document through the builder's own calls, so it is checked exactly as code
 * building the same scenario would be; a builder error names the document location.
 */
export function buildFromDocument(parts: DocumentParts, builder: DocumentBuilder): void {
  for (const { at, id, spec } of parts.nodes) atLocation(at, () => builder.addNode(id, spec))
  for (const { at, source, target, options } of parts.edges) {
    atLocation(at, () => builder.addEdge(source, target, options))
  }
  for (const { at, spec } of parts.outcomeCriteria) {
    atLocation(at, () => builder.addOutcomeCriterion(spec))
  }
}

/** The version as JSON writes it (`2`, `"1"`); a value JSON cannot write is described. */
function versionText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined'
  } catch {
    return describeValue(value)
  }
}
