import type { ModelConfig } from '../models/types.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { Tool } from '../tools/index.js'
import type { AnswerSide, ResolvedRunOptions } from './run-options.js'

/** Who answers and who judges at one node, after its overrides (SPEC 6 and 13.33). */
export interface NodeSides {
  answering: AnswerSide
  /** The system prompt in effect: the node's, else the run's, else the model's. */
  systemPrompt: string | undefined
  parsing: ModelConfig | undefined
  /** The run's tools minus the node's `toolFilter.remove`. */
  tools: Readonly<Record<string, Tool>>
}

const standalone = (override: Partial<ModelConfig>) =>
  override.model !== undefined || override.client !== undefined || override.baseURL !== undefined

/**
 * Resolves a node's sides. An answering override that is a function is an agent for that node;
 * one with `model`, `client` or `baseURL` is a model of its own (named like the run's model when
 * it gives no `model`); any other override is merged over the run's model — and, when the run's
 * side is an agent, only its `systemPrompt` applies. A parsing override is merged over the run's
 * parsing model.
 */
export function resolveNodeSides(node: ScenarioNode, options: ResolvedRunOptions): NodeSides {
  const override = node.modelOverride?.answering
  const run = options.answering
  let answering: AnswerSide = run
  let nodePrompt: string | undefined
  if (typeof override === 'function') {
    answering = { kind: 'agent', agent: override }
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
  const parsing =
    parsingOverride === undefined
      ? options.parsing
      : ({ ...options.parsing, ...parsingOverride } as ModelConfig)
  let tools = options.tools
  const removed = node.toolFilter?.remove
  if (removed !== undefined && removed.length > 0) {
    tools = Object.fromEntries(Object.entries(tools).filter(([name]) => !removed.includes(name)))
  }
  return {
    answering,
    systemPrompt: nodePrompt ?? options.systemPrompt ?? modelPrompt,
    parsing: parsing?.model === undefined ? undefined : parsing,
    tools,
  }
}
