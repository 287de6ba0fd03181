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

// A turn is split in two synchronous halves around the agent's answer — `askAgent` renders the
// question and calls the agent, `finishTurn` parses, verifies and scores — and the run loop does
// the one `await` in between. An `async runTurn` wrapping the same work cost an extra promise and
// microtask hops per turn, a large share of a turn once the agent itself answers at once (and
// more when promise hooks are on, as they are once any library in the process uses
// AsyncLocalStorage).

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

/** What a turn needs from the run (one object per run). */
export interface RunContext {
  /** The run's read-only view of its live state. */
  view: ScenarioStateView
  /** The conversation before this turn (without the system message). */
  transcript: readonly ChatMessage[]
  options: ResolvedRunOptions
  signal: AbortSignal
  diagnostics: Diagnostic[]
}

/** A fresh outcome with nothing done yet. */
export function newTurnOutcome(): TurnOutcome {
  return {
    questionText: '',
    rawResponse: null,
    parsedFields: {},
    verifyResult: null,
    rubric: {},
    toolCalls: [],
    messages: [],
    answering: zeroUsage(),
  }
}

/** Marks the turn failed; the parts done before the failure stay on the outcome (13.19). */
export function failTurn(
  outcome: TurnOutcome,
  category: ErrorCategory,
  stage: ErrorStage,
  error: unknown,
  message?: string,
): void {
  outcome.error = { category, stage, message: message ?? messageOf(error), cause: error }
}

/**
 * The first half of a turn: renders the question into `outcome.questionText` and calls the
 * agent. Returns what the agent returned (usually a promise, which the caller awaits), or
 * `undefined` with `outcome.error` set when the question could not be rendered or the agent threw
 * synchronously. Never throws.
 */
export function askAgent(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  outcome: TurnOutcome,
): unknown {
  const { signal } = run
  const question = node.question
  try {
    const text = typeof question === 'string' ? question : question.question
    outcome.questionText = typeof text === 'function' ? text(run.view) : text
    if (typeof outcome.questionText !== 'string') {
      failTurn(
        outcome,
        'unexpected',
        'question',
        undefined,
        `The question function of node '${node.id}' returned ${typeof outcome.questionText}, not a string`,
      )
      return undefined
    }
  } catch (error) {
    failTurn(outcome, 'unexpected', 'question', error)
    return undefined
  }

  const conversation = buildConversation(run, node, outcome.questionText)
  try {
    return run.options.agent(conversation, { nodeId: node.id, turn, state: run.view, signal })
  } catch (error) {
    failTurn(outcome, signal.aborted ? 'aborted' : 'agent', 'answer', error)
    return undefined
  }
}

/**
 * The second half of a turn, given the agent's settled reply: checks it, then parses, verifies
 * and scores the rubric. Never throws: a failure sets `outcome.error`, keeping the parts done
 * before it (SPEC section 6 and 13.19).
 */
export function finishTurn(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  outcome: TurnOutcome,
  reply: unknown,
): void {
  const content =
    typeof reply === 'string' ? reply : (reply as AgentReply | null | undefined)?.content
  if (typeof content !== 'string') {
    failTurn(
      outcome,
      'agent',
      'answer',
      reply,
      `The agent returned ${describe(reply)} for node '${node.id}', not a string or { content: string }`,
    )
    return
  }
  outcome.rawResponse = content
  if (typeof reply === 'object') {
    const structured = reply as AgentReply
    if (structured.messages !== undefined) outcome.messages.push(...structured.messages)
    if (structured.toolCalls !== undefined) outcome.toolCalls = structured.toolCalls
    outcome.answering = usageFrom(structured.usage)
  }
  outcome.messages.push({ role: 'assistant', content })

  const question: Question | undefined =
    typeof node.question === 'string' ? undefined : node.question
  const template = question?.template
  if (template?.parse !== undefined) {
    const parsed = parseWithTemplate(
      template as typeof template & { parse: (raw: string) => unknown },
      content,
    )
    if (!parsed.ok) {
      failTurn(outcome, 'parsing', 'parse', parsed.cause, parsed.message)
      if (outcome.error !== undefined) outcome.error.issues = parsed.issues
      return
    }
    outcome.parsedFields = parsed.fields
    try {
      outcome.verifyResult = verifyAnswer(template, parsed.fields)
    } catch (error) {
      failTurn(outcome, 'unexpected', 'verify', error)
      return
    }
  }

  const rubric: Rubric | undefined = question?.rubric ?? run.options.rubric
  if (rubric !== undefined) {
    outcome.rubric = scoreTraits(
      rubric,
      content,
      { nodeId: node.id, turn, state: run.view },
      run.diagnostics,
    )
  }
}

/** The messages the agent gets: one system message when a prompt is in effect, then the transcript, then the question. */
function buildConversation(
  run: RunContext,
  node: ScenarioNode,
  questionText: string,
): ChatMessage[] {
  const override = node.modelOverride?.answering
  const nodePrompt = typeof override === 'object' ? override.systemPrompt : undefined
  const systemPrompt = nodePrompt ?? run.options.systemPrompt
  const conversation: ChatMessage[] = []
  if (systemPrompt !== undefined) conversation.push({ role: 'system', content: systemPrompt })
  for (const message of run.transcript) conversation.push(message)
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
