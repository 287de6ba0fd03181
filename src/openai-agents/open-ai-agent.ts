import type { Agent, AgentOutputType, RunConfig, Runner as SdkRunner } from '@openai/agents'
import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { readAgentCall } from '../internal/agent-call.js'
import { describeValue } from '../internal/describe-value.js'
import type { AgentContext, AgentFunction, AgentReply } from '../models/types.js'
import type { ChatMessage } from '../state/types.js'
import { type AgentNode, agentName } from './agent-graph.js'
import { guardrailReply } from './guardrail-reply.js'
import { inputItems } from './input-items.js'
import { loadAgentsSdk } from './load-agents-sdk.js'
import { runReply } from './run-reply.js'
import type { RunView } from './run-view.js'
import { type ContinueWith, startAgent } from './start-agent.js'

// Loaded at import, by a dynamic import: without the peer, importing this entry throws the
// library's MissingPeerError instead of Node's ERR_MODULE_NOT_FOUND.
const sdk = await loadAgentsSdk()
const { Runner, UserError } = sdk

/** How messages name the agent function `openAIAgent` makes. */
const AGENT_CALL = 'the agent openAIAgent() made, called with (conversation, context),'

/** Options of `openAIAgent`. */
export interface OpenAIAgentOptions<TContext = undefined> {
  /**
   * The app's own `Runner`, used as is for every turn: its config (model provider, model,
   * guardrails, …) and its hooks (`runner.on('agent_handoff', …)`) apply. Not with `runConfig`.
   */
  runner?: SdkRunner | undefined
  /**
   * The Agents SDK's run configuration for every turn (`new Runner(runConfig)`): `modelProvider`
   * (e.g. an `OpenAIProvider` whose client records: `new OpenAIProvider({ openAIClient:
   * wrap(new OpenAI()) })`), `model`, `modelSettings`, `tracingDisabled`, guardrails, … Not with
   * `runner`.
   */
  runConfig?: Partial<RunConfig> | undefined
  /**
   * The run context given to the agent's tools, instructions and guardrails, the same object on
   * every turn of every scenario this agent function runs (what a tool writes to it, the next turn
   * reads), as the SDK's own examples share one context over a conversation.
   */
  context?: TContext | undefined
  /**
   * Which agent a turn starts with: `'lastAgent'` (the default, as the SDK's examples continue)
   * the agent that answered the previous turn, found by name among the agents the entry agent
   * reaches through handoffs; `'entry'` the agent given to `openAIAgent` on every turn.
   */
  continueWith?: 'lastAgent' | 'entry' | undefined
  /** The most model calls one turn may make (the SDK's `maxTurns`, default 10). */
  maxTurns?: number | undefined
}

const OPTION_KEYS = ['runner', 'runConfig', 'context', 'continueWith', 'maxTurns']

/** What a turn runs on: the app's runner, or a fresh one on the run configuration. */
type RunnerSource = () => Pick<SdkRunner, 'run'>

/**
 * An OpenAI Agents SDK agent as the answering side of a scenario: each turn runs an agent
 * (`runner.run(agent, items, { context, signal })`, the app's `runner` or `new
 * Runner(runConfig)`) on the conversation so far, given as the SDK's input items (earlier tool
 * calls as `function_call` and `function_call_result` items), and returns the reply: the final
 * output as the answer (a structured one as its JSON text), the run's tool calls and handoffs
 * (`transfer_to_<agent>`) as tool calls and messages, the chain of agents that handled it
 * (`TurnRecord.agents`, the last `TurnRecord.agent`) and the run's tokens. A turn starts with the
 * agent that answered the previous one (`continueWith: 'lastAgent'`, the default), read from the
 * run's history, or with `agent` (`continueWith: 'entry'`). An input or output guardrail that
 * trips ends the turn with the guardrail as data (`TurnRecord.guardrail`), not an error. The run
 * aborts with the scenario (`turnTimeoutMs`, the run's `signal`).
 *
 * The SDK's model calls record and replay when its client does: `setDefaultOpenAIClient(wrap(new
 * OpenAI()))`, or a `modelProvider` built on such a client.
 *
 * @example
 * const result = await runScenario(definition, { model: openAIAgent(triageAgent) })
 */
export function openAIAgent<TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: OpenAIAgentOptions<TContext> = {},
): AgentFunction {
  if (agentName(agent) === undefined) {
    throw new InvalidArgumentError(
      `openAIAgent(agent) needs an Agents SDK Agent, got ${describeValue(agent)}`,
      "Pass the agent `new Agent({ name, instructions, … })` from '@openai/agents' returns.",
    )
  }
  assertKnownKeys(options, OPTION_KEYS, 'openAIAgent(agent, options)')
  const { context, maxTurns } = options
  const runnerOf = readRunner(options)
  const continueWith = readContinueWith(options.continueWith)
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns >= 1)) {
    throw new InvalidArgumentError(
      `openAIAgent(agent, { maxTurns }) needs an integer ≥ 1, got ${describeValue(maxTurns)}`,
      'Leave it out for the SDK default (10), or give the most model calls one turn may make.',
    )
  }
  const entry: AgentNode = agent
  const answer = async (conversation: ChatMessage[], turn: AgentContext): Promise<AgentReply> => {
    const checked = readAgentCall(conversation, turn, AGENT_CALL)
    const starting = startAgent(entry, turn, continueWith) as Agent<TContext, TOutput>
    let result: RunView
    try {
      result = await runnerOf().run(starting, inputItems(checked.conversation), {
        ...(checked.signal === undefined ? {} : { signal: checked.signal }),
        ...(context === undefined ? {} : { context }),
        ...(maxTurns === undefined ? {} : { maxTurns }),
      })
    } catch (error) {
      const tripped = guardrailReply(error, sdk, starting.name)
      if (tripped !== undefined) return tripped
      throw refusal(error)
    }
    return runReply(result, starting.name)
  }
  return answer
}

/** Where turns get their runner: `runner` as is, else a fresh one on `runConfig` each turn. */
function readRunner(options: OpenAIAgentOptions<unknown>): RunnerSource {
  const { runner, runConfig } = options
  if (runner !== undefined && runConfig !== undefined) {
    throw new InvalidArgumentError(
      'openAIAgent(agent, { runner, runConfig }) takes a runner or a run configuration, got both',
      "Pass your app's Runner alone (its config applies: new Runner({ modelProvider, … })), or runConfig alone.",
    )
  }
  if (runner !== undefined) {
    if (typeof runner !== 'object' || runner === null || typeof runner.run !== 'function') {
      throw new InvalidArgumentError(
        `openAIAgent(agent, { runner }) needs the SDK's Runner, got ${describeValue(runner)}`,
        "Pass your app's `new Runner({ … })` from '@openai/agents', or leave it out.",
      )
    }
    return () => runner
  }
  if (runConfig !== undefined && (typeof runConfig !== 'object' || runConfig === null)) {
    throw new InvalidArgumentError(
      `openAIAgent(agent, { runConfig }) needs the SDK's run configuration object, got ${describeValue(runConfig)}`,
      'Pass an object such as { modelProvider, model, tracingDisabled }, or leave it out.',
    )
  }
  return () => new Runner(runConfig)
}

function readContinueWith(value: unknown): ContinueWith {
  if (value === undefined || value === 'lastAgent' || value === 'entry') return value ?? 'lastAgent'
  throw new InvalidArgumentError(
    `openAIAgent(agent, { continueWith }) needs 'lastAgent' or 'entry', got ${describeValue(value)}`,
    "Leave it out (or pass 'lastAgent') to start each turn with the agent that answered the previous one; pass 'entry' to start every turn with the agent given to openAIAgent.",
  )
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
