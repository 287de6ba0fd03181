import type { generateText } from 'ai'
import { InvalidArgumentError } from '../errors/index.js'
import { readAgentCall } from '../internal/agent-call.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { AgentContext, AgentFunction, AgentReply } from '../models/types.js'
import type { ChatMessage } from '../state/types.js'
import { ai } from './ai.js'
import { chatMessages, resultUsage, toolCallRecords } from './from-result.js'
import { identifyModel } from './language-model.js'
import { toModelMessages } from './to-model-messages.js'

/**
 * What `aiSdkAgent` takes: `generateText`'s options (`model`, `tools`, `system`, `stopWhen`,
 * `temperature`, `maxRetries`, `providerOptions`, …) without the prompt — each turn's conversation
 * is the prompt — and without `abortSignal` (the turn's signal is passed).
 */
export type AiSdkAgentOptions = Omit<
  // `generateText`'s options as the user's `ai` (6 or 7) types them.
  Parameters<typeof generateText>[0],
  'prompt' | 'messages' | 'abortSignal'
>

/**
 * The steps a turn may take when `stopWhen` is not given: at most 8 rounds of tool calls and the
 * answer after them, as the library's own tool loop (`maxToolRounds` 8). The AI SDK's own default
 * (one step) would end a turn at its first tool call.
 */
export const DEFAULT_AGENT_STEPS = 9

/** Options the conversation or the run provides: given, they are an error. */
const TAKEN = ['prompt', 'messages', 'abortSignal'] as const

/**
 * An agent under test made of the AI SDK's `generateText` and its tool loop: each turn the
 * conversation so far (earlier questions, answers, tool calls and results; the run's system prompt
 * after your `system`) is mapped to AI SDK messages and `generateText` runs with your options, the tools'
 * `execute` functions, `stopWhen` (default: `stepCountIs(9)`) and the turn's abort signal. The
 * reply's `content` is the final text; `messages` this turn's assistant and tool messages in Chat
 * Completions shape; `toolCalls` every call of every step with its input, result or error; `usage`
 * the total over the steps (`input` with the cached and cache-write tokens, `cached`,
 * `cacheWrite`, `reasoning`) and the model(s) that answered them (`model`). The AI SDK's own retries (`maxRetries`, default 2) are yours to set.
 *
 * Record its calls by giving the provider `recordedFetch` (`createOpenAI({ fetch: recordedFetch })`).
 *
 * @example
 * const agent = aiSdkAgent({
 *   model: createOpenAI({ fetch: recordedFetch }).chat('gpt-4.1-mini'),
 *   tools: { lookUpOrder },
 * })
 * await run({ model: agent })
 */
export function aiSdkAgent(options: AiSdkAgentOptions): AgentFunction {
  const settings = readAgentOptions(options)
  const { system: ownSystem, instructions, ...rest } = settings
  // `ai` 7 calls it `instructions` (and takes `system` still); both mean the agent's own prompt.
  const own = ownSystem ?? instructions
  return async (conversation: ChatMessage[], context: AgentContext): Promise<AgentReply> => {
    const checked = readAgentCall(conversation, context, AGENT_CALL)
    const prompt = toModelMessages(checked.conversation, 'aiSdkAgent')
    const call: Record<string, unknown> = {
      ...rest,
      stopWhen: rest.stopWhen ?? ai.stepCountIs(DEFAULT_AGENT_STEPS),
      messages: prompt.messages,
      abortSignal: checked.signal,
    }
    const system = combinedSystem(own, prompt.system)
    if (system !== undefined) call.system = system
    if (prompt.systemInMessages) call.allowSystemInMessages = true
    const result = await generate(call)
    const reply: AgentReply = {
      content: result.text,
      // Every step's messages: `responseMessages` in `ai` 7, `response.messages` in `ai` 6.
      messages: chatMessages(result.responseMessages ?? result.response.messages),
      toolCalls: toolCallRecords(result.steps),
    }
    const usage = resultUsage(result)
    if (usage !== undefined) reply.usage = usage
    return reply
  }
}

/** How messages name the agent function `aiSdkAgent` makes. */
const AGENT_CALL = 'the agent aiSdkAgent() made, called with (conversation, context),'

/**
 * `generateText`, where the AI SDK's refusal of the prompt it was given (`InvalidPromptError`: a
 * message it cannot take) is the library's `InvalidArgumentError`, with the SDK's as its cause.
 * Every other error (the model call's) is the SDK's own, as the turn reports it.
 */
async function generate(call: Record<string, unknown>) {
  try {
    return await ai.generateText(call)
  } catch (error) {
    if (ai.InvalidPromptError?.isInstance(error) !== true) throw error
    throw new InvalidArgumentError(
      `${AGENT_CALL} got a conversation the AI SDK refuses as a prompt: ${error.message}`,
      'Pass the conversation as a run gives it: chat messages with string content, tool calls answered by tool messages.',
      undefined,
      { cause: error },
    )
  }
}

/** Checks the options once, when the agent is made: a plain object with a model, no prompt. */
function readAgentOptions(options: unknown): Record<string, unknown> {
  if (!isPlainObject(options)) {
    throw new InvalidArgumentError(
      `aiSdkAgent(options) needs an options object, got ${describeValue(options)}`,
      "Pass generateText's options without the prompt: aiSdkAgent({ model, tools?, system?, stopWhen?, … }).",
    )
  }
  let copy: Record<string, unknown>
  try {
    copy = { ...options }
  } catch {
    throw new InvalidArgumentError(
      'aiSdkAgent(options) got an options object whose properties cannot be read',
      'Pass a plain object of generateText options.',
    )
  }
  const taken = TAKEN.filter((key) => copy[key] !== undefined)
  if (taken.length > 0) {
    throw new InvalidArgumentError(
      `aiSdkAgent(options) got ${taken.map((key) => `\`${key}\``).join(' and ')}, which each turn sets itself`,
      "Leave them out: the turn's conversation is the prompt, and the turn's signal aborts the call. Put the agent's own instructions in `system`.",
    )
  }
  identifyModel(copy.model, 'aiSdkAgent(options) `model`')
  return copy
}

/**
 * The agent's own system prompt and the run's (the conversation's leading system message), in
 * that order; one of them alone is passed as given.
 */
function combinedSystem(own: unknown, run: string | undefined): unknown {
  if (own === undefined || own === null) return run
  if (run === undefined) return own
  const ownMessages = Array.isArray(own)
    ? own
    : [typeof own === 'string' ? { role: 'system', content: own } : own]
  return [...ownMessages, { role: 'system', content: run }]
}
