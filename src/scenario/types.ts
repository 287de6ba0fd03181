import type { When } from '../conditions/index.js'
import type { ModelOverride } from '../models/types.js'
import type { OutcomeCheck, OutcomeEvaluate } from '../outcomes/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { SimulatedUser } from '../simulated-user/types.js'
import type { ChatMessage, ScenarioStateView } from '../state/types.js'
import type { AnswerTemplate } from '../templates/types.js'

/**
 * What a question function gets beside the state: the node and turn it renders for, the
 * answering side's abort signal (aborted when the run is, or when the turn outlasts
 * `turnTimeoutMs`), and the conversation so far — the seed, then every earlier question and
 * answer with their tool messages, without the system message — as a plain array of copies:
 * changing it never changes the run's transcript.
 */
export interface QuestionContext {
  readonly nodeId: string
  readonly turn: number
  readonly signal: AbortSignal
  readonly conversation: ChatMessage[]
}

/**
 * A question rendered when its turn starts, from the state (after `turn` and `currentNode` are
 * set) and the context. It may return a promise; a function that returns a string keeps the turn
 * synchronous.
 */
export type QuestionFunction = (
  state: ScenarioStateView,
  context: QuestionContext,
) => string | Promise<string>

/**
 * A question as text, as a function of the state rendered when its turn starts, or a simulated
 * user (`simulatedUser()`) that writes it with a model.
 */
export type QuestionText = string | QuestionFunction | SimulatedUser

/** A question with its answer template and rubric. */
export interface Question {
  /**
   * The text, or a function that renders it; `null` sends no user message this turn (the
   * answering side speaks next), and the template and rubric judge that answer as usual.
   */
  question: QuestionText | null
  /** A reference answer, kept for reports. */
  rawAnswer?: string | undefined
  template?: AnswerTemplate | undefined
  /** Replaces the run's global rubric for this question's turns. */
  rubric?: Rubric | undefined
  id?: string | undefined
}

/** Updates `accumulated` after a turn on the node; the return value replaces it. */
export type StateUpdate = (
  accumulated: Record<string, unknown>,
  parsed: Record<string, unknown>,
) => Record<string, unknown>

/** Tools removed from the answering model at a node. */
export interface ToolFilter {
  remove: string[]
}

/** What `addNode(id, spec)` takes. */
export interface NodeSpec {
  /**
   * The question: text, a `Question` object (with template and rubric), a simulated user, or
   * `null` — no user message this turn: the answering side speaks next.
   */
  question: string | Question | SimulatedUser | null
  /**
   * A scripted answer: the answering side is not called, and this text is the turn's answer,
   * judged as any other (`TurnRecord.scripted` is `true`).
   */
  answer?: string | undefined
  modelOverride?: ModelOverride | undefined
  toolFilter?: ToolFilter | undefined
  stateUpdate?: StateUpdate | undefined
  metadata?: Record<string, unknown> | undefined
}

/** A node of a validated scenario: its id and its (copied, frozen) spec. */
export interface ScenarioNode extends NodeSpec {
  readonly id: string
  /**
   * The question as the definition keeps it: a simulated user given as the whole question is kept
   * as `{ question: simulatedUser(…) }`, so every reader finds a question source in one place.
   */
  question: string | Question
}

/** An edge; `when` is kept as written. */
export interface ScenarioEdge {
  source: string
  target: string
  when?: When
}

/** Options of `addEdge`. */
export interface EdgeOptions {
  when?: When
}

/** A named outcome criterion as the definition keeps it. */
export interface ScenarioOutcomeCriterion {
  name: string
  description: string
  check?: OutcomeCheck | undefined
  evaluate?: OutcomeEvaluate | undefined
}

/** What `addOutcomeCriterion` takes. */
export interface OutcomeCriterionSpec {
  name: string
  description?: string | undefined
  check?: OutcomeCheck | undefined
  evaluate?: OutcomeEvaluate | undefined
}

/** A warning about a definition: it still validates, but it probably is not what was meant. */
export interface ScenarioWarning {
  code: 'multiple_unconditional' | 'schema-lossy'
  message: string
  ids: string[]
}
