import { InvalidArgumentError } from '../errors/index.js'
import { definitionToJSON, type ScenarioDocument } from '../serialization/index.js'
import type {
  ScenarioEdge,
  ScenarioNode,
  ScenarioOutcomeCriterion,
  ScenarioWarning,
} from './types.js'

const brand = Symbol.for('vitest-scenario.definition')
const noEdges: readonly ScenarioEdge[] = Object.freeze([])

/** The parts a definition is made of; `Scenario.validate()` supplies them. */
export interface DefinitionParts {
  name: string
  description: string
  nodes: Record<string, ScenarioNode>
  /** Node ids in insertion order (a record reorders integer-like keys). */
  nodeIds: string[]
  edges: ScenarioEdge[]
  entryNode: string
  outcomeCriteria: ScenarioOutcomeCriterion[]
  warnings: ScenarioWarning[]
}

/**
 * A validated scenario: frozen plain data (zod schemas and functions kept by reference), ready to
 * run. Made by `Scenario.validate()` or `Scenario.fromJSON()`.
 */
export class ScenarioDefinition {
  readonly name: string
  readonly description: string
  /** Node id → node. */
  readonly nodes: Readonly<Record<string, ScenarioNode>>
  /** Edges in definition order, which drives routing. */
  readonly edges: readonly ScenarioEdge[]
  readonly entryNode: string
  /** Outcome criteria in registration order. */
  readonly outcomeCriteria: readonly ScenarioOutcomeCriterion[]
  /** Node ids in insertion order. */
  readonly nodeIds: readonly string[]
  readonly warnings: readonly ScenarioWarning[]
  /** @internal */
  readonly [brand] = true
  readonly #outbound: Map<string, readonly ScenarioEdge[]>

  /**
   * @internal Use `Scenario.validate()` or `Scenario.fromJSON()`: only the parts they checked,
   * copied and froze are taken; anything else is an `InvalidArgumentError`.
   */
  constructor(parts: DefinitionParts) {
    if (!validated.delete(parts as object)) {
      throw new InvalidArgumentError(
        'A ScenarioDefinition is made by validating a scenario, not with `new ScenarioDefinition()`',
        'Build it with new Scenario(name)…validate(), or load it with Scenario.fromJSON(document).',
      )
    }
    this.name = parts.name
    this.description = parts.description
    this.nodes = parts.nodes
    this.edges = parts.edges
    this.entryNode = parts.entryNode
    this.outcomeCriteria = parts.outcomeCriteria
    this.nodeIds = Object.freeze([...parts.nodeIds])
    this.warnings = parts.warnings
    const outbound = new Map<string, ScenarioEdge[]>()
    for (const edge of parts.edges) {
      const list = outbound.get(edge.source)
      if (list === undefined) outbound.set(edge.source, [edge])
      else list.push(edge)
    }
    for (const list of outbound.values()) Object.freeze(list)
    this.#outbound = outbound
    Object.freeze(this)
  }

  /** The outbound edges of `id`, in definition order. */
  edgesFrom(id: string): readonly ScenarioEdge[] {
    return this.#outbound.get(id) ?? noEdges
  }

  /**
   * The definition as a scenario document: versioned, type-tagged JSON data with
   * functions written as `{ callable, at }`; `JSON.stringify(definition)` writes it.
   *
   * @example
   * const text = JSON.stringify(definition)
   * const again = Scenario.fromJSON(text, { callables: { countTries } })
   */
  toJSON(): ScenarioDocument {
    return definitionToJSON(this)
  }
}

/** Whether `value` is a validated definition (from any copy of the package). */
export function isScenarioDefinition(value: unknown): value is ScenarioDefinition {
  if (typeof value !== 'object' || value === null) return false
  try {
    return brand in value
  } catch {
    // A Proxy that throws (or is revoked) is not a definition.
    return false
  }
}

/** The parts `validate()` checked, each taken once by the constructor. */
const validated = new WeakSet<object>()

/** Marks parts as checked by `validate()`, so the constructor takes them. */
export function validatedParts(parts: DefinitionParts): DefinitionParts {
  validated.add(parts)
  return parts
}
