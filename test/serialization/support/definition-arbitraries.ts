// Random valid definitions using every serializable feature: graphs from the shared property
// arbitraries, decorated with questions, templates, rubrics, overrides, metadata, extra condition
// forms and outcome criteria.
import fc from 'fast-check'
import {
  callableTrait,
  llmTrait,
  type ModelOverride,
  type NodeSpec,
  type OutcomeCriterionSpec,
  type Question,
  regexTrait,
  Scenario,
  type ScenarioDefinition,
  type Trait,
} from '../../../src/core.js'
import {
  type GraphSpec,
  graphSpecArb,
  noVerifyTemplate,
  toStateUpdate,
  verdictTemplate,
} from '../../property/arbitraries.js'
import { askByTurn, echoAgent, type FnKind, isBrief, pick, tally } from './callable-pool.js'
import { criteriaArb } from './outcome-arbitraries.js'
import { jsonObjectArb } from './primitive-arbitraries.js'
import { TEMPLATES } from './template-pool.js'
import { decoratedEdgeOptions, type WhenDecoration, whenDecorationArb } from './when-arbitraries.js'

const fnKindArb = fc.constantFrom<FnKind>('named', 'anonymous', 'sameName')

const traitArb: fc.Arbitrary<Trait> = fc.oneof(
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 5 }),
      flags: fc.constantFrom('', 'i', 'gim'),
      invert: fc.boolean(),
    })
    .map((o) => regexTrait(o.name, /\bok\b/, { flags: o.flags, invert: o.invert })),
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 5 }),
      kind: fc.constantFrom('boolean', 'score', 'labels' as const),
    })
    .map((o) =>
      llmTrait(o.name, {
        description: 'judge it',
        kind: o.kind,
        ...(o.kind === 'labels' ? { labels: ['a', 'b'] } : {}),
      }),
    ),
  fc
    .record({ name: fc.string({ minLength: 1, maxLength: 5 }), fnKind: fnKindArb })
    .map((o) => callableTrait(o.name, pick(isBrief, o.fnKind))),
)

const configArb = fc.record(
  {
    model: fc.constantFrom('gpt-4.1-mini', 'local'),
    baseURL: fc.constant('http://localhost:1234/v1'),
    temperature: fc.constantFrom(0, 0.7),
    maxTokens: fc.constantFrom(100, 2000),
    systemPrompt: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: [] },
)

const overrideArb: fc.Arbitrary<ModelOverride> = fc.record(
  {
    answering: fc.oneof(
      configArb,
      fnKindArb.map((k) => pick(echoAgent, k)),
    ),
    parsing: configArb,
  },
  { requiredKeys: [] },
)

const none = { nil: undefined, freq: 2 } as const

/** What a node gets besides the graph's own template and state update. */
const extrasArb = fc.record({
  template: fc.option(fc.nat(TEMPLATES.length - 1), none),
  questionFn: fc.option(fnKindArb, none),
  /** `question: null` (no user message) instead of a text or a function. */
  noQuestion: fc.constantFrom(false, false, false, true),
  /** A scripted answer. */
  answer: fc.option(fc.string({ maxLength: 8 }), none),
  object: fc.boolean(),
  rawAnswer: fc.option(fc.string({ maxLength: 8 }), none),
  questionId: fc.option(fc.string({ maxLength: 4 }), none),
  rubric: fc.option(fc.uniqueArray(traitArb, { maxLength: 3, selector: (t) => t.name }), none),
  modelOverride: fc.option(overrideArb, none),
  toolFilter: fc.option(fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }), none),
  metadata: fc.option(jsonObjectArb, none),
  stateUpdate: fc.option(fnKindArb, none),
})

type Extras = typeof extrasArb extends fc.Arbitrary<infer T> ? T : never

function nodeSpec(node: GraphSpec['nodes'][number], extras: Extras): NodeSpec {
  const graphTemplate =
    node.template === 'verdict'
      ? verdictTemplate
      : node.template === 'noVerify'
        ? noVerifyTemplate
        : undefined
  const template = extras.template === undefined ? graphTemplate : TEMPLATES[extras.template]
  const text = extras.noQuestion
    ? null
    : extras.questionFn === undefined
      ? `Question at ${node.id}`
      : pick(askByTurn, extras.questionFn)
  const question: Question = { question: text }
  if (extras.rawAnswer !== undefined) question.rawAnswer = extras.rawAnswer
  if (template !== undefined) question.template = template
  if (extras.rubric !== undefined) question.rubric = { traits: extras.rubric }
  if (extras.questionId !== undefined) question.id = extras.questionId
  const plain = typeof text !== 'function' && Object.keys(question).length === 1 && !extras.object
  const spec: NodeSpec = { question: plain ? text : question }
  if (extras.answer !== undefined) spec.answer = extras.answer
  if (node.stateUpdate !== null) spec.stateUpdate = toStateUpdate(node.stateUpdate)
  else if (extras.stateUpdate !== undefined) spec.stateUpdate = pick(tally, extras.stateUpdate)
  if (extras.modelOverride !== undefined) spec.modelOverride = extras.modelOverride
  if (extras.toolFilter !== undefined) spec.toolFilter = { remove: extras.toolFilter }
  if (extras.metadata !== undefined) spec.metadata = extras.metadata
  return spec
}

/** The parts of a random definition, built by `buildDefinition`. */
export interface DefinitionCase {
  readonly graph: GraphSpec
  readonly name: string
  readonly description: string
  /** Per node; `null` keeps the node as the graph describes it (for routing comparisons). */
  readonly extras: readonly (Extras | null)[]
  readonly decorations: readonly WhenDecoration[]
  readonly criteria: readonly OutcomeCriterionSpec[]
}

/** Builds and validates a definition case (`validate()` warnings are muted by the caller). */
export function buildDefinition(c: DefinitionCase): ScenarioDefinition {
  const s = new Scenario(c.name, { description: c.description })
  c.graph.nodes.forEach((node, i) => {
    const extras = c.extras[i] ?? null
    s.addNode(
      node.id,
      extras === null ? nodeSpec(node, { object: false } as Extras) : nodeSpec(node, extras),
    )
  })
  c.graph.edges.forEach((edge, i) => {
    s.addEdge(
      edge.source,
      edge.target,
      decoratedEdgeOptions(edge, c.decorations[i] ?? { kind: 'keep' }),
    )
  })
  for (const criterion of c.criteria) s.addOutcomeCriterion(criterion)
  return s.setEntry(c.graph.entry).validate()
}

/** A random definition case; `rich: false` leaves nodes as the graph describes them. */
export function definitionCaseArb(options: {
  rich: boolean
  maxNodes?: number
}): fc.Arbitrary<DefinitionCase> {
  return graphSpecArb({ maxNodes: options.maxNodes ?? 6 }).chain((graph) => {
    const ids = graph.nodes.map((n) => n.id)
    return fc.record({
      graph: fc.constant(graph),
      name: fc.string({ minLength: 1, maxLength: 12 }),
      description: fc.string({ maxLength: 12 }),
      extras: options.rich
        ? fc.array<Extras | null>(extrasArb, { minLength: ids.length, maxLength: ids.length })
        : fc.constant<(Extras | null)[]>(ids.map(() => null)),
      decorations: fc.array(whenDecorationArb, {
        minLength: graph.edges.length,
        maxLength: graph.edges.length,
      }),
      criteria: criteriaArb(ids),
    })
  })
}
