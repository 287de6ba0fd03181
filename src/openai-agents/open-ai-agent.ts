import type { Agent, AgentOutputType, RunConfig } from '@openai/agents'
import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { readAgentCall } from '../internal/agent-call.js'
import { describeValue } from '../internal/describe-value.js'
import type { AgentContext, AgentFunction, AgentReply } from '../models/types.js'
import type { ChatMessage } from '../state/types.js'
import { inputItems } from './input-items.js'
import { loadAgentsSdk } from './load-agents-sdk.js'
import { runReply } from './run-reply.js'
import type { RunView } from './run-view.js'

// Loaded at import, by a dynamic import: without the peer, importing this entry throws the
// library's MissingPeerError instead of Node's ERR_MODULE_NOT_FOUND.
const { Runner, UserError } = await loadAgentsSdk()

/** How messages name the agent function `openAIAgent` makes. */
const AGENT_CALL = 'the agent openAIAgent() made, called with (conversation, context),'

/** Options of `openAIAgent`. */
export interface OpenAIAgentOptions<TContext = undefined> {
  /**
   * The Agents SDK's run configuration for every turn (`new Runner(runConfig)`): `modelProvider`
   * (e.g. an `OpenAIProvider` whose client records: `new OpenAIProvider({ openAIClient:
   * wrap(new OpenAI()) })`), `model`, `modelSettings`, `tracingDisabled`, guardrails, …
   */
  runConfig?: Partial<RunConfig> | undefined
  /** The run context given to the agent's tools, instructions and guardrails each turn. */
  context?: TContext | undefined
  /** The most model calls one turn may make (the SDK's `maxTurns`, default 10). */
  maxTurns?: number | undefined
}

const OPTION_KEYS = ['runConfig', 'context', 'maxTurns']

/**
 * An OpenAI Agents SDK agent as the answering side of a scenario: each turn runs the agent
 * (`new Runner(runConfig).run(agent, items, { signal })`) on the conversation so far, given as
 * the SDK's input items (earlier tool calls as `function_call` and `function_call_result` items),
 * and returns the reply: the final output as the answer (a structured one as its JSON text), the
 * run's tool calls and handoffs (`transfer_to_<agent>`) as tool calls and messages, the name of
 * the agent that answered (`TurnRecord.agent`, e.g. the specialist after a handoff) and the run's
 * tokens. Every turn starts at `agent`: the conversation is the only memory between turns. The
 * run aborts with the scenario (`turnTimeoutMs`, the run's `signal`).
 *
 * The SDK's model calls record and replay when its client does: `setDefaultOpenAIClient(wrap(new
 * OpenAI()))`, or `runConfig.modelProvider` built on such a client.
 *
 * @example
 * const result = await runScenario(definition, { model: openAIAgent(triageAgent) })
 */
export function openAIAgent<TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: OpenAIAgentOptions<TContext> = {},
): AgentFunction {
  const name = agentName(agent)
  if (name === undefined) {
    throw new InvalidArgumentError(
      `openAIAgent(agent) needs an Agents SDK Agent, got ${describeValue(agent)}`,
      "Pass the agent `new Agent({ name, instructions, … })` from '@openai/agents' returns.",
    )
  }
  assertKnownKeys(options, OPTION_KEYS, 'openAIAgent(agent, options)')
  const { runConfig, context, maxTurns } = options
  if (runConfig !== undefined && (typeof runConfig !== 'object' || runConfig === null)) {
    throw new InvalidArgumentError(
      `openAIAgent(agent, { runConfig }) needs the SDK's run configuration object, got ${describeValue(runConfig)}`,
      'Pass an object such as { modelProvider, model, tracingDisabled }, or leave it out.',
    )
  }
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns >= 1)) {
    throw new InvalidArgumentError(
      `openAIAgent(agent, { maxTurns }) needs an integer ≥ 1, got ${describeValue(maxTurns)}`,
      'Leave it out for the SDK default (10), or give the most model calls one turn may make.',
    )
  }
  const answer = async (conversation: ChatMessage[], turn: AgentContext): Promise<AgentReply> => {
    const checked = readAgentCall(conversation, turn, AGENT_CALL)
    const runner = new Runner(runConfig)
    let result: RunView
    try {
      result = await runner.run(agent, inputItems(checked.conversation), {
        ...(checked.signal === undefined ? {} : { signal: checked.signal }),
        ...(context === undefined ? {} : { context }),
        ...(maxTurns === undefined ? {} : { maxTurns }),
      })
    } catch (error) {
      throw refusal(error)
    }
    return runReply(result, name)
  }
  return answer
}

/**
 * The SDK's `UserError` (input or setup it cannot take, such as a tool output that is not text
 * on Chat Completions) as the library's `InvalidArgumentError`, with the SDK's as its cause; any
 * other error (the model call's, a guardrail's) is passed on as the SDK threw it.
 */
function refusal(error: unknown): unknown {
  if (!(error instanceof UserError)) return error
  return new InvalidArgumentError(
    `${AGENT_CALL} could not run: the Agents SDK refused its input or the agent's setup: ${error.message}`,
    "Pass the conversation as a run gives it (chat messages with string content, tool calls answered by tool messages) and check the agent's setup.",
    undefined,
    { cause: error },
  )
}

/**
 * The agent's name when `agent` looks like an Agents SDK agent (a `name` string and a `tools`
 * list, read by shape: the user's SDK copy may not be this entry's), else `undefined`. Never
 * throws, also for a Proxy whose traps throw.
 */
function agentName(agent: unknown): string | undefined {
  if (typeof agent !== 'object' || agent === null) return undefined
  try {
    const { name, tools } = agent as { name?: unknown; tools?: unknown }
    return typeof name === 'string' && Array.isArray(tools) ? name : undefined
  } catch {
    return undefined
  }
}
