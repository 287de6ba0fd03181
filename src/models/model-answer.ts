import { addDetails } from '../internal/usage-details.js'
import type { ChatMessage, ToolCallRecord, Usage } from '../state/types.js'
import { runToolCall, type Tool, ToolCallError } from '../tools/index.js'
import { chatCompletion, type ReplayTally } from './chat-completion.js'
import type { ModelCalls } from './model-calls.js'
import { zodHelpers } from './openai-zod-helpers.js'
import type { AgentReply, ModelConfig } from './types.js'

/** What the model answering side needs for one turn. */
export interface ModelAnswerInput {
  model: ModelConfig
  conversation: ChatMessage[]
  tools: Readonly<Record<string, Tool>>
  nodeId: string
  turn: number
  signal: AbortSignal
  maxToolRounds: number
  toolTimeoutMs: number
  /** What the run's model calls share. */
  calls: ModelCalls
  /** Counts the calls that were replayed from a recording. */
  replay?: ReplayTally | undefined
}

const toolSchemas = new WeakMap<Tool, object>()

/** The Chat Completions tool definition, from the SDK's zod helper (no hand-written JSON Schema). */
function toolSchema(name: string, tool: Tool): object {
  let schema = toolSchemas.get(tool)
  if (schema === undefined) {
    schema = zodHelpers().zodFunction({
      name,
      parameters: tool.parameters,
      description: tool.description,
    })
    toolSchemas.set(tool, schema)
  }
  return schema
}

/**
 * Answers one turn with an OpenAI-compatible model: calls it with the conversation, runs the
 * tools it asks for, and calls it again with their results, at most `maxToolRounds` times. The
 * answer is an `AgentReply`, as an agent under test would give: the tool rounds' messages, the
 * tool calls (each round's calls one step) and the usage summed over the calls.
 */
export async function answerWithModel(input: ModelAnswerInput): Promise<AgentReply> {
  const messages: ChatMessage[] = [...input.conversation]
  const extra: ChatMessage[] = []
  const toolCalls: ToolCallRecord[] = []
  const usage: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }
  const names = Object.keys(input.tools)
  const tools = names.map((name) => toolSchema(name, input.tools[name] as Tool))
  try {
    return await toolLoop(input, messages, tools, extra, toolCalls, usage)
  } catch (error) {
    // What the turn did before the failure stays on its record: the tool calls,
    // their messages and the tokens spent.
    if (typeof error === 'object' && error !== null) {
      Object.assign(error, { partialReply: { content: '', messages: extra, toolCalls, usage } })
    }
    throw error
  }
}

async function toolLoop(
  input: ModelAnswerInput,
  messages: ChatMessage[],
  tools: object[],
  extra: ChatMessage[],
  toolCalls: ToolCallRecord[],
  usage: Usage,
): Promise<AgentReply> {
  for (let round = 0; ; round++) {
    const result = await chatCompletion(
      input.model,
      { messages, tools },
      { signal: input.signal, stage: 'answer', calls: input.calls, replay: input.replay },
    )
    usage.input += result.usage.input
    usage.output += result.usage.output
    usage.cached += result.usage.cached
    usage.cacheWrite += result.usage.cacheWrite
    addDetails(usage, result.usage)
    if (result.toolCalls.length === 0) {
      return { content: result.content ?? '', messages: extra, toolCalls, usage }
    }
    if (round >= input.maxToolRounds) {
      throw new ToolCallError(
        undefined,
        `The model at node '${input.nodeId}' still asked for tools after ${input.maxToolRounds} rounds`,
        'Raise maxToolRounds, or check why the model keeps calling tools.',
      )
    }
    const assistant: ChatMessage = {
      role: 'assistant',
      content: result.content,
      tool_calls: result.toolCalls,
    }
    messages.push(assistant)
    extra.push(assistant)
    for (const call of result.toolCalls) {
      const outcome = await runToolCall(call, input.tools, {
        nodeId: input.nodeId,
        turn: input.turn,
        signal: input.signal,
        timeoutMs: input.toolTimeoutMs,
      }).catch((error: unknown) => {
        // The failed call belongs on the turn record too.
        if (error instanceof ToolCallError && error.call !== undefined) {
          toolCalls.push({ ...error.call, step: round })
        }
        throw error
      })
      // Each model response is a step: the calls it asked for at once share it.
      toolCalls.push({ ...outcome.record, step: round })
      const reply: ChatMessage = { role: 'tool', tool_call_id: call.id, content: outcome.content }
      messages.push(reply)
      extra.push(reply)
    }
  }
}
