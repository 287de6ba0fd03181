import { InvalidArgumentError } from '../errors/index.js'
import type { ModelConfig } from '../models/types.js'
import type { LlmTrait, Rubric } from '../rubrics/types.js'
import type { ScenarioNode } from '../scenario/index.js'
import { isSimulatedUser } from '../simulated-user/simulated-user.js'
import type { SimulatedUser } from '../simulated-user/types.js'
import type { AnswerTemplate } from '../templates/types.js'
import type { Tool } from '../tools/index.js'
import { type AnswerSide, agentSide, type ResolvedRunOptions } from './run-options.js'

/** A template that parses with its own `parse`, never a model. */
export type DeterministicTemplate = AnswerTemplate & { parse: (raw: string) => unknown }

/**
 * What the parsing model does at a node: fill the template (one without `parse`) and judge the
 * rubric's model-judged traits. Present only when it has something to do, and then always with a
 * model: a node that needs one without having it is refused when its sides are resolved.
 */
export interface ModelJudging {
  model: ModelConfig
  /** The template the model fills, when the node's template has no `parse`. */
  fill: AnswerTemplate | undefined
  /** The rubric's `llmTrait`s, in rubric order (empty when there are none). */
  traits: readonly LlmTrait[]
}

/** Who answers and who judges at one node, after its overrides. */
export interface NodeSides {
  answering: AnswerSide
  /** The system prompt in effect: the node's, else the run's, else the model's. */
  systemPrompt: string | undefined
  parsing: ModelConfig | undefined
  /** The run's tools minus the node's `toolFilter.remove`. */
  tools: Readonly<Record<string, Tool>>
  /** The node's template when it parses deterministically. */
  parse: DeterministicTemplate | undefined
  /** The rubric in effect: the question's, else the run's. */
  rubric: Rubric | undefined
  /** The parsing model's work at this node, when there is any. */
  judging: ModelJudging | undefined
  /**
   * The question's text when it is not a function (`null`: no question), as the rendering step
   * gives it: made once per node, so rendering a fixed question allocates nothing per turn.
   */
  fixedQuestion: FixedQuestion | undefined
  /** The simulated user that writes the node's question, with the model that plays it. */
  simulator: Simulator | undefined
}

/** A question that needs no rendering: its text, or `null` for none. */
export interface FixedQuestion {
  ok: true
  text: string | null
}

/** A node's simulated user and the model it calls (its own, the run's `userModel`, the parsing model). */
export interface Simulator {
  user: SimulatedUser
  model: ModelConfig
}

const standalone = (override: Partial<ModelConfig>) =>
  override.model !== undefined ||
  override.client !== undefined ||
  override.baseURL !== undefined ||
  override.driver !== undefined

/**
 * Resolves a node's sides. An answering override that is a function is an agent for that node;
 * one with `model`, `client`, `baseURL` or `driver` is a model of its own (named like the run's model when
 * it gives no `model`); any other override is merged over the run's model — and, when the run's
 * side is an agent, only its `systemPrompt` applies. A parsing override is merged over the run's
 * parsing model. What the node's question needs judged (its template, its rubric) is read here,
 * once per node and run, not on every turn.
 */
export function resolveNodeSides(node: ScenarioNode, options: ResolvedRunOptions): NodeSides {
  const override = node.modelOverride?.answering
  const run = options.answering
  let answering: AnswerSide = run
  let nodePrompt: string | undefined
  if (typeof override === 'function') {
    answering = agentSide(override)
  } else if (override !== undefined) {
    nodePrompt = override.systemPrompt
    if (standalone(override)) {
      const model = override.model ?? (run.kind === 'model' ? run.model.model : '')
      answering = { kind: 'model', model: { ...override, model } }
    } else if (run.kind === 'model') {
      answering = { kind: 'model', model: { ...run.model, ...override } }
    }
  }
  const modelPrompt = answering.kind === 'model' ? answering.model.systemPrompt : undefined
  const parsingOverride = node.modelOverride?.parsing
  const merged =
    parsingOverride === undefined
      ? options.parsing
      : ({ ...options.parsing, ...parsingOverride } as ModelConfig)
  const parsing = merged?.model === undefined ? undefined : merged
  let tools = options.tools
  const removed = node.toolFilter?.remove
  if (removed !== undefined && removed.length > 0) {
    tools = Object.fromEntries(Object.entries(tools).filter(([name]) => !removed.includes(name)))
  }
  const plan = planOf(node)
  const rubric = plan.rubric ?? options.rubric
  return {
    answering,
    systemPrompt: nodePrompt ?? options.systemPrompt ?? modelPrompt,
    parsing,
    tools,
    parse: plan.parse,
    rubric,
    judging: modelJudging(node.id, parsing, plan.fill, rubric),
    fixedQuestion: plan.fixedQuestion,
    simulator:
      plan.simulatedUser === undefined
        ? undefined
        : simulatorOf(node.id, plan.simulatedUser, options.userModel ?? parsing),
  }
}

/** The simulated user with its model: its own, else the run's fallback (`userModel`, then parsing). */
function simulatorOf(
  nodeId: string,
  user: SimulatedUser,
  fallback: ModelConfig | undefined,
): Simulator {
  const model = user.model ?? fallback
  // resolveRunOptions refuses such a run when it starts; this keeps the promise where it is used.
  if (model === undefined) {
    throw new InvalidArgumentError(
      `Node '${nodeId}' has a simulated user and the run has no model for it`,
      'Give simulatedUser({ model }), or pass `userModel: { model }` (or `parsingModel`) to runScenario().',
    )
  }
  return { user, model }
}

/** What a node's own question says about its judging: the same for every run of a definition. */
interface NodePlan {
  parse: DeterministicTemplate | undefined
  /** The template a parsing model fills (one without `parse`). */
  fill: AnswerTemplate | undefined
  /** The question's own rubric (the run's applies when it has none). */
  rubric: Rubric | undefined
  fixedQuestion: FixedQuestion | undefined
  /** The simulated user that writes the question, when it is one. */
  simulatedUser: SimulatedUser | undefined
}

// Nodes are frozen definition data, so what they say is read once per node, not once per run:
// resolving a node's sides is on the path of every short run.
const plans = new WeakMap<ScenarioNode, NodePlan>()

function planOf(node: ScenarioNode): NodePlan {
  let plan = plans.get(node)
  if (plan === undefined) {
    const question = typeof node.question === 'object' ? (node.question ?? undefined) : undefined
    const template = question?.template
    const parses = template?.parse !== undefined
    plan = {
      parse: parses ? (template as DeterministicTemplate) : undefined,
      fill: template !== undefined && !parses ? template : undefined,
      rubric: question?.rubric,
      fixedQuestion: fixedQuestion(node),
      simulatedUser: isSimulatedUser(question?.question) ? question.question : undefined,
    }
    plans.set(node, plan)
  }
  return plan
}

/** The question's text when it is fixed (not a function of the state); `null` for none. */
function fixedQuestion(node: ScenarioNode): FixedQuestion | undefined {
  const question = node.question
  const text = question === null || typeof question === 'string' ? question : question.question
  // A function renders per turn; a simulated user writes the question with a model call.
  return typeof text === 'function' || isSimulatedUser(text) ? undefined : { ok: true, text }
}

/** The parsing model's work at a node, or `undefined` when a template's `parse` and the deterministic traits do it all. */
function modelJudging(
  nodeId: string,
  model: ModelConfig | undefined,
  fill: AnswerTemplate | undefined,
  rubric: Rubric | undefined,
): ModelJudging | undefined {
  const traits = rubric === undefined ? NO_TRAITS : judgedTraits(rubric)
  if (fill === undefined && traits.length === 0) return undefined
  // resolveRunOptions refuses a run whose nodes need a parsing model it lacks; this keeps
  // the promise where the model is used, whatever path led here.
  if (model === undefined) {
    throw new InvalidArgumentError(
      `Node '${nodeId}' needs a parsing model, and the run has none`,
      'Give the template a deterministic `parse`, or pass `parsingModel: { model }` to runScenario().',
    )
  }
  return { model, fill, traits }
}

const NO_TRAITS: readonly LlmTrait[] = Object.freeze([])
const traitsByRubric = new WeakMap<Rubric, readonly LlmTrait[]>()

/**
 * A rubric's model-judged traits, in rubric order. A definition's rubrics are frozen, so each is
 * listed once; a run's own rubric (which its caller may change between runs) is listed each time.
 */
function judgedTraits(rubric: Rubric): readonly LlmTrait[] {
  let traits = traitsByRubric.get(rubric)
  if (traits === undefined) {
    const found = rubric.traits.filter((t): t is LlmTrait => t.type === 'LlmTrait')
    traits = found.length === 0 ? NO_TRAITS : found
    if (Object.isFrozen(rubric) && Object.isFrozen(rubric.traits))
      traitsByRubric.set(rubric, traits)
  }
  return traits
}
