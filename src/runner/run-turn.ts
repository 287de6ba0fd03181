import { formatMessage, isModelCallError } from '../errors/index.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { fillTemplate, judgeTraits, traitScores } from '../models/judge.js'
import { answerWithModel } from '../models/model-answer.js'
import type { AgentReply } from '../models/types.js'
import { recordingErrorOf } from '../recordings/recording-error-of.js'
import { scoreTraits } from '../rubrics/index.js'
import type { LlmTrait, Rubric } from '../rubrics/types.js'
import type { Question, ScenarioNode } from '../scenario/index.js'
import type {
  ChatMessage,
  Diagnostic,
  ErrorCategory,
  ErrorStage,
  ScenarioStateView,
  SchemaIssue,
  TurnRecord,
  Usage,
} from '../state/types.js'
import { parseWithTemplate, verifyAnswer } from '../templates/index.js'
import type { AnswerTemplate } from '../templates/types.js'
import { ToolCallError } from '../tools/index.js'
import { type AnswerSignal, TurnContext } from './answer-signal.js'
import { checkReply, REPLY_SHAPE } from './check-reply.js'
import { type NodeSides, resolveNodeSides } from './node-sides.js'
import type { ResolvedRunOptions } from './run-options.js'
import { usageFrom, zeroUsage } from './usage.js'

// A turn is split in two synchronous halves around the agent's answer — `askAgent` renders the
// question and calls the agent, `finishTurn` parses, verifies and scores — and the run loop does
// the one `await` in between. An `async runTurn` wrapping the same work cost an extra promise and
// microtask hops per turn, a large share of a turn once the agent itself answers at once (and
// more when promise hooks are on, as they are once any library in the process uses
// AsyncLocalStorage).

/**
 * Everything one turn produced before the run's bookkeeping: the turn record's own fields, and
 * the two sides' token counts that become its `usage`.
 */
export type TurnOutcome = Pick<
  TurnRecord,
  | 'questionText'
  | 'rawResponse'
  | 'parsedFields'
  | 'verifyResult'
  | 'rubric'
  | 'toolCalls'
  | 'messages'
  | 'error'
> & {
  answering: Usage
  judging: Usage
  /** The turn's model calls that were replayed from a recording. */
  replay: ReplayTally
}

/** What a turn needs from the run (one object per run). */
export interface RunContext {
  /** The run's read-only view of its live state. */
  view: ScenarioStateView
  /** The conversation before this turn (without the system message). */
  transcript: readonly ChatMessage[]
  options: ResolvedRunOptions
  /** The run's own signal (the user's). */
  signal: AbortSignal
  /** The answering side's signal: the run's abort, or a turn that outlasts `turnTimeoutMs`. */
  answerSignal: AnswerSignal
  diagnostics: Diagnostic[]
  /** Each node's resolved sides, made on its first visit. */
  sides: Map<string, NodeSides>
}

/** The node's resolved sides, from the run's cache. */
function sidesOf(run: RunContext, node: ScenarioNode): NodeSides {
  let sides = run.sides.get(node.id)
  if (sides === undefined) {
    sides = resolveNodeSides(node, run.options)
    run.sides.set(node.id, sides)
  }
  return sides
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
    judging: zeroUsage(),
    replay: { calls: 0, recordedDurationMs: 0 },
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
  // A recording failure's cause is the recording error itself, not the SDK error wrapping it.
  const recording = category === 'recording' ? recordingErrorOf(error) : undefined
  const cause =
    recording ?? (category === 'recording' && isModelCallError(error) ? error.cause : error)
  outcome.error = { category, stage, message: message ?? messageOf(cause), cause }
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
  const { signal, answerSignal } = run
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

  const sides = sidesOf(run, node)
  const conversation = buildConversation(run, sides, outcome.questionText)
  try {
    if (sides.answering.kind === 'agent') {
      return sides.answering.agent(
        conversation,
        new TurnContext(node.id, turn, run.view, answerSignal),
      )
    }
    return answerWithModel({
      model: sides.answering.model,
      conversation,
      tools: sides.tools,
      nodeId: node.id,
      turn,
      signal: answerSignal.signal,
      maxToolRounds: run.options.maxToolRounds,
      toolTimeoutMs: run.options.toolTimeoutMs,
      calls: run.options.calls,
      replay: outcome.replay,
    })
  } catch (error) {
    failTurn(outcome, signal.aborted ? 'aborted' : 'agent', 'answer', error)
    return undefined
  }
}

/**
 * Records a failed answer: a model or tool failure keeps its own category and stage, anything else
 * the agent threw is an `agent` failure (an abort while answering is `aborted`). What the answer
 * did before it failed (tool calls, messages, tokens) stays on the turn.
 */
export function failAnswer(outcome: TurnOutcome, thrown: unknown, aborted: boolean): void {
  const classified = thrown as {
    category?: ErrorCategory
    stage?: ErrorStage
    partialReply?: AgentReply
  } | null
  if (
    isModelCallError(thrown) ||
    thrown instanceof ToolCallError ||
    (classified !== null &&
      typeof classified === 'object' &&
      classified.category === 'tool' &&
      classified.stage === 'tool')
  ) {
    failTurn(
      outcome,
      (classified as { category: ErrorCategory }).category,
      (classified as { stage: ErrorStage }).stage,
      thrown,
    )
  } else if (recordingErrorOf(thrown) !== undefined) {
    // The agent's own (wrapped) client had no recording for a call: a recording failure, not a
    // bug of the agent.
    failTurn(outcome, 'recording', 'answer', thrown)
  } else if (aborted) {
    failTurn(outcome, 'aborted', 'answer', thrown)
  } else {
    const broken = brokenConnectionIn(thrown)
    if (broken !== undefined) failTurn(outcome, 'connection', 'answer', thrown, broken)
    else failTurn(outcome, 'agent', 'answer', thrown)
  }
  const partial = classified?.partialReply
  if (partial !== undefined) {
    if (partial.messages !== undefined) outcome.messages.push(...partial.messages)
    if (partial.toolCalls !== undefined) outcome.toolCalls = partial.toolCalls
    outcome.answering = usageFrom(partial.usage)
  }
}

/**
 * What to say when the agent failed because a connection broke under it, or `undefined` when it
 * did not: a stream cut midway (a `ModelCallError` of category `connection` from a client the
 * library built or wrapped, anywhere in the cause chain, since agents often wrap errors), or
 * undici's bare `TypeError: terminated` from a client of the agent's own. Neither is a bug of the
 * agent.
 */
function brokenConnectionIn(thrown: unknown): string | undefined {
  let current: unknown = thrown
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (isModelCallError(current) && current.category === 'connection') return current.message
    const { name, message } = current as { name?: unknown; message?: unknown }
    if (name === 'TypeError' && message === 'terminated') {
      const reason = (current as { cause?: { message?: unknown } }).cause?.message
      return formatMessage({
        what: `The connection broke while the agent was reading an answer (terminated${typeof reason === 'string' ? `: ${reason}` : ''})`,
        fix: 'A server or a proxy closed it midway: check its logs and timeouts. Wrap the agent’s client with wrap(client) to have the endpoint named.',
      })
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
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
): undefined | Promise<void> {
  const checked = checkReply(reply)
  if (!checked.ok) {
    failTurn(
      outcome,
      'agent',
      'answer',
      reply,
      formatMessage({
        what: `The agent at node '${node.id}' returned ${checked.problem}`,
        fix: REPLY_SHAPE,
      }),
    )
    return undefined
  }
  const structured = checked.reply
  const content = typeof structured === 'string' ? structured : structured.content
  outcome.rawResponse = content
  if (typeof structured === 'object') {
    if (structured.messages !== undefined) outcome.messages.push(...structured.messages)
    if (structured.toolCalls !== undefined) outcome.toolCalls = structured.toolCalls
    outcome.answering = usageFrom(structured.usage)
  }
  outcome.messages.push({ role: 'assistant', content })

  const question: Question | undefined =
    typeof node.question === 'string' ? undefined : node.question
  const template = question?.template
  const rubric: Rubric | undefined = question?.rubric ?? run.options.rubric
  const judged = rubric?.traits.filter((t): t is LlmTrait => t.type === 'LlmTrait') ?? []
  if (template?.parse !== undefined) {
    const parsed = parseWithTemplate(template as DeterministicTemplate, content)
    if (!accept(outcome, template, parsed)) return undefined
  }
  const toFill = template !== undefined && template.parse === undefined ? template : undefined
  if (toFill !== undefined || judged.length > 0) {
    // A parsing model fills the template or judges traits: the only asynchronous path here.
    return judgeTurn(run, node, turn, outcome, content, toFill, rubric, judged)
  }
  if (rubric !== undefined) scoreRubric(run, node, turn, outcome, content, rubric)
  return undefined
}

type DeterministicTemplate = AnswerTemplate & { parse: (raw: string) => unknown }

/**
 * Takes a parse result into the turn: a failure is a `parsing` error carrying zod's issues; a
 * success is verified. Returns whether the turn goes on.
 */
function accept(
  outcome: TurnOutcome,
  template: AnswerTemplate,
  parsed:
    | { ok: true; fields: Record<string, unknown> }
    | { ok: false; message: string; issues: SchemaIssue[]; cause?: unknown },
): boolean {
  if (!parsed.ok) {
    failTurn(outcome, 'parsing', 'parse', parsed.cause, parsed.message)
    if (outcome.error !== undefined) outcome.error.issues = parsed.issues
    return false
  }
  return verify(outcome, template, parsed.fields)
}

function verify(
  outcome: TurnOutcome,
  template: AnswerTemplate,
  fields: Record<string, unknown>,
): boolean {
  outcome.parsedFields = fields
  try {
    outcome.verifyResult = verifyAnswer(template, fields)
    return true
  } catch (error) {
    failTurn(outcome, 'unexpected', 'verify', error)
    return false
  }
}

function scoreRubric(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  outcome: TurnOutcome,
  content: string,
  rubric: Rubric,
): void {
  outcome.rubric = scoreTraits(
    rubric,
    content,
    { nodeId: node.id, turn, state: run.view },
    run.diagnostics,
  )
}

async function judgeTurn(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  outcome: TurnOutcome,
  content: string,
  template: AnswerTemplate | undefined,
  rubric: Rubric | undefined,
  judged: LlmTrait[],
): Promise<void> {
  const parsing = sidesOf(run, node).parsing
  if (parsing === undefined) throw new Error(`unreachable: node '${node.id}' needs a parsing model`)
  const addJudging = (usage: Usage) => {
    outcome.judging.input += usage.input
    outcome.judging.output += usage.output
    outcome.judging.cached += usage.cached
  }
  try {
    if (template !== undefined) {
      const filled = await fillTemplate(
        parsing,
        template,
        outcome.questionText,
        content,
        run.signal,
        run.options.calls,
        outcome.replay,
      )
      addJudging(filled.usage)
      if (!accept(outcome, template, filled)) return
    }
    if (rubric === undefined) return
    scoreRubric(run, node, turn, outcome, content, rubric)
    if (judged.length === 0) return
    const scores = await judgeTraits(
      parsing,
      judged,
      outcome.questionText,
      content,
      run.signal,
      run.options.calls,
      outcome.replay,
    )
    addJudging(scores.usage)
    if (!scores.ok) {
      run.diagnostics.push({
        kind: 'rubric',
        message: `The parsing model's judgement of node '${node.id}' could not be read (${scores.message}); its model-judged traits have no score`,
        nodeId: node.id,
        turn,
      })
      return
    }
    Object.assign(outcome.rubric, traitScores(scores.fields))
  } catch (error) {
    const classified = error as { category?: ErrorCategory; stage?: ErrorStage }
    if (
      isModelCallError(error) &&
      classified.category !== undefined &&
      classified.stage !== undefined
    ) {
      failTurn(outcome, classified.category, classified.stage, error)
    } else {
      failTurn(outcome, run.signal.aborted ? 'aborted' : 'unexpected', 'parse', error)
    }
  }
}

/** The messages the agent gets: one system message when a prompt is in effect, then the transcript, then the question. */
function buildConversation(run: RunContext, sides: NodeSides, questionText: string): ChatMessage[] {
  const { systemPrompt } = sides
  const conversation: ChatMessage[] = []
  if (systemPrompt !== undefined) conversation.push({ role: 'system', content: systemPrompt })
  for (const message of run.transcript) conversation.push(message)
  conversation.push({ role: 'user', content: questionText })
  return conversation
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
