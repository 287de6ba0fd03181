import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { AgentReply } from '../models/types.js'
import { type AgentChain, checkAgentChain } from './check-agent-chain.js'

/** The shape an agent may answer with, as messages state it. */
export const REPLY_SHAPE =
  "Return a string, or a plain object { content: string, messages?: ChatMessage[] (this turn's assistant and tool messages, in Chat Completions shape; may end with the final answer), toolCalls?: { id, name, arguments, result? }[] (read from messages when left out), usage?: { input?, output?, cached?, cacheWrite?, reasoning?, model? } (left out: the tokens of the agent's calls through wrap()ped clients or recordedFetch are counted), agent?: string (the name of the agent that answered), agents?: string[] (the agents that handled the turn, in order: agent is the last), guardrail?: { name, kind: 'input' | 'output', info? } (a guardrail tripped: the turn has no answer and content is not read) }."

/**
 * An agent's reply, checked: the reply with its agents and guardrail in their record form
 * (`chain`), or what is wrong with it, as the end of "The agent at node 'x' returned …".
 */
export type ReplyCheck =
  | { ok: true; reply: string | AgentReply; chain: AgentChain }
  | { ok: false; problem: string }

const ROLES = new Set(['system', 'user', 'assistant', 'tool'])
const COUNT_KEYS: ReadonlySet<string> = new Set([
  'input',
  'output',
  'cached',
  'cacheWrite',
  'reasoning',
])
const USAGE_KEYS: ReadonlySet<string> = new Set([...COUNT_KEYS, 'model'])

/**
 * Checks what an agent returned against `string | AgentReply` before anything reads it: the run
 * copies `messages` into the transcript, `toolCalls` into the turn record and the reporter's
 * data, and sums `usage`, so a wrong shape would otherwise fail far from the agent (or be summed
 * as a string). Never throws, also for a Proxy whose traps throw.
 */
export function checkReply(reply: unknown): ReplyCheck {
  if (typeof reply === 'string') return { ok: true, reply, chain: {} }
  try {
    return checkObject(reply)
  } catch (error) {
    return {
      ok: false,
      problem: `a reply that could not be read (${error instanceof Error ? error.message : String(error)})`,
    }
  }
}

function checkObject(reply: unknown): ReplyCheck {
  if (!isPlainObject(reply))
    return fail(`${describeValue(reply)}; expected a string or a plain object`)
  const { content, messages, toolCalls, usage } = reply
  const checked = checkAgentChain(reply)
  if (!checked.ok) return checked
  const { chain } = checked
  // A tripped guardrail means no answer: `content` is not read, so it may be left out.
  if (typeof content !== 'string' && !(chain.guardrail !== undefined && content === undefined))
    return fail(`a reply whose \`content\` is ${describeValue(content)}; expected a string`)
  if (messages !== undefined) {
    if (!Array.isArray(messages))
      return fail(
        `a reply whose \`messages\` is ${describeValue(messages)}; expected an array of chat messages`,
      )
    for (const [i, message] of messages.entries()) {
      const problem = messageProblem(message)
      if (problem !== undefined) return fail(`a reply whose \`messages[${i}]\` ${problem}`)
    }
  }
  if (toolCalls !== undefined) {
    if (!Array.isArray(toolCalls))
      return fail(
        `a reply whose \`toolCalls\` is ${describeValue(toolCalls)}; expected an array of { id, name, arguments }`,
      )
    for (const [i, call] of toolCalls.entries()) {
      const problem = toolCallProblem(call)
      if (problem !== undefined) return fail(`a reply whose \`toolCalls[${i}]\` ${problem}`)
    }
  }
  if (usage !== undefined) {
    if (!isPlainObject(usage))
      return fail(
        `a reply whose \`usage\` is ${describeValue(usage)}; expected { input?, output?, cached?, cacheWrite?, reasoning?, model? }`,
      )
    // A count under another name (a provider's `inputTokens`, `cache_read_input_tokens`) would
    // otherwise be dropped without a word, and the turn's cost be wrong.
    const unknown = Object.keys(usage).filter((key) => !USAGE_KEYS.has(key))
    if (unknown.length > 0) {
      return fail(
        `a reply whose \`usage\` has ${unknown.length === 1 ? 'the unknown key' : 'unknown keys'} ${unknown.map((key) => `'${key}'`).join(', ')}; expected only input, output, cached, cacheWrite and reasoning (token counts in the library's terms: input includes the cached and cache-write tokens, output the reasoning ones) and model (the model's name)`,
      )
    }
    const { model } = usage
    if (model !== undefined && (typeof model !== 'string' || model === '')) {
      return fail(
        `a reply whose \`usage.model\` is ${describeValue(model)}; expected the name of the model that answered (a non-empty string)`,
      )
    }
    for (const key of COUNT_KEYS) {
      const n = usage[key]
      if (n !== undefined && !(typeof n === 'number' && Number.isFinite(n) && n >= 0)) {
        return fail(
          `a reply whose \`usage.${key}\` is ${describeValue(n)}; expected a token count (a number ≥ 0)`,
        )
      }
    }
  }
  return { ok: true, reply: reply as unknown as AgentReply, chain }
}

/** What is wrong with one chat message, or `undefined` (Chat Completions shape). */
function messageProblem(message: unknown): string | undefined {
  if (!isPlainObject(message)) return `is ${describeValue(message)}; expected a chat message object`
  const { role, content } = message
  if (typeof role !== 'string' || !ROLES.has(role)) {
    return `has \`role\` ${describeValue(role)}; expected 'assistant', 'tool', 'user' or 'system'`
  }
  if (role === 'assistant') {
    if (typeof content !== 'string' && content !== null) {
      return `(assistant) has \`content\` ${describeValue(content)}; expected a string or null`
    }
    const calls = message.tool_calls
    if (calls === undefined) return undefined
    if (!Array.isArray(calls)) {
      return `(assistant) has \`tool_calls\` ${describeValue(calls)}; expected an array`
    }
    // The run reads the turn's tool calls from them when the reply has no `toolCalls`.
    for (const [j, call] of calls.entries()) {
      const problem = chatToolCallProblem(call)
      if (problem !== undefined) return `(assistant) has \`tool_calls[${j}]\` ${problem}`
    }
    return undefined
  }
  if (typeof content !== 'string')
    return `(${role}) has \`content\` ${describeValue(content)}; expected a string`
  const callId = message.tool_call_id
  if (role === 'tool' && callId !== undefined && typeof callId !== 'string') {
    return `(tool) has \`tool_call_id\` ${describeValue(callId)}; expected a string (or none: the id of the call it answers is filled in)`
  }
  return undefined
}

/** What is wrong with one tool call of an assistant message, or `undefined` (Chat Completions shape). */
function chatToolCallProblem(call: unknown): string | undefined {
  const shape = 'expected { id?, type: "function", function: { name, arguments } }'
  if (!isPlainObject(call)) return `that is ${describeValue(call)}; ${shape}`
  // A missing id is filled in by the run (`withCallIds`); a present one must be a string.
  if (call.id !== undefined && typeof call.id !== 'string')
    return `with \`id\` ${describeValue(call.id)}; ${shape}`
  const fn = call.function
  if (!isPlainObject(fn)) return `with \`function\` ${describeValue(fn)}; ${shape}`
  if (typeof fn.name !== 'string')
    return `with \`function.name\` ${describeValue(fn.name)}; expected a string`
  if (typeof fn.arguments !== 'string') {
    return `with \`function.arguments\` ${describeValue(fn.arguments)}; expected a string (the arguments' JSON text)`
  }
  return undefined
}

/** What is wrong with one tool call record, or `undefined`. */
function toolCallProblem(call: unknown): string | undefined {
  if (!isPlainObject(call)) return `is ${describeValue(call)}; expected { id, name, arguments }`
  if (typeof call.id !== 'string') return `has \`id\` ${describeValue(call.id)}; expected a string`
  if (typeof call.name !== 'string')
    return `has \`name\` ${describeValue(call.name)}; expected a string`
  if (call.error !== undefined && typeof call.error !== 'string') {
    return `has \`error\` ${describeValue(call.error)}; expected a string`
  }
  const { durationMs } = call
  if (
    durationMs !== undefined &&
    !(typeof durationMs === 'number' && Number.isFinite(durationMs))
  ) {
    return `has \`durationMs\` ${describeValue(durationMs)}; expected a number`
  }
  // Trajectories group calls by step: a step that is no index would group them by accident.
  const { step } = call
  if (step !== undefined && !(typeof step === 'number' && Number.isInteger(step) && step >= 0)) {
    return `has \`step\` ${describeValue(step)}; expected the step's index in the turn (an integer ≥ 0; calls of one assistant message share it)`
  }
  return undefined
}

function fail(problem: string): ReplyCheck {
  return { ok: false, problem }
}
