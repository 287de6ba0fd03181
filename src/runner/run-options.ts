import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import type { AgentFunction, ModelConfig } from '../models/types.js'
import { assertRubric } from '../rubrics/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { ScenarioDefinition } from '../scenario/index.js'
import { getOwn } from '../state/own-keys.js'

/** Options of `runScenario` (SPEC section 6). */
export interface RunOptions {
  /** The answering side: an agent under test (your app), or an OpenAI-compatible model. */
  model: AgentFunction | ModelConfig
  /** The judge that fills template fields and scores model-judged traits. */
  parsingModel?: ModelConfig | undefined
  /** At most this many turns; the run ends `limit_reached` when another node would run. @default 20 */
  turnLimit?: number | undefined
  /** The rubric of every turn whose question has none. */
  rubric?: Rubric | undefined
  /** A system prompt for the answering side (a node's override wins). */
  systemPrompt?: string | undefined
  /** Aborts the run; noticed at the latest before the next turn starts. */
  signal?: AbortSignal | undefined
  /** Tools for a model answering side. */
  tools?: Record<string, unknown> | undefined
  /** Tool rounds per turn for a model answering side. @default 8 */
  maxToolRounds?: number | undefined
  /** Timeout of one tool call. @default 30000 */
  toolTimeoutMs?: number | undefined
}

const optionKeys = [
  'model',
  'parsingModel',
  'turnLimit',
  'rubric',
  'systemPrompt',
  'signal',
  'tools',
  'maxToolRounds',
  'toolTimeoutMs',
] as const

/** Run options after validation, with defaults applied. */
export interface ResolvedRunOptions {
  agent: AgentFunction
  turnLimit: number
  rubric: Rubric | undefined
  systemPrompt: string | undefined
  signal: AbortSignal | undefined
}

/**
 * Validates the options and the definition against each other before any turn runs: every
 * problem here is a programmer error and throws (SPEC section 6 and 13.18).
 */
export function resolveRunOptions(
  definition: ScenarioDefinition,
  options: RunOptions,
): ResolvedRunOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('runScenario() needs options { model, … }')
  }
  assertKnownKeys(options, optionKeys, 'runScenario() options')
  const { model, turnLimit = 20, rubric, systemPrompt, signal, tools, parsingModel } = options
  if (typeof model !== 'function') {
    throw new InvalidArgumentError(
      'runScenario() can run only an agent function as `model` in this version; OpenAI-compatible models are not supported yet',
      'Pass an agent (conversation, context) => string | AgentReply, or scriptedModel([...]).',
    )
  }
  if (!Number.isInteger(turnLimit) || turnLimit < 1) {
    throw new InvalidArgumentError(`\`turnLimit\` must be an integer ≥ 1, got ${String(turnLimit)}`)
  }
  if (rubric !== undefined) assertRubric(rubric, 'runScenario() options')
  if (systemPrompt !== undefined && typeof systemPrompt !== 'string') {
    throw new InvalidArgumentError('`systemPrompt` must be a string')
  }
  if (
    signal !== undefined &&
    !(typeof signal === 'object' && signal !== null && 'aborted' in signal)
  ) {
    throw new InvalidArgumentError('`signal` must be an AbortSignal')
  }
  if (tools !== undefined) {
    throw new InvalidArgumentError(
      '`tools` apply to a model answering side; an agent under test calls its own tools',
      'Report the calls in AgentReply.toolCalls instead.',
    )
  }
  checkJudgedParts(definition, rubric, parsingModel)
  return { agent: model, turnLimit, rubric, systemPrompt, signal }
}

// What each definition's nodes need of a parsing model, computed on its first run: a definition
// is frozen, so the answer never changes, and scanning every node on every run was a visible
// share of a short run.
const nodeNeedsByDefinition = new WeakMap<ScenarioDefinition, readonly string[]>()

function nodeNeeds(definition: ScenarioDefinition): readonly string[] {
  let needs = nodeNeedsByDefinition.get(definition)
  if (needs !== undefined) return needs
  const found: string[] = []
  for (const id of definition.nodeIds) {
    const question = getOwn(definition.nodes, id)?.question
    if (typeof question !== 'object') continue
    if (question.template !== undefined && question.template.parse === undefined) {
      found.push(`node '${id}': its template has no \`parse\``)
    }
    if (question.rubric?.traits.some((t) => t.type === 'LlmTrait')) {
      found.push(`node '${id}': its rubric has model-judged traits`)
    }
  }
  needs = found
  nodeNeedsByDefinition.set(definition, needs)
  return needs
}

/** Templates without `parse` and model-judged traits need a parsing model (13.18). */
function checkJudgedParts(
  definition: ScenarioDefinition,
  globalRubric: Rubric | undefined,
  parsingModel: ModelConfig | undefined,
): void {
  const fromNodes = nodeNeeds(definition)
  const globalNeeds = globalRubric?.traits.some((t) => t.type === 'LlmTrait') === true
  if (!globalNeeds && fromNodes.length === 0) return
  const needs: string[] = globalNeeds ? ['the run rubric has model-judged traits'] : []
  needs.push(...fromNodes)
  if (parsingModel === undefined) {
    throw new InvalidArgumentError(
      'The scenario needs a parsing model, and runScenario() was given none',
      'Give the templates a deterministic `parse`, or pass `parsingModel: { model }`.',
      needs,
    )
  }
  throw new InvalidArgumentError(
    'Parsing models are not supported yet in this version: templates need a deterministic `parse`, and rubrics regex or callable traits',
    undefined,
    needs,
  )
}
