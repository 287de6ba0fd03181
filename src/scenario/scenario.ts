import { compileWhen } from '../conditions/index.js'
import {
  assertKnownKeys,
  formatMessage,
  InvalidArgumentError,
  ScenarioValidationError,
} from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isOutcomeCheck } from '../outcomes/index.js'
import { neutralizeControl } from '../secrets/control-characters.js'
import {
  buildFromDocument,
  type FromJSONOptions,
  readDocument,
  rememberDocumentNames,
  schemaLossyWarnings,
} from '../serialization/index.js'
import { setOwn } from '../state/own-keys.js'
import { type DefinitionParts, ScenarioDefinition, validatedParts } from './definition.js'
import { assertNodeId, buildNode } from './node-spec.js'
import { copyPlain, deepFreeze } from './plain-data.js'
import type {
  EdgeOptions,
  NodeSpec,
  OutcomeCriterionSpec,
  ScenarioEdge,
  ScenarioNode,
  ScenarioOutcomeCriterion,
} from './types.js'
import { checkGraph } from './validate-graph.js'

/**
 * Builds a scenario graph: nodes ask questions, edges carry conditions on runtime state.
 * `validate()` checks the whole graph at once and returns a frozen `ScenarioDefinition`.
 *
 * @example
 * const definition = new Scenario('drug-identification')
 *   .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
 *   .addNode('retry', { question: 'Are you sure?' })
 *   .addEdge('ask', 'retry', { when: { verifyResult: false } })
 *   .addEdge('ask', END)
 *   .addEdge('retry', END)
 *   .setEntry('ask')
 *   .validate()
 */
export class Scenario {
  readonly name: string
  readonly description: string
  readonly #nodes = new Map<string, ScenarioNode>()
  readonly #edges: ScenarioEdge[] = []
  readonly #outcomes: ScenarioOutcomeCriterion[] = []
  #entry: string | undefined

  /**
   * Loads a scenario document (what `definition.toJSON()` wrote, or its JSON text) and returns a
   * validated definition. The document is checked strictly; the functions it
   * references come from `callables`, by location or by name. Graph problems throw a
   * `ScenarioValidationError`, document problems a `ScenarioDocumentError`.
   *
   * @example
   * const definition = Scenario.fromJSON(readFileSync('scenario.json', 'utf8'), {
   *   callables: { countTries, 'edges.0.when': (state) => state.turn > 2 },
   * })
   */
  static fromJSON(json: unknown, options?: FromJSONOptions): ScenarioDefinition {
    const document = readDocument(json, options)
    const builder = new Scenario(document.name, { description: document.description })
    buildFromDocument(document, builder)
    // Set directly: an unknown entry is a validation problem here (`unknown_entry`).
    builder.#entry = document.entryNode
    const definition = builder.validate()
    rememberDocumentNames(definition, document.callableNames)
    return definition
  }

  constructor(name: string, options: { description?: string | undefined } = {}) {
    if (typeof name !== 'string' || name.length === 0) {
      throw new InvalidArgumentError('new Scenario(name) needs a non-empty name')
    }
    assertKnownKeys(options, ['description'], `new Scenario('${name}')`)
    if (options.description !== undefined && typeof options.description !== 'string') {
      throw new InvalidArgumentError(`The description of scenario '${name}' must be a string`)
    }
    this.name = name
    this.description = options.description ?? ''
  }

  /** Adds a node; its plain data is copied, so later changes to `spec` have no effect. */
  addNode(id: string, spec: NodeSpec): this {
    assertNodeId(id, 'addNode()')
    if (this.#nodes.has(id)) {
      throw new InvalidArgumentError(`Node '${id}' already exists`, 'Give each node a unique id.')
    }
    this.#nodes.set(id, buildNode(id, spec))
    return this
  }

  /**
   * Adds an edge; `when` is checked now, the existence of `source` and `target` at `validate()`.
   * Edges keep insertion order, which drives routing.
   */
  addEdge(source: string, target: string, options: EdgeOptions = {}): this {
    const where = `addEdge(${describeValue(source)}, ${describeValue(target)})`
    if (typeof source !== 'string' || typeof target !== 'string') {
      throw new InvalidArgumentError(`${where} needs a source and a target node id (strings)`)
    }
    if (typeof options !== 'object' || options === null) {
      throw new InvalidArgumentError(
        `The options of ${where} must be an object { when? }, got ${describeValue(options)}`,
      )
    }
    assertKnownKeys(options, ['when'], where)
    const edge: ScenarioEdge = { source, target }
    if ('when' in options && options.when !== undefined) {
      compileWhen(options.when, where)
      edge.when = copyPlain(options.when)
    }
    this.#edges.push(edge)
    return this
  }

  /** Sets the node the run starts at; the last call wins. */
  setEntry(id: string): this {
    assertNodeId(id, 'setEntry()')
    if (!this.#nodes.has(id)) {
      throw new InvalidArgumentError(
        `${describeValue(id)} is not a known node`,
        'Add the node with addNode() first.',
      )
    }
    this.#entry = id
    return this
  }

  /**
   * Adds a declarative outcome criterion, judged on the whole conversation after the run.
   *
   * @example
   * scenario.addOutcome('kept-answer', lastTurn({ verifyResult: true }))
   */
  addOutcome(
    name: string,
    check: OutcomeCriterionSpec['check'],
    options: { description?: string | undefined } = {},
  ): this {
    assertKnownKeys(options, ['description'], `addOutcome(${describeValue(name)})`)
    return this.addOutcomeCriterion({ name, check, description: options.description })
  }

  /** Adds an outcome criterion with a declarative `check`, or a callable `evaluate(result)`. */
  addOutcomeCriterion(criterion: OutcomeCriterionSpec): this {
    if (typeof criterion !== 'object' || criterion === null) {
      throw new InvalidArgumentError(
        'addOutcomeCriterion() needs { name, description?, check?, evaluate? }',
      )
    }
    assertKnownKeys(
      criterion,
      ['name', 'description', 'check', 'evaluate'],
      'addOutcomeCriterion()',
    )
    const { name } = criterion
    const where = `the outcome criterion ${describeValue(name)}`
    if (typeof name !== 'string' || name.length === 0) {
      throw new InvalidArgumentError('An outcome criterion needs a non-empty name')
    }
    if (this.#outcomes.some((c) => c.name === name)) {
      throw new InvalidArgumentError(
        `An outcome criterion named '${name}' already exists`,
        'Give each criterion a unique name.',
      )
    }
    const { check, evaluate, description } = criterion
    if (check === undefined && evaluate === undefined) {
      throw new InvalidArgumentError(
        `${capitalize(where)} has neither a check nor an evaluate function`,
        'Pass a check such as lastTurn({ verifyResult: true }), or evaluate: (result) => boolean.',
      )
    }
    if (check !== undefined && !isOutcomeCheck(check)) {
      throw new InvalidArgumentError(
        `The check of ${where} is not an outcome check`,
        'Pass a check node (turnCheck, lastTurn({ … }), allOf(…), countTurns(…), …); a scope such as turnAt(0) is not a check by itself.',
      )
    }
    if (evaluate !== undefined && typeof evaluate !== 'function') {
      throw new InvalidArgumentError(
        `\`evaluate\` of ${where} must be a function (result) => boolean | number`,
      )
    }
    if (description !== undefined && typeof description !== 'string') {
      throw new InvalidArgumentError(`The description of ${where} must be a string`)
    }
    const stored: ScenarioOutcomeCriterion = { name, description: description ?? '' }
    if (check !== undefined) stored.check = copyPlain(check)
    if (evaluate !== undefined) stored.evaluate = evaluate
    this.#outcomes.push(stored)
    return this
  }

  /** The outbound edges of `id`, in definition order. */
  edgesFrom(id: string): ScenarioEdge[] {
    return this.#edges.filter((edge) => edge.source === id)
  }

  /**
   * Checks the whole graph and returns a frozen definition; throws one `ScenarioValidationError`
   * listing every problem. Warnings go to `definition.warnings` and are printed once.
   */
  validate(): ScenarioDefinition {
    const nodeIds = [...this.#nodes.keys()]
    const { problems, warnings } = checkGraph(this.#nodes, this.#edges, this.#entry)
    if (problems.length > 0) throw new ScenarioValidationError(this.name, problems)
    for (const warning of warnings) {
      // The name and node ids are the user's text: escapes in them are shown, not acted on.
      console.warn(
        neutralizeControl(formatMessage({ what: `Scenario '${this.name}': ${warning.message}` })),
      )
    }
    const nodes: Record<string, ScenarioNode> = {}
    for (const [id, node] of this.#nodes) setOwn(nodes, id, deepFreeze(node))
    // Recorded, not printed: they say what serialization loses, not that the graph is wrong.
    warnings.push(...schemaLossyWarnings(this.#nodes.values()))
    const parts: DefinitionParts = {
      name: this.name,
      description: this.description,
      nodes: Object.freeze(nodes),
      nodeIds,
      edges: deepFreeze(this.#edges.map((edge) => ({ ...edge }))),
      entryNode: this.#entry as string,
      outcomeCriteria: deepFreeze(this.#outcomes.map((c) => ({ ...c }))),
      warnings: deepFreeze(warnings),
    }
    return new ScenarioDefinition(validatedParts(parts))
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
