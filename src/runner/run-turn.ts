import { AgentCalls, inAgentScope } from '../agent-usage/index.js'
import { formatMessage, TurnTimeoutError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { fillTemplate, judgeTraits, traitScores } from '../models/judge.js'
import { answerWithModel } from '../models/model-answer.js'
import { scoreTraits } from '../rubrics/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { ScenarioNode } from '../scenario/index.js'
import type {
  ChatMessage,
  Diagnostic,
  ErrorStage,
  RubricScores,
  ScenarioStateView,
  SchemaIssue,
  ToolCallRecord,
  TurnError,
  Usage,
} from '../state/types.js'
import { parseWithTemplate, verifyAnswer } from '../templates/index.js'
import type { AnswerTemplate } from '../templates/types.js'
import { type AnswerSignal, TurnContext } from './answer-signal.js'
import { checkReply, REPLY_SHAPE } from './check-reply.js'
import type { ConversationCopies } from './conversation-copies.js'
import { type ModelJudging, type NodeSides, resolveNodeSides } from './node-sides.js'
import { type ParsedBy, type ParseFailure, parseFailedError } from './parse-failed.js'
import { QuestionTurnContext } from './question-context.js'
import { toolCallsOf, turnMessages } from './reply-messages.js'
import type { ResolvedRunOptions } from './run-options.js'
import { TIMED_OUT } from './turn-deadline.js'
import { failure, turnErrorOf } from './turn-error.js'
import { usageFrom, zeroUsage } from './usage.js'

// The stages of a turn, in order: render the question, call the answering side, read its answer,
// then judge it (parse, verify, score the rubric). Each stage returns its result — what it made,
// or the error that ends the turn with what was done before it — and the run loop chains
// them. The stages are synchronous except the answer itself and a parsing model's judging: the
// loop does those `await`s, and only when there is a promise. An `async runTurn` wrapping the
// same work cost an extra promise and microtask hops per turn, a large share of a turn once the
// agent itself answers at once (more when promise hooks are on, as they are once any library in
// the process uses AsyncLocalStorage).

/** What a turn needs from the run (one object per run). */
export interface RunContext {
  /** The run's read-only view of its live state. */
  view: ScenarioStateView
  /** The conversation before this turn: the seed, then the earlier turns (no system message). */
  transcript: readonly ChatMessage[]
  /** The agent's copies of the transcript: its conversation on each turn. */
  agentCopies: ConversationCopies
  /** The question functions' copies of the transcript (`context.conversation`). */
  questionCopies: ConversationCopies
  options: ResolvedRunOptions
  /** The run's own signal (the user's). */
  signal: AbortSignal
  /** The answering side's signal: the run's abort, or a turn that outlasts `turnTimeoutMs`. */
  answerSignal: AnswerSignal
  diagnostics: Diagnostic[]
  /** Each node's resolved sides, made on its first visit. */
  sides: Map<string, NodeSides>
  /**
   * The tally of the calls the agent makes in the turn being answered (through `wrap()`ped
   * clients or a recording `fetch`), while calls are counted; taken (and cleared) by the step
   * that reads the agent's reply or failure.
   */
  agentCalls?: AgentCalls | undefined
}

/**
 * The rendered question (`null`: no user message this turn), or the error of a question function
 * that failed or gave no string.
 */
export type QuestionStep = { ok: true; text: string | null } | { ok: false; error: TurnError }

/** What the answering side gave: an answer, with what the side did on the way to it. */
export interface Answered {
  ok: true
  content: string
  /** The turn's assistant and tool messages, the final answer last. */
  messages: ChatMessage[]
  toolCalls: ToolCallRecord[]
  usage: Usage
  /** The answering agent's name, when the reply gave one. */
  agent?: string | undefined
}

/** No answer: the error, and what the answering side did before it failed (tool calls, tokens). */
export interface NotAnswered {
  ok: false
  error: TurnError
  messages: ChatMessage[]
  toolCalls: ToolCallRecord[]
  usage: Usage
}

/** The answering side's result. */
export type AnswerStep = Answered | NotAnswered

/** The answering side, called: what it returned (usually a promise), or its synchronous failure. */
export type CallStep = { ok: true; pending: unknown } | NotAnswered

/** How a turn's answer was judged: parsed fields, the template's verdict, the rubric's scores. */
export interface Judgement {
  parsedFields: Record<string, unknown>
  verifyResult: boolean | null
  rubric: RubricScores
  /** The parsing model's tokens. */
  usage: Usage
}

/** The answer was judged. */
export interface Judged extends Judgement {
  ok: true
}

/** The turn failed, before or while judging; the judgement holds what was done before. */
export interface NotJudged extends Judgement {
  ok: false
  error: TurnError
}

/** The result of a turn's judging, and so of the whole turn: `ok: false` carries its error. */
export type JudgeStep = Judged | NotJudged

/** The node's resolved sides, from the run's cache. */
export function sidesOf(run: RunContext, node: ScenarioNode): NodeSides {
  let sides = run.sides.get(node.id)
  if (sides === undefined) {
    sides = resolveNodeSides(node, run.options)
    run.sides.set(node.id, sides)
  }
  return sides
}

/**
 * Renders the node's question: its text (`null` for none), or what its question function returns
 * for the state (read after `turn` and `currentNode` are set) and the turn's context. A function
 * that throws, rejects or gives no string ends the turn (`unexpected` at stage `question`, unless
 * what it threw says otherwise, e.g. a model call's own category).
 *
 * A step that may give a promise: only a question function that returns one makes it so, and the
 * run loop awaits only then, so a synchronous question costs no promise and no microtask. Another
 * question source goes here as one more branch that returns a step or a promise of one.
 */
export function renderQuestion(
  run: RunContext,
  node: ScenarioNode,
  sides: NodeSides,
  turn: number,
): QuestionStep | Promise<QuestionStep> {
  if (sides.fixedQuestion !== undefined) return sides.fixedQuestion
  const question = node.question
  // Not fixed: a question object whose `question` is a function (node-sides.ts, fixedQuestion).
  const source = question !== null && typeof question === 'object' ? question.question : undefined
  if (typeof source !== 'function') return unrenderable(node, source)
  let text: unknown
  try {
    text = source(
      run.view,
      new QuestionTurnContext(node.id, turn, run.answerSignal, run.questionCopies),
    )
  } catch (error) {
    return questionFailed(run, error)
  }
  if (!isThenable(text)) return questionText(node, text)
  return Promise.resolve(text).then(
    (settled) => (run.signal.aborted ? questionAborted(run, node) : questionText(node, settled)),
    (error: unknown) => questionFailed(run, error),
  )
}

/** A question function's result as the turn's question: a string, else the turn's error. */
function questionText(node: ScenarioNode, text: unknown): QuestionStep {
  if (typeof text === 'string') return { ok: true, text }
  return unrenderable(node, text)
}

function unrenderable(node: ScenarioNode, text: unknown): QuestionStep {
  return {
    ok: false,
    error: failure(
      'unexpected',
      'question',
      undefined,
      `The question function of node '${node.id}' returned ${describeValue(text)}, not a string`,
    ),
  }
}

/** A question function threw or rejected: `unexpected`, unless what it threw says otherwise. */
function questionFailed(run: RunContext, error: unknown): QuestionStep {
  return { ok: false, error: turnErrorOf(error, 'question', 'unexpected', run.signal.aborted) }
}

/** A question that came after the run's abort is not asked. */
function questionAborted(run: RunContext, node: ScenarioNode): QuestionStep {
  const message = abortedWhile(node.id, 'was rendering its question')
  return { ok: false, error: failure('aborted', 'question', run.signal.reason, message) }
}

/**
 * Whether a value is a promise (or any thenable) to wait for. A value whose `then` cannot be read
 * (a Proxy whose trap throws) is not: the checks that follow report it.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (typeof value !== 'object' || value === null) return false
  try {
    return typeof (value as { then?: unknown }).then === 'function'
  } catch {
    return false
  }
}

/**
 * A scripted answer (the node's `answer`): the answering side is not called, the text is the
 * turn's answer, with no tool calls and no tokens.
 */
export function scriptedAnswer(content: string): Answered {
  const messages: ChatMessage[] = [{ role: 'assistant', content }]
  return { ok: true, content, messages, toolCalls: [], usage: zeroUsage() }
}

/**
 * Calls the answering side (the agent, or the model with its tools) with the conversation and
 * the question. Returns what it returned, usually a promise the run loop awaits; a synchronous
 * throw is the turn's failure.
 */
export function callAnsweringSide(
  run: RunContext,
  node: ScenarioNode,
  sides: NodeSides,
  turn: number,
  question: string | null,
  replay: ReplayTally,
): CallStep {
  run.agentCalls = undefined
  try {
    if (sides.answering.kind === 'agent') {
      // A plain array of the agent's copies, each message copied once per run (see the module).
      const conversation = run.agentCopies.conversation(sides.systemPrompt, question)
      const context = new TurnContext(node.id, turn, run.view, run.answerSignal)
      const { agent } = sides.answering
      // The agent's own calls find this turn's tally through the async context it runs in.
      const calls = new AgentCalls(replay)
      run.agentCalls = calls
      return { ok: true, pending: inAgentScope(calls, agent, conversation, context) }
    }
    const pending = answerWithModel({
      model: sides.answering.model,
      // The request carries the whole conversation, so it is built in full for the model.
      conversation: buildConversation(run, sides, question),
      tools: sides.tools,
      nodeId: node.id,
      turn,
      signal: run.answerSignal.signal,
      maxToolRounds: run.options.maxToolRounds,
      toolTimeoutMs: run.options.toolTimeoutMs,
      calls: run.options.calls,
      replay,
    })
    return { ok: true, pending }
  } catch (error) {
    return answerFailed(error, run.signal.aborted, run)
  }
}

/**
 * Reads the answering side's settled reply into the turn's answer. A turn that outlasted its
 * deadline (`TIMED_OUT`) is a `timeout` and aborts the answering side; an answer that came after
 * the run's abort is not taken (the run ends `error`, never `completed` with a late answer); a
 * reply of the wrong shape is an `agent` failure naming what is wrong.
 *
 * An agent's reply: `messages` may end with the final answer (not repeated); without `toolCalls`
 * the tool calls are read from `messages`; without `usage` the tokens of the agent's own counted
 * calls are the turn's answering usage (with `usage`, only it: never both). A failed turn keeps
 * the tokens the agent's calls spent before it.
 */
export function readAnswer(run: RunContext, node: ScenarioNode, reply: unknown): AnswerStep {
  const spent = takeAgentCalls(run)
  if (reply === TIMED_OUT) {
    const timeout = new TurnTimeoutError(node.id, run.options.turnTimeoutMs)
    // The agent (or the model's calls and tools) stop; the run does not wait for them.
    run.answerSignal.abort(timeout)
    return noAnswer(turnErrorOf(timeout, 'answer', 'agent', false), spent)
  }
  if (run.signal.aborted) {
    return noAnswer(
      failure('aborted', 'answer', run.signal.reason, abortedWhile(node.id, 'was answering')),
      spent,
    )
  }
  const checked = checkReply(reply)
  if (!checked.ok) {
    const message = formatMessage({
      what: `The agent at node '${node.id}' returned ${checked.problem}`,
      fix: REPLY_SHAPE,
    })
    return noAnswer(failure('agent', 'answer', reply, message), spent)
  }
  const structured = checked.reply
  if (typeof structured === 'string') {
    const messages: ChatMessage[] = [{ role: 'assistant', content: structured }]
    return { ok: true, content: structured, messages, toolCalls: [], usage: spent ?? zeroUsage() }
  }
  const { content } = structured
  const messages = turnMessages(structured.messages, content)
  const toolCalls =
    structured.toolCalls ??
    (structured.messages === undefined ? [] : toolCallsOf(structured.messages))
  const usage =
    structured.usage !== undefined ? usageFrom(structured.usage) : (spent ?? zeroUsage())
  if (structured.agent === undefined) return { ok: true, content, messages, toolCalls, usage }
  return { ok: true, content, messages, toolCalls, usage, agent: structured.agent }
}

/**
 * The tokens the agent's counted calls spent in this turn (`undefined` when calls are not
 * counted), and the tally cleared: a step that reads no agent reply never sees a turn's tally.
 */
function takeAgentCalls(run: RunContext): Usage | undefined {
  const calls = run.agentCalls
  if (calls === undefined) return undefined
  run.agentCalls = undefined
  return calls.spent()
}

/**
 * The answering side threw (or its promise rejected): classified by the error's code (see
 * `turnErrorOf`), anything else the agent threw being an `agent` failure. What the model side did
 * before it failed — its tool calls, their messages, its tokens — stays on the turn, and so do
 * the tokens an agent's counted calls spent before it threw (`run` holds their tally).
 */
export function answerFailed(thrown: unknown, aborted: boolean, run?: RunContext): NotAnswered {
  const error = turnErrorOf(thrown, 'answer', 'agent', aborted)
  const spent = run === undefined ? undefined : takeAgentCalls(run)
  const partial = partialReplyOf(thrown)
  if (partial === undefined) return noAnswer(error, spent)
  return {
    ok: false,
    error,
    messages: partial.messages === undefined ? [] : [...partial.messages],
    toolCalls: partial.toolCalls ?? [],
    usage: usageFrom(partial.usage),
  }
}

/**
 * No answer: a failure before the answering side did anything, or with nothing of what it did
 * but the tokens its counted calls spent (`spent`).
 */
export function noAnswer(error: TurnError, spent?: Usage): NotAnswered {
  return { ok: false, error, messages: [], toolCalls: [], usage: spent ?? zeroUsage() }
}

/**
 * What the model answering side did before it failed, as it attaches it to the error it rethrows
 * (`answerWithModel`); checked like any reply, so a user's error with such a field cannot break
 * the turn.
 */
function partialReplyOf(thrown: unknown) {
  if (typeof thrown !== 'object' || thrown === null) return undefined
  let partial: unknown
  try {
    partial = (thrown as { partialReply?: unknown }).partialReply
  } catch {
    return undefined
  }
  if (partial === undefined) return undefined
  const checked = checkReply(partial)
  return checked.ok && typeof checked.reply === 'object' ? checked.reply : undefined
}

/**
 * Judges an answer: parses it with the template (its `parse`, or the parsing model), verifies the
 * fields, and scores the rubric (its model-judged traits by the parsing model). Synchronous unless
 * the parsing model has work at this node. Never throws: a failure is a `NotJudged` with the
 * parts done before it.
 */
export function judgeAnswer(
  run: RunContext,
  node: ScenarioNode,
  sides: NodeSides,
  turn: number,
  question: string | null,
  content: string,
  replay: ReplayTally,
): JudgeStep | Promise<JudgeStep> {
  let fields: Record<string, unknown> = {}
  let verdict: boolean | null = null
  if (sides.parse !== undefined) {
    const parsed = parseWithTemplate(sides.parse, content)
    if (!parsed.ok) return notJudged(parseFailure(node.id, parsed, 'parse'))
    fields = parsed.fields
    const verified = verify(sides.parse, fields)
    if (isTurnError(verified)) return notJudged(verified, fields)
    verdict = verified
  }
  if (sides.judging !== undefined) {
    const asked = { question: question ?? NO_QUESTION, content }
    return judgeWithModel(
      run,
      node,
      turn,
      asked,
      replay,
      sides.judging,
      sides.rubric,
      fields,
      verdict,
    )
  }
  const rubric =
    sides.rubric === undefined ? {} : scoreRubric(run, node, turn, content, sides.rubric)
  return { ok: true, parsedFields: fields, verifyResult: verdict, rubric, usage: zeroUsage() }
}

/**
 * The turn failed before it could be judged: nothing parsed, no verdict, no scores. The error is
 * the one that ended the turn, so the judging step always carries it.
 */
export function notJudged(
  error: TurnError,
  parsedFields: Record<string, unknown> = {},
  verifyResult: boolean | null = null,
  rubric: RubricScores = {},
  usage: Usage = zeroUsage(),
): NotJudged {
  return { ok: false, error, parsedFields, verifyResult, rubric, usage }
}

/**
 * The template's verdict on the parsed fields (`null`: nothing to verify), or the turn's error
 * when `verify` throws (`unexpected`). A verdict is a scalar, an error an object: the result
 * allocates nothing when the verdict comes.
 */
function verify(
  template: AnswerTemplate,
  fields: Record<string, unknown>,
): boolean | null | TurnError {
  try {
    return verifyAnswer(template, fields)
  } catch (error) {
    return failure('unexpected', 'verify', error)
  }
}

function isTurnError(verified: boolean | null | TurnError): verified is TurnError {
  return typeof verified === 'object' && verified !== null
}

/**
 * An answer that did not fit the template: a `parsing` failure carrying zod's issues, whose cause
 * is the `parse_failed` error (what `parse` threw, if it did, is that error's cause).
 */
function parseFailure(
  nodeId: string,
  parsed: ParseFailure & { issues: SchemaIssue[] },
  by: ParsedBy,
): TurnError {
  const error = parseFailedError(nodeId, parsed, by)
  return { ...failure('parsing', 'parse', error), issues: parsed.issues }
}

function scoreRubric(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  content: string,
  rubric: Rubric,
): RubricScores {
  return scoreTraits(rubric, content, { nodeId: node.id, turn, state: run.view }, run.diagnostics)
}

/**
 * The parsing model's part of judging: it fills the template (when the node's has no `parse`),
 * then the deterministic traits are scored and the model judges the `llmTrait`s. A judgement the
 * model gave that cannot be read leaves a `rubric` diagnostic and no scores for those traits; a
 * failed call ends the turn, keeping what was judged before it.
 */
async function judgeWithModel(
  run: RunContext,
  node: ScenarioNode,
  turn: number,
  { question, content }: { question: string; content: string },
  replay: ReplayTally,
  judging: ModelJudging,
  rubric: Rubric | undefined,
  fields: Record<string, unknown>,
  verdict: boolean | null,
): Promise<JudgeStep> {
  const { signal, options } = run
  const usage = zeroUsage()
  let scores: RubricScores = {}
  try {
    if (judging.fill !== undefined) {
      const filled = await fillTemplate(
        judging.model,
        judging.fill,
        question,
        content,
        signal,
        options.calls,
        replay,
      )
      addTo(usage, filled.usage)
      if (!filled.ok)
        return notJudged(parseFailure(node.id, filled, 'model'), {}, null, scores, usage)
      fields = filled.fields
      const verified = verify(judging.fill, fields)
      if (isTurnError(verified)) return notJudged(verified, fields, null, scores, usage)
      verdict = verified
    }
    if (rubric !== undefined) {
      scores = scoreRubric(run, node, turn, content, rubric)
      if (judging.traits.length > 0) {
        const judged = await judgeTraits(
          judging.model,
          judging.traits,
          question,
          content,
          signal,
          options.calls,
          replay,
        )
        addTo(usage, judged.usage)
        if (judged.ok) Object.assign(scores, traitScores(judged.fields))
        else {
          run.diagnostics.push({
            kind: 'rubric',
            message: `The parsing model's judgement of node '${node.id}' could not be read (${judged.message}); its model-judged traits have no score`,
            nodeId: node.id,
            turn,
          })
        }
      }
    }
    const judged: Judged = {
      ok: true,
      parsedFields: fields,
      verifyResult: verdict,
      rubric: scores,
      usage,
    }
    return signal.aborted ? abortedWhileJudged(run, node, judging, judged) : judged
  } catch (error) {
    const failed = turnErrorOf(error, 'parse', 'unexpected', signal.aborted)
    return notJudged(failed, fields, verdict, scores, usage)
  }
}

/** A judgement that finished after the run's abort is not taken; the parts stay on the turn. */
function abortedWhileJudged(
  run: RunContext,
  node: ScenarioNode,
  judging: ModelJudging,
  step: Judged,
): NotJudged {
  // The stage the judging was in: filling the template, else scoring the rubric.
  const stage: ErrorStage = judging.fill === undefined ? 'rubric' : 'parse'
  const message = abortedWhile(node.id, 'was judged')
  const error = failure('aborted', stage, run.signal.reason, message)
  return notJudged(error, step.parsedFields, step.verifyResult, step.rubric, step.usage)
}

function addTo(total: Usage, usage: Usage): void {
  total.input += usage.input
  total.output += usage.output
  total.cached += usage.cached
}

/** The message of a turn the run's abort overtook. */
export function abortedWhile(nodeId: string, doing: string): string {
  return `The run was aborted while node '${nodeId}' ${doing}; what came after the abort was not used`
}

/**
 * What the parsing model is told the question was on a turn without one (`question: null`): it
 * fills the template and judges the traits from the answer alone.
 */
const NO_QUESTION = '(none: the assistant spoke first, without a new user message)'

/**
 * The messages the agent gets: one system message when a prompt is in effect, then the transcript
 * (the seed first), then the question — none on a turn whose question is `null`.
 */
function buildConversation(
  run: RunContext,
  sides: NodeSides,
  questionText: string | null,
): ChatMessage[] {
  const { systemPrompt } = sides
  const conversation: ChatMessage[] = []
  if (systemPrompt !== undefined) conversation.push({ role: 'system', content: systemPrompt })
  for (const message of run.transcript) conversation.push(message)
  if (questionText !== null) conversation.push({ role: 'user', content: questionText })
  return conversation
}
