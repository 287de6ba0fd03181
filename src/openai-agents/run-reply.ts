import { AdapterError } from '../errors/index.js'
import type { AgentReply } from '../models/types.js'
import { toolCallsOf } from '../runner/reply-messages.js'
import type { ChatMessage, ChatToolCall } from '../state/types.js'
import { runUsage } from './run-usage.js'
import type { ItemView, RunView } from './run-view.js'
import { stepsFromResponses } from './steps.js'

/** An assistant message being built: one model response's text and tool calls. */
interface Assistant {
  content: string | null
  tool_calls: ChatToolCall[]
}

/**
 * The turn's answer from a finished run: `content` the final output (a structured one as its JSON
 * text); `messages` the run's items in Chat Completions shape (each model response's text and
 * tool calls as one assistant message, each tool or handoff output as a `tool` message, the final
 * answer last); `toolCalls` every function tool call and every handoff (`transfer_to_<agent>`,
 * with the handoff's `{ assistant }` as its result), in order; `agents` the chain of agents that
 * handled the run (`startAgent`, then each handoff's target); `agent` the name of the agent that
 * gave the final output (the chain's last); `usage` the run's tokens. A run that stopped for a tool approval, or
 * ended without a final output, is an `AdapterError`.
 */
export function runReply(run: RunView, startAgent: string): AgentReply {
  const pending = run.interruptions ?? []
  if (pending.length > 0) {
    throw new AdapterError({
      what: `The agent '${startAgent}' stopped for approval of ${pending.length === 1 ? 'a tool call' : `${pending.length} tool calls`} (needsApproval): a scenario turn cannot approve it`,
      subjects: pending.map((item) => `tool call: ${callName(item)}`),
      fix: 'Give the agent under test tools that need no approval, or approve in your own agent function around run() and return its reply.',
    })
  }
  const content = finalText(run.finalOutput, startAgent)
  const messages = transcript(run.newItems)
  // The final answer is the turn's `content`: a structured output's model text becomes its JSON
  // text here, so the transcript holds it once, as the scenario reads it.
  const last = messages.at(-1)
  if (last?.role === 'assistant' && (last.tool_calls ?? []).length === 0) {
    messages[messages.length - 1] = { role: 'assistant', content }
  }
  // The tool calls as the runner reads them from any agent's messages: each call with its
  // arguments and the first `tool` message answering it (parsed when JSON).
  const reply: AgentReply = {
    content,
    messages,
    toolCalls: stepsFromResponses(toolCallsOf(messages), run.rawResponses),
    usage: runUsage(run.rawResponses),
  }
  const agents = agentChain(startAgent, run.newItems)
  const name = run.lastAgent?.name
  // The last agent is the chain's last; should a run end on another (a handoff the items do not
  // show), it is added, so `agent` is always the chain's last entry.
  if (typeof name === 'string' && name !== '' && agents.at(-1) !== name) agents.push(name)
  reply.agents = agents
  reply.agent = agents.at(-1) ?? startAgent
  return reply
}

/**
 * The chain of agents of a run: the agent it started with, then the target of each handoff
 * (`handoff_output_item`'s `targetAgent.name`), in order.
 */
export function agentChain(startAgent: string, items: readonly ItemView[]): string[] {
  const chain = [startAgent]
  for (const item of items) {
    if (item.type !== 'handoff_output_item') continue
    const target = field(item.targetAgent, 'name')
    if (typeof target === 'string' && target !== '') chain.push(target)
  }
  return chain
}

function finalText(output: unknown, startAgent: string): string {
  if (typeof output === 'string') return output
  if (output === undefined || output === null) {
    throw new AdapterError({
      what: `The agent '${startAgent}' ended its run without a final output`,
      fix: "Check the agent's toolUseBehavior and handoffs: a scenario turn needs the run to end with the agent's answer.",
    })
  }
  return JSON.stringify(output)
}

/** The run's items as chat messages, in order. */
function transcript(items: readonly ItemView[]): ChatMessage[] {
  const messages: ChatMessage[] = []
  let current: Assistant | undefined
  const flush = () => {
    if (current === undefined) return
    messages.push(
      current.tool_calls.length === 0
        ? { role: 'assistant', content: current.content }
        : { role: 'assistant', content: current.content, tool_calls: current.tool_calls },
    )
    current = undefined
  }
  for (const item of items) {
    switch (item.type) {
      case 'message_output_item': {
        // A new text after tool calls is a new model response.
        if (current !== undefined && (current.tool_calls.length > 0 || current.content !== null))
          flush()
        current = { content: messageText(item.rawItem), tool_calls: [] }
        break
      }
      case 'tool_call_item':
      case 'handoff_call_item': {
        const call = functionCall(item.rawItem)
        if (call === undefined) break // a hosted tool (web search, …): not the agent's code
        current ??= { content: null, tool_calls: [] }
        current.tool_calls.push({
          id: call.callId,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })
        break
      }
      case 'tool_call_output_item':
      case 'handoff_output_item': {
        const result = callResult(item.rawItem)
        if (result === undefined) break
        flush()
        // What the model was given: a tool's own return value may be anything, a turn record
        // holds plain data.
        messages.push({ role: 'tool', tool_call_id: result.callId, content: result.text })
        break
      }
      default:
        // Reasoning, tool search, compaction, approval items: not part of the chat transcript.
        break
    }
  }
  flush()
  return messages
}

/** The text of an assistant message item: its `output_text` parts (a refusal's text too). */
function messageText(raw: unknown): string | null {
  const content = field(raw, 'content')
  if (!Array.isArray(content)) return null
  const parts: string[] = []
  for (const part of content) {
    const text = field(part, 'text')
    const refusal = field(part, 'refusal')
    if (typeof text === 'string') parts.push(text)
    else if (typeof refusal === 'string') parts.push(refusal)
  }
  return parts.length === 0 ? null : parts.join('')
}

/** A `function_call` protocol item (function tools and handoffs), or `undefined`. */
function functionCall(
  raw: unknown,
): { callId: string; name: string; arguments: string } | undefined {
  if (field(raw, 'type') !== 'function_call') return undefined
  const callId = field(raw, 'callId')
  const name = field(raw, 'name')
  const args = field(raw, 'arguments')
  if (typeof callId !== 'string' || typeof name !== 'string') return undefined
  return { callId, name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) }
}

/** A `function_call_result` protocol item's call id and output as text, or `undefined`. */
function callResult(raw: unknown): { callId: string; text: string } | undefined {
  if (field(raw, 'type') !== 'function_call_result') return undefined
  const callId = field(raw, 'callId')
  if (typeof callId !== 'string') return undefined
  return { callId, text: outputText(field(raw, 'output')) }
}

/** A tool output as the model saw it: a string, a `{ type: 'text', text }`, or parts. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output
  const text = field(output, 'text')
  if (typeof text === 'string') return text
  if (Array.isArray(output)) {
    const texts = output.map((part) => field(part, 'text')).filter((t) => typeof t === 'string')
    if (texts.length === output.length) return texts.join('')
  }
  return JSON.stringify(output) ?? ''
}

function callName(item: unknown): string {
  const name = field(field(item, 'rawItem'), 'name')
  return typeof name === 'string' ? name : 'a tool'
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  return (value as Record<string, unknown>)[key]
}
