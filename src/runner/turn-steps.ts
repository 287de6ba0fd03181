import type {
  ChatMessage,
  GuardrailTrip,
  RubricScores,
  ToolCallRecord,
  TurnError,
  Usage,
} from '../state/types.js'
import { zeroUsage } from './usage.js'

// The stages of a turn, in order: render the question, call the answering side, read its answer,
// then judge it (parse, verify, score the rubric). Each stage returns its result — what it made,
// or the error that ends the turn with what was done before it — and the run loop
// (`play-turns.ts`) chains them. The stages are synchronous except the answer itself and a
// parsing model's judging: the loop does those `await`s, and only when there is a promise. An
// `async runTurn` wrapping the same work cost an extra promise and microtask hops per turn, a
// large share of a turn once the agent itself answers at once (more when promise hooks are on, as
// they are once any library in the process uses AsyncLocalStorage).

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
  /** The agents that handled the turn, in order (`agent` last), when the reply named any. */
  agents?: string[] | undefined
  /**
   * Set when a guardrail tripped: the turn has no answer (`content` is `''` and not judged, no
   * messages reach the transcript), and it completes.
   */
  guardrail?: GuardrailTrip | undefined
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

/**
 * No answer: a failure before the answering side did anything, or with nothing of what it did
 * but the tokens its counted calls spent (`spent`).
 */
export function noAnswer(error: TurnError, spent?: Usage): NotAnswered {
  return { ok: false, error, messages: [], toolCalls: [], usage: spent ?? zeroUsage() }
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
 * The judgement of a turn with no answer to judge (a guardrail tripped): nothing parsed, no
 * verdict, no scores, and the turn completes. The template and the rubric are not run: there is
 * no answer to run them on.
 */
export function notAsked(): Judged {
  return { ok: true, parsedFields: {}, verifyResult: null, rubric: {}, usage: zeroUsage() }
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

/** The message of a turn the run's abort overtook. */
export function abortedWhile(nodeId: string, doing: string): string {
  return `The run was aborted while node '${nodeId}' ${doing}; what came after the abort was not used`
}
