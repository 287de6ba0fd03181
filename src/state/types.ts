// The runtime data of a scenario run: plain, structured-cloneable data.

/**
 * Token counts of one or more model calls. `input` counts every input token, the cached ones
 * included; `cached` is the part of it read from the provider's prompt cache and `cacheWrite` the
 * part written to it (cache-creation tokens, as Anthropic reports them). `reasoning` and `model`
 * are there when the responses state them (usage written before they were kept has neither).
 */
export interface Usage {
  input: number
  output: number
  cached: number
  cacheWrite: number
  /**
   * The part of `output` the model spent reasoning, when the responses state it (OpenAI's
   * `reasoning_tokens`, the AI SDK's `outputTokenDetails.reasoningTokens`); summed like the counts.
   */
  reasoning?: number | undefined
  /**
   * The name of the model that answered, as the responses give it (the response's `model`, the AI
   * SDK's `response.modelId`); the distinct names in order of first use, joined by `', '`, when
   * several answered. Absent when no response named one.
   */
  model?: string | undefined
}

/**
 * Token counts of a turn or a run: the total, and the answering, judging and simulating sides
 * apart (the total is their sum; `reasoning` too). The total's `model` is the answering side's:
 * the model(s) that answered the questions (the judging and simulating sides name their own).
 */
export interface TurnUsage extends Usage {
  /** The answering side: the model under test, or the agent's own calls (or its reported usage). */
  answering: Usage
  /** The parsing model: templates, model-judged rubric traits, conversation judges. */
  judging: Usage
  /** The simulated user's calls. */
  simulating: Usage
  /** Set when the counts are the recorded ones of a replayed call. */
  replayed?: boolean | undefined
  /** The cost in the price table's currency, when the run has prices for every model used. */
  cost?: number | undefined
}

/**
 * The replayed calls of one turn: how many, and their recorded latency summed. The library's own
 * calls and an agent's counted calls add to the same tally.
 */
export interface ReplayTally {
  calls: number
  recordedDurationMs: number
}

/** Why a turn failed for a reason other than a wrong answer. */
export type ErrorCategory =
  | 'connection'
  | 'rate_limit'
  | 'server_error'
  /**
   * The server answered 2xx without a usable completion (an HTML page, JSON sent as text, an
   * `error` body, no choices, non-string content): usually a wrong base URL or a proxy in between.
   */
  | 'bad_response'
  | 'timeout'
  | 'parsing'
  | 'tool'
  | 'agent'
  | 'recording'
  | 'aborted'
  | 'unexpected'

/** Where in a turn a failure happened. */
export type ErrorStage =
  | 'question'
  | 'answer'
  | 'tool'
  | 'parse'
  | 'verify'
  | 'rubric'
  | 'beforeTurn'

/** One issue zod reported when an answer did not fit the template's schema. */
export interface SchemaIssue {
  code: string
  path: (string | number)[]
  message: string
}

/** The failure of a turn, kept on its `TurnRecord`. */
export interface TurnError {
  category: ErrorCategory
  stage: ErrorStage
  message: string
  cause?: unknown
  /** zod's issues, for a `parsing` failure. */
  issues?: SchemaIssue[] | undefined
}

/** The failure that ended a run with status `error`. */
export interface RunError {
  nodeId: string
  category: ErrorCategory
  stage: ErrorStage
  message: string
  cause: unknown
}

/** What kind of check left a diagnostic. */
export type DiagnosticKind = 'condition' | 'stateUpdate' | 'outcome' | 'rubric' | 'budget'

/** Why a check did not do what a user may have expected, e.g. an edge that did not fire. */
export interface Diagnostic {
  kind: DiagnosticKind
  message: string
  nodeId?: string | undefined
  turn?: number | undefined
  /** The dot path a condition read. */
  path?: string | undefined
}

/** One call of a tool within a turn. */
export interface ToolCallRecord {
  id: string
  name: string
  arguments: unknown
  result?: unknown
  error?: string | undefined
  durationMs?: number | undefined
  /**
   * The step of the turn the call was made in, 0-based: calls made by one assistant message share
   * a step (parallel calls), and trajectories compare the calls within a step as a multiset.
   * Absent on records written before steps were kept: each call is then its own step.
   */
  step?: number | undefined
}

/**
 * A guardrail that tripped on a turn (an Agents SDK input or output guardrail, or a
 * `GuardrailTripwire` thrown by an AI SDK middleware or the agent under test): the turn ends with
 * no answer, and the run goes on along the edges.
 */
export interface GuardrailTrip {
  /** The guardrail's name. */
  name: string
  /** `input` when it judged the question, `output` when it judged the answer. */
  kind: 'input' | 'output'
  /** What the guardrail said about its decision (its `outputInfo`), JSON-able. */
  info: unknown
}

/** A tool call as an assistant message carries it (Chat Completions shape). */
export interface ChatToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** A chat message in the `openai` Chat Completions shape. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] | undefined }
  | { role: 'tool'; tool_call_id: string; content: string }

/** Rubric trait scores of a turn, by trait name: a verdict, a score, or a label. */
export type RubricScores = Record<string, boolean | number | string>

/** What the simulated user said of its goal on a turn it wrote. */
export interface SimulatedUserTurn {
  /** Whether the simulated user considers its goal reached. */
  goalReached: boolean
}

/** What a node produced on its latest visit (`state.nodeResults[node]`). */
export interface NodeResult {
  verifyResult: boolean | null
  parsed: Record<string, unknown>
  rubric: RubricScores
  /** The tool calls of the node's latest turn. */
  toolCalls: ToolCallRecord[]
  /** The names of those calls, in order. */
  toolNames: string[]
  /** Set when the node's question is a simulated user's. */
  user?: SimulatedUserTurn | undefined
}

/** One turn of a run: the question asked, the answer, and how it was judged. */
export interface TurnRecord {
  nodeId: string
  /**
   * The rendered question text sent this turn; `null` when the node's question is `null` (no user
   * message: the answering side spoke first).
   */
  questionText: string | null
  /** The answer text; `null` when no answer came. */
  rawResponse: string | null
  /**
   * The fields the template parsed from the answer (`{}` without a template). The state and the
   * paths of conditions and outcome checks call the same fields `parsed` (`parsed.<field>`); on
   * a turn record they are `parsedFields`.
   */
  parsedFields: Record<string, unknown>
  /**
   * Never set: a turn record has no `parsed`. It is declared only so that a test reading
   * `turn.parsed.<field>` (the state's spelling) fails to compile with a message that names
   * `parsedFields`, the turn's field.
   *
   * @deprecated Not a turn field: a turn's parsed answer is `parsedFields` (`parsed` is the
   * state's name, as in `parsed.<field>` paths).
   */
  readonly parsed?: 'not a turn field: the parsed answer is parsedFields'
  verifyResult: boolean | null
  rubric: RubricScores
  toolCalls: ToolCallRecord[]
  /** The names of `toolCalls`, in order. */
  toolNames: string[]
  /** This turn's assistant and tool messages, the final answer last. */
  messages: ChatMessage[]
  /** Set on a turn whose question a simulated user wrote. */
  user?: SimulatedUserTurn | undefined
  /** `true` when the node scripted the answer (`answer`): the answering side was not called. */
  scripted?: boolean | undefined
  /**
   * The name of the agent that gave the final answer, when the answering side names it (an
   * OpenAI Agents SDK agent after a handoff, or an agent reply's `agent`).
   */
  agent?: string | undefined
  /**
   * The chain of agents that handled the turn, in order (the entry agent first, then each handoff's
   * target); its last entry is `agent`. Absent when the answering side names no agent.
   */
  agents?: string[] | undefined
  /** Set when a guardrail tripped on this turn: the answer is then `null`, the turn completed. */
  guardrail?: GuardrailTrip | undefined
  usage: TurnUsage
  /** Wall time of the turn, measured now (also under replay). */
  durationMs: number
  /** The recorded latency, when the turn was replayed. */
  recordedDurationMs?: number | undefined
  error?: TurnError | undefined
  /**
   * How the run was routed after this turn: the edge taken (its index in `definition.edges`) and
   * why. Absent on a turn that ended the run by an error or an abort.
   */
  route?: TurnRoute | undefined
}

/**
 * Why routing took an edge after a turn: `condition` (a conditional edge matched), `fallback`
 * (the node's unconditional edge) or `terminal` (no edge applied: an implicit terminal).
 */
export type RouteReason = 'condition' | 'fallback' | 'terminal'

/** The edge a turn was routed by (`null` at an implicit terminal) and the reason. */
export interface TurnRoute {
  readonly edge: number | null
  readonly reason: RouteReason
}

/** The state a run accumulates; conditions read it through dot paths. */
export interface ScenarioState {
  /** 0-based index of the turn being run or just run. */
  turn: number
  currentNode: string
  /** Template verdict of the latest turn; `null` when no template ran. */
  verifyResult: boolean | null
  /** Parsed template fields of the latest turn. */
  parsed: Record<string, unknown>
  nodeVisits: Record<string, number>
  history: TurnRecord[]
  /** Written only by `stateUpdate`. */
  accumulated: Record<string, unknown>
  /** The tool calls of the latest turn. */
  toolCalls: ToolCallRecord[]
  /** The names of the latest turn's tool calls, in order. */
  toolNames: string[]
  /** The agent that answered the latest turn, when the answering side names it. */
  agent?: string | undefined
  /** The agents that handled the latest turn, in order (`[]` when none is named). */
  agents: string[]
  /** The guardrail that tripped on the latest turn, `null` when none did. */
  guardrail: GuardrailTrip | null
  /** What the simulated user said on the latest turn it wrote. */
  user?: SimulatedUserTurn | undefined
  /** The latest result of each node that ran (last write wins). */
  nodeResults: Record<string, NodeResult>
}

/** A deeply read-only view of a value: what conditions and agents are given of the state. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T

/** The read-only view of the state given to conditions, questions and agents. */
export type ScenarioStateView = DeepReadonly<ScenarioState>

/** How a run ended. */
export type ScenarioStatus = 'completed' | 'limit_reached' | 'error'

/**
 * Why a run stopped: `end` (routed to END), `terminal` (a node with no edge that applied),
 * `turn_limit`, `budget` (the token or cost budget was spent), `error` (a turn failed) or
 * `aborted` (the run's signal).
 */
export type StopReason = 'end' | 'terminal' | 'turn_limit' | 'budget' | 'error' | 'aborted'

/** A conversation judge's verdict on one criterion: `met`, `unmet` or `inconclusive`. */
export type CriterionVerdict = 'met' | 'unmet' | 'inconclusive'

/**
 * One vote of a judge asked several times (`judge(criteria, { votes: k })`): what that call
 * decided on the criterion, and why.
 */
export interface CriterionVote {
  verdict: CriterionVerdict
  reasoning: string
}

/** A conversation judge's verdict on one criterion, with its reasoning. */
export interface CriterionJudgement {
  criterion: string
  /** With `votes`, the majority's (`inconclusive` when no verdict has more than half the votes). */
  verdict: CriterionVerdict
  /** With `votes`, the first agreeing vote's; else why no verdict has a majority. */
  reasoning: string
  /**
   * Each vote, in the order the calls were made; set only when the judge was given `votes`.
   * Where they disagree, reports show the tally.
   */
  votes?: CriterionVote[] | undefined
}

/** What a conversation judge decided: the overall verdict and each criterion's. */
export interface JudgeResult {
  verdict: 'pass' | 'fail' | 'inconclusive'
  criteria: CriterionJudgement[]
}

/** Why an outcome criterion could not be evaluated (not a verdict on the behaviour). */
export interface OutcomeError {
  category: ErrorCategory
  message: string
}

/** The verification outcome of one turn. */
export interface TurnResult {
  verifyResult: boolean | null
  parsedFields: Record<string, unknown>
  rubric: RubricScores
  issues?: SchemaIssue[] | undefined
}

/** Everything a run produced. Invariant: `turnCount === history.length === path.length`. */
export interface ScenarioExecutionResult {
  scenarioId: string
  status: ScenarioStatus
  path: string[]
  turnCount: number
  history: TurnRecord[]
  turnResults: TurnResult[]
  finalState: ScenarioState
  /** Why the run stopped. */
  stopReason: StopReason
  /** The messages the run was seeded with (`seed`), before the first question; `[]` when none. */
  seed: ChatMessage[]
  /**
   * The whole run as one conversation in Chat Completions shape: the first turn's system prompt
   * (when there is one), the seed, then each turn's question (`user`), its assistant messages
   * with their `tool_calls`, the `tool` messages answering them (`tool_call_id`), and the final
   * answer. A node's own system prompt that differs from the one in effect comes as a `system`
   * message before that node's question. A plain array, made once with the result. Absent on a
   * result written before the field existed.
   */
  messages: ChatMessage[]
  /** Outcome criteria by name: boolean criteria, and numeric ones (reported, not asserted). */
  outcomeResults: Record<string, boolean | number>
  /**
   * Criteria that could not be evaluated (a judge unreachable, a recording miss, a callable that
   * threw), by name: their `outcomeResults` entry is `false`, and this says why.
   */
  outcomeErrors: Record<string, OutcomeError>
  /** The reasons callable criteria gave with their verdict (`{ pass, reason }`), by name. */
  outcomeReasons: Record<string, string>
  /** What each judge criterion decided, by outcome name, with every criterion's reasoning. */
  judgements: Record<string, JudgeResult>
  error?: RunError | undefined
  diagnostics: Diagnostic[]
  usage: TurnUsage
  durationMs: number
  /** The recorded latency of the replayed turns, summed, when the run replayed any. */
  recordedDurationMs?: number | undefined
}
