import type { AgentReply } from '../models/types.js'
import { scoreTraits } from '../rubrics/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { Question, ScenarioNode } from '../scenario/index.js'
import type {
  ChatMessage,
  Diagnostic,
  ErrorCategory,
  ErrorStage,
  RubricScores,
  ScenarioStateView,
  ToolCallRecord,
  TurnError,
  Usage,
} from '../state/types.js'
import { parseWithTemplate, verifyAnswer } from '../templates/index.js'
import type { ResolvedRunOptions } from './run-options.js'
import { usageFrom, zeroUsage } from './usage.js'

/** Everything one turn produced before the run's bookkeeping. */
export interface TurnOutcome {
  questionText: string
  rawResponse: string | null
  parsedFields: Record<string, unknown>
  verifyResult: boolean | null
  rubric: RubricScores
  toolCalls: ToolCallRecord[]
  /** This turn's assistant and tool messages, the final answer last. */
  messages: ChatMessage[]
  answering: Usage
  error?: TurnError | undefined
}

/** What a turn needs from the run. */
export interface TurnInput {
  node: ScenarioNode
  turn: number
  view: ScenarioStateView
  /** The conversation before this turn (without the system message). */
  transcript: readonly ChatMessage[]
  options: ResolvedRunOptions
  signal: AbortSignal
  diagnostics: Diagnostic[]
}

/**
 * Runs one turn with an agent answering side: render the question, ask the agent, parse, verify,
 * score the rubric. Never throws: a failure becomes `error` on the outcome, with the parts that
 * were done before it (SPEC section 6 and 13.19).
 */
export async function runTurn(input: TurnInput): Promise<TurnOutcome> {
  const { node, turn, view, options, signal } = input
  const question: Question =
    typeof node.question === 'string' ? { question: node.question } : node.question
  const outcome: TurnOutcome = {
    questionText: '',
    rawResponse: null,
    parsedFields: {},
    verifyResult: null,
    rubric: {},
    toolCalls: [],
    messages: [],
    answering: zeroUsage(),
  }
  const fail = (category: ErrorCategory, stage: ErrorStage, error: unknown, message?: string) => {
    outcome.error = { category, stage, message: message ?? messageOf(error), cause: error }
    return outcome
  }

  try {
    outcome.questionText =
      typeof question.question === 'function' ? question.question(view) : question.question
    if (typeof outcome.questionText !== 'string') {
      return fail(
        'unexpected',
        'question',
        undefined,
        `The question function of node '${node.id}' returned ${typeof outcome.questionText}, not a string`,
      )
    }
  } catch (error) {
    return fail('unexpected', 'question', error)
  }

  const conversation = buildConversation(input, outcome.questionText)
  let reply: string | AgentReply
  try {
    reply = await options.agent(conversation, { nodeId: node.id, turn, state: view, signal })
  } catch (error) {
    return fail(signal.aborted ? 'aborted' : 'agent', 'answer', error)
  }
  const content = typeof reply === 'string' ? reply : (reply as AgentReply | null)?.content
  if (typeof content !== 'string') {
    return fail(
      'agent',
      'answer',
      reply,
      `The agent returned ${describe(reply)} for node '${node.id}', not a string or { content: string }`,
    )
  }
  outcome.rawResponse = content
  if (typeof reply === 'object') {
    if (reply.messages !== undefined) outcome.messages.push(...reply.messages)
    if (reply.toolCalls !== undefined) outcome.toolCalls = reply.toolCalls
    outcome.answering = usageFrom(reply.usage)
  }
  outcome.messages.push({ role: 'assistant', content })

  const { template } = question
  if (template?.parse !== undefined) {
    const parsed = parseWithTemplate(
      template as typeof template & { parse: (raw: string) => unknown },
      content,
    )
    if (!parsed.ok) {
      fail('parsing', 'parse', parsed.cause, parsed.message)
      if (outcome.error !== undefined) outcome.error.issues = parsed.issues
      return outcome
    }
    outcome.parsedFields = parsed.fields
    try {
      outcome.verifyResult = verifyAnswer(template, parsed.fields)
    } catch (error) {
      return fail('unexpected', 'verify', error)
    }
  }

  const rubric: Rubric | undefined = question.rubric ?? options.rubric
  if (rubric !== undefined) {
    outcome.rubric = scoreTraits(
      rubric,
      content,
      { nodeId: node.id, turn, state: view },
      input.diagnostics,
    )
  }
  return outcome
}

/** The messages the agent gets: one system message when a prompt is in effect, then the transcript, then the question. */
function buildConversation(input: TurnInput, questionText: string): ChatMessage[] {
  const override = input.node.modelOverride?.answering
  const nodePrompt = typeof override === 'object' ? override.systemPrompt : undefined
  const systemPrompt = nodePrompt ?? input.options.systemPrompt
  const conversation: ChatMessage[] = []
  if (systemPrompt !== undefined) conversation.push({ role: 'system', content: systemPrompt })
  for (const message of input.transcript) conversation.push(message)
  conversation.push({ role: 'user', content: questionText })
  return conversation
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object without a string `content`' : typeof value
}
