import { whenToJSON } from '../conditions/index.js'
import { InvalidArgumentError } from '../errors/index.js'
import type { OutcomeCheck } from '../outcomes/types.js'
import type { ScenarioEdge, ScenarioNode, ScenarioOutcomeCriterion } from '../scenario/types.js'
import { getOwn } from '../state/own-keys.js'
import { nameCallables } from './callable-names.js'
import {
  type EdgeDocument,
  type OutcomeCriterionDocument,
  SCENARIO_DOCUMENT_KIND,
  SCENARIO_FORMAT_VERSION,
  type ScenarioDocument,
} from './document-format.js'
import { documentNamesOf } from './document-names.js'
import { type WriteContext, writeCallable } from './write-context.js'
import { writeJsonData, writeJsonObject } from './write-json-data.js'
import { writeNode } from './write-node.js'

/**
 * What a document is written from: the parts of a validated definition. A structural type, so
 * this module needs no import of the definition class (which calls it).
 */
export interface DefinitionSource {
  readonly name: string
  readonly description: string
  readonly entryNode: string
  /** Node ids in insertion order. */
  readonly nodeIds: readonly string[]
  readonly nodes: Readonly<Record<string, ScenarioNode>>
  readonly edges: readonly ScenarioEdge[]
  readonly outcomeCriteria: readonly ScenarioOutcomeCriterion[]
}

/**
 * Writes a definition as a scenario document: versioned and type-tagged JSON
 * data, nodes in insertion order, functions as `{ callable, at }`. Throws an
 * `InvalidArgumentError` for what JSON cannot hold (a function in metadata, a model client, an
 * API key), naming its location.
 *
 * @example
 * const document = definitionToJSON(definition)
 * JSON.stringify(document) // what JSON.stringify(definition) writes
 */
export function definitionToJSON(source: DefinitionSource): ScenarioDocument {
  const context: WriteContext = { sites: [] }
  const nodes = source.nodeIds.flatMap((id) => {
    const node = getOwn(source.nodes, id)
    return node === undefined ? [] : [writeNode(node, context)]
  })
  const edges = source.edges.map((edge, i) => writeEdge(edge, i, context))
  const outcomeCriteria = source.outcomeCriteria.map((c) => writeCriterion(c, context))
  nameCallables(context.sites, documentNamesOf(source))
  return {
    formatVersion: SCENARIO_FORMAT_VERSION,
    kind: SCENARIO_DOCUMENT_KIND,
    name: source.name,
    description: source.description,
    entryNode: source.entryNode,
    nodes,
    edges,
    outcomeCriteria,
  }
}

function writeEdge(edge: ScenarioEdge, index: number, context: WriteContext): EdgeDocument {
  const out: EdgeDocument = { source: edge.source, target: edge.target }
  // `when` is kept as written: an explicit `null` stays `null`.
  if (edge.when === undefined) return out
  const at = `edges.${index}.when`
  if (typeof edge.when === 'function') {
    out.when = writeCallable(context, edge.when, at, 'when')
  } else if (Array.isArray(edge.when)) {
    const elements = whenToJSON(edge.when) as unknown[]
    out.when = elements.map((element, i) =>
      typeof element === 'function'
        ? writeCallable(context, element, `${at}.${i}`, 'when')
        : writeJsonData(element, `${at}.${i}`),
    )
  } else {
    out.when = writeJsonData(whenToJSON(edge.when), at)
  }
  return out
}

function writeCriterion(
  criterion: ScenarioOutcomeCriterion,
  context: WriteContext,
): OutcomeCriterionDocument {
  const at = `outcomeCriteria.${criterion.name}`
  const out: OutcomeCriterionDocument = {
    name: criterion.name,
    description: criterion.description,
  }
  if (criterion.check !== undefined) {
    assertJudgesWritable(criterion.check, `${at}.check`)
    out.check = writeJsonObject(criterion.check, `${at}.check`) as unknown as OutcomeCheck
  }
  if (criterion.evaluate !== undefined) {
    out.evaluate = writeCallable(context, criterion.evaluate, `${at}.evaluate`, 'evaluate')
  }
  return out
}

/**
 * A judge's model may hold a live client or a key, which a document never does (it is meant to be
 * committed): refused by name, as a node's `modelOverride` is.
 */
function assertJudgesWritable(check: OutcomeCheck, at: string): void {
  if (check.type === 'AllOf' || check.type === 'AnyOf' || check.type === 'AtLeastN') {
    check.conditions.forEach((c, i) => {
      assertJudgesWritable(c, `${at}.conditions.${i}`)
    })
    return
  }
  if (check.type !== 'Judge' || check.model === undefined) return
  for (const key of ['client', 'driver', 'apiKey'] as const) {
    if (check.model[key] === undefined) continue
    throw new InvalidArgumentError(
      `Cannot write the \`${key}\` of the judge's model at ${at}.model to JSON`,
      key !== 'apiKey'
        ? `A ${key} is a live object and cannot be serialized: leave the judge's \`model\` out (it then judges with the run's parsingModel, where a ${key} may go), or give it a \`baseURL\`.`
        : "API keys are never written to a scenario document: leave `apiKey` out of the judge's model and let the client read OPENAI_API_KEY.",
    )
  }
}
