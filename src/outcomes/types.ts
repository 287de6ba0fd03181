// Outcome check nodes as plain, serializable data. Every node carries a `type`
// tag; primitives inside are primitive data, so a check survives JSON and
// `structuredClone` and is evaluated by looking behaviour up by tag.

import type { ModelConfig } from '../models/types.js'
import type { Normalizer, Primitive, PrimitiveData } from '../primitives/types.js'
import type { Diagnostic, ScenarioExecutionResult } from '../state/types.js'

/** Scope: the last turn of the history. */
export interface LastTurnScope {
  type: 'LastTurn'
}

/** Scope: the first turn of the history. */
export interface FirstTurnScope {
  type: 'FirstTurn'
}

/** Scope: the turn at `index` (0-based; negative counts from the end, `-1` is the last turn). */
export interface TurnAtScope {
  type: 'TurnAt'
  index: number
}

/** A node filter: one node id, or a list of ids (a turn matches when its node is in the list). */
export type NodeFilter = string | readonly string[]

/** Scope: some turn (of the listed nodes, when `nodeId` is set) must pass; no such turn → false. */
export interface AnyTurnScope {
  type: 'AnyTurn'
  nodeId?: NodeFilter | undefined
}

/** Scope: every turn (of the listed nodes, when `nodeId` is set) must pass; no such turn → false. */
export interface AllTurnsScope {
  type: 'AllTurns'
  nodeId?: NodeFilter | undefined
}

/** A scope that selects exactly one turn (or none, when out of range). */
export type SingleTurnScope = LastTurnScope | FirstTurnScope | TurnAtScope

/** Which turn or turns a `TurnCheck` inspects. */
export type TurnScope = SingleTurnScope | AnyTurnScope | AllTurnsScope

/** A primitive as a check node holds it: live (with `check`/`score`) or as plain data from JSON. */
export type CheckPrimitive = Primitive | PrimitiveData

/** One field compared with a primitive: `verifyWith.check(value of field, expected)`. */
export interface FieldCheck {
  field: string
  expected: unknown
  verifyWith: CheckPrimitive
}

/** A field of the turn(s) selected by `scope`, compared with a primitive. */
export interface TurnCheck extends FieldCheck {
  type: 'TurnCheck'
  scope: TurnScope
}

/**
 * Several fields that must hold on one and the same turn: on `AnyTurn` some turn satisfies every
 * check, on `AllTurns` every turn satisfies every check.
 */
export interface TurnFieldsCheck {
  type: 'TurnFieldsCheck'
  scope: TurnScope
  checks: FieldCheck[]
}

/** The result fields a `ResultCheck` reads (camelCase, and the karenina snake_case aliases). */
export type ResultField =
  | 'status'
  | 'turnCount'
  | 'turn_count'
  | 'path'
  | 'scenarioId'
  | 'scenario_id'

/** A field of the whole result (`status`, `turnCount`, `path`, `scenarioId`), compared with a primitive. */
export interface ResultCheck {
  type: 'ResultCheck'
  field: ResultField
  expected: unknown
  verifyWith: CheckPrimitive
}

/** How a cross-turn check compares: `target <comparison> source`. */
export type CrossTurnComparison = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains'

/** A field of one turn compared with a field of another: `target <comparison> source`. */
export interface CrossTurnCheck {
  type: 'CrossTurnCheck'
  sourceTurn: TurnScope
  sourceField: string
  targetTurn: TurnScope
  targetField: string
  comparison: CrossTurnComparison
  /** Applied to string values and string leaves of both sides before comparing. */
  normalize: Normalizer[]
}

/** Every condition holds (an empty list holds). */
export interface AllOf {
  type: 'AllOf'
  conditions: BooleanCheck[]
}

/** At least one condition holds (an empty list does not). */
export interface AnyOf {
  type: 'AnyOf'
  conditions: BooleanCheck[]
}

/** At least `n` conditions hold; every condition is evaluated. */
export interface AtLeastN {
  type: 'AtLeastN'
  n: number
  conditions: BooleanCheck[]
}

/** How a judge counts a criterion it finds `inconclusive`: as unmet (`fail`) or as met (`pass`). */
export type InconclusiveMode = 'fail' | 'pass'

/**
 * A conversation judge: one model call after the run reads the whole transcript and gives each
 * criterion a verdict (`met`, `unmet`, `inconclusive`) with its reasoning. It holds when every
 * criterion is met; an inconclusive one counts as `inconclusive` says (`fail` when absent).
 */
export interface JudgeCheck {
  type: 'Judge'
  /** What the conversation must show, one statement each, judged independently. */
  criteria: readonly string[]
  /** The judge's model; absent: the run's parsing model. */
  model?: ModelConfig | undefined
  /** Added to the judge's prompt, e.g. what the agent is allowed to do. */
  instructions?: string | undefined
  /** How an inconclusive criterion counts; absent: `fail`. */
  inconclusive?: InconclusiveMode | undefined
  /** How many times the judge is asked (odd); each criterion takes the majority. Absent: once. */
  votes?: number | undefined
}

/** A turn filter of an aggregation: node id(s), and a verdict (`null`: turns without one). */
export interface TurnFilter {
  nodeId?: NodeFilter | undefined
  verifyResult?: boolean | null | undefined
}

/** Aggregation: the number of turns that pass the filter. */
export interface CountTurns extends TurnFilter {
  type: 'CountTurns'
}

/** Aggregation: the 0-based index of the first turn that passes the filter, −1 when none. */
export interface FirstMatchIndex extends TurnFilter {
  type: 'FirstMatchIndex'
}

/**
 * How one argument of a tool call is matched, as plain data: `{ eq }` deep equality with a JSON
 * value, or `{ matches, flags? }` a regular-expression search in a string argument (what a
 * `RegExp` given to `calledTool` becomes).
 */
export type ToolArgMatch = { eq: unknown } | { matches: string; flags?: string | undefined }

/**
 * A tool call a check looks for: its name, and (optionally) some of its arguments. The arguments
 * match partially: every key given must match, other keys of the call are ignored.
 */
export interface ToolCallPattern {
  name: string
  args?: Record<string, ToolArgMatch> | undefined
}

/** A range of counts, both ends inclusive; a missing end is unbounded. */
export interface CountRange {
  min?: number | undefined
  max?: number | undefined
}

/**
 * Which turns' tool calls a tool check reads. Without `scope` the calls of every turn (of the
 * nodes in `nodeId`, when given) are pooled in order; a single-turn scope reads that turn's
 * calls; `AnyTurn` / `AllTurns` hold when some / every selected turn satisfies the check with
 * its own calls (no such turn → false).
 */
export interface ToolCallsSelection {
  scope?: TurnScope | undefined
  /** Only the turns of this node, or of one of these nodes (without `scope` only). */
  nodeId?: NodeFilter | undefined
}

/**
 * Holds when a tool call matching `name` and `args` was made (at least once, or as often as
 * `times` says: an exact count or a range).
 */
export interface CalledTool extends ToolCallsSelection {
  type: 'CalledTool'
  name: string
  args?: Record<string, ToolArgMatch> | undefined
  times?: number | CountRange | undefined
}

/**
 * What the calls made are relative to the expected list: `strict` the same calls in the same
 * order, `unordered` the same calls as a multiset, `subset` no call beyond the expected ones
 * (each expected entry used at most once), `superset` every expected call made (extra calls
 * allowed).
 */
export type TrajectoryMode = 'strict' | 'unordered' | 'subset' | 'superset'

/**
 * How `strict` compares the calls of one step (calls made by one assistant message): `unordered`
 * (the default) as a multiset, `ordered` in the order they were made.
 */
export type ParallelCalls = 'unordered' | 'ordered'

/**
 * Holds when the tool calls made follow `expected` as `mode` says. An entry that is a list is an
 * explicit step (the calls of one assistant message); `strict` then compares step boundaries too.
 */
export interface ToolTrajectory extends ToolCallsSelection {
  type: 'ToolTrajectory'
  expected: (ToolCallPattern | ToolCallPattern[])[]
  mode: TrajectoryMode
  /** How `strict` compares the calls within a step; left out, as a multiset. */
  parallel?: ParallelCalls | undefined
}

/**
 * Holds when the run handed off to `agent`: the agent is in a turn's chain of agents
 * (`TurnRecord.agents`) after the first entry, on some turn of the run, or on the scope's turn
 * (`turnAt(i)`, …; `allTurns`: on every turn it selects).
 */
export interface HandedOffTo {
  type: 'HandedOffTo'
  agent: string
  scope?: TurnScope | undefined
}

/** A check that yields true or false; the only kind that composes. */
export type BooleanCheck =
  | TurnCheck
  | TurnFieldsCheck
  | ResultCheck
  | CrossTurnCheck
  | CalledTool
  | ToolTrajectory
  | HandedOffTo
  | AllOf
  | AnyOf
  | AtLeastN
  | JudgeCheck

/** A check that yields a number; it stands alone and never composes. */
export type Aggregation = CountTurns | FirstMatchIndex

/** Any outcome check node. */
export type OutcomeCheck = BooleanCheck | Aggregation

/** The value of an outcome: a boolean check's verdict, or an aggregation's number. */
export type OutcomeValue = boolean | number

/**
 * A callable criterion's verdict with its reason: the reason lands in `result.outcomeReasons` and
 * failure messages show it.
 */
export interface OutcomeVerdict {
  pass: boolean
  reason?: string | undefined
}

/**
 * The callable escape hatch of a criterion; it may be async. It returns a verdict (a boolean, or
 * `{ pass, reason? }` to say why) or a number (reported, never asserted).
 */
export type OutcomeEvaluate = (
  result: ScenarioExecutionResult,
) => OutcomeValue | OutcomeVerdict | Promise<OutcomeValue | OutcomeVerdict>

/** A named outcome criterion: a declarative `check`, or an `evaluate` callable. */
export interface OutcomeCriterion {
  name: string
  description?: string | undefined
  check?: OutcomeCheck | undefined
  evaluate?: OutcomeEvaluate | undefined
}

/** Options of `evaluateOutcome`. */
export interface EvaluateOutcomeOptions {
  /** Receives an `outcome` diagnostic for each value that was missing or could not be compared. */
  diagnostics?: Diagnostic[] | undefined
}
