import type { When } from '../conditions/index.js'
import type { ModelOverride } from '../models/types.js'
import type { OutcomeCheck, OutcomeEvaluate } from '../outcomes/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { SimulatedUser } from '../simulated-user/types.js'
import type { ScenarioStateView } from '../state/types.js'
import type { AnswerTemplate } from '../templates/types.js'

/**
 * A question as text, as a function of the state rendered when its turn starts, or a simulated
 * user (`simulatedUser()`) that writes it with a model.
 */
export type QuestionText = string | ((state: ScenarioStateView) => string) | SimulatedUser

/** A question with its answer template and rubric. */
export interface Question {
  question: QuestionText
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
  /** The question: text, a `Question` object (with template and rubric), or a simulated user. */
  question: string | Question | SimulatedUser
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
