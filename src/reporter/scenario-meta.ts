// What a scenario test hands the reporter: compact JSON in `task.meta.scenario`, built in the
// worker after each run. Only task meta survives `--shard` + `--merge-reports` (blobs keep the
// task tree), so everything a report shows must be in here — and kept small, since it travels
// by RPC and into every blob. No vitest import: the worker side calls it.
import { passed, resultSet } from '../samples/result-set.js'
import type { ScenarioDefinition } from '../scenario/definition.js'
import { END } from '../scenario/end.js'
import { setOwn } from '../state/own-keys.js'
import type {
  ChatMessage,
  ErrorCategory,
  ErrorStage,
  JudgeResult,
  ScenarioExecutionResult,
  ScenarioStatus,
  StopReason,
  TurnRecord,
  TurnUsage,
} from '../state/types.js'
import { clip, describeWhen, MAX_LABEL } from './describe-when.js'

/** The version of the `ScenarioMeta` shape; a reporter skips meta of another version. */
export const SCENARIO_META_VERSION = 1

/** How many characters of a question or an answer the meta keeps. */
export const TEXT_CLIP = 200
/** How many characters of question and answer text one scenario's meta keeps in all. */
export const TEXT_BUDGET = 12_000
/**
 * The longest string the meta holds (names and node ids; texts are clipped far shorter). The
 * reporter refuses longer ones, so what this writer writes it always reads.
 */
export const MAX_META_STRING = 10_000
const MESSAGE_CLIP = 300
const DESCRIPTION_CLIP = 200
const TOOL_NAME_CLIP = 100
const MAX_TOOL_NAMES = 8
/** How many characters of a tool call's arguments, result or error the meta keeps. */
const CALL_CLIP = 120
/** How many characters of a judge criterion, and of its reasoning, the meta keeps. */
const CRITERION_CLIP = 200
const REASONING_CLIP = 500
/** How many criteria of one judgement, and seeded messages of one run, the meta keeps. */
const MAX_CRITERIA = 20
const MAX_SEED = 12
/**
 * How many characters of judge criteria and reasoning one scenario's meta keeps in all (failed
 * runs first); past it a judgement keeps its verdict and says how many criteria it left out.
 */
export const JUDGEMENT_BUDGET = 8_000

/** An edge of the scenario graph, with a short label of its condition. */
export interface ScenarioEdgeMeta {
  from: string
  /** A node id, or `'__end__'` (END). */
  to: string
  /** The condition, e.g. `verifyResult = false`; `'otherwise'` for a fallback beside conditions. */
  label?: string
}

/** The scenario graph: node ids in insertion order, edges in definition order, the entry. */
export interface ScenarioGraphMeta {
  nodes: string[]
  edges: ScenarioEdgeMeta[]
  entry: string
}

/** Token counts of some turns; `cost` when the run had prices for every model those turns used. */
export interface UsageMeta {
  input: number
  output: number
  cached: number
  /**
   * The part of `input` written to the provider's prompt cache (Anthropic's cache creation); set
   * when some was, so a report without cache writes reads as before.
   */
  cacheWrite?: number
  /** How many turns the counts cover. */
  turns: number
  cost?: number
  /** The tokens (input + output) of these that a simulated user spent; set when some were. */
  simulating?: number
}

/** One tool call of a turn: its arguments and its result or error, as clipped one-line JSON. */
export interface ToolCallMeta {
  name: string
  args: string
  result?: string
  error?: string
}

/** A seeded message (`seed`): its role, its text (within the budget) and the tools it called. */
export interface SeedMessageMeta {
  role: ChatMessage['role']
  text?: string
  tools?: string[]
}

/** A conversation judge's verdict: per criterion, the reasoning of unmet and inconclusive ones. */
export interface JudgementMeta {
  verdict: JudgeResult['verdict']
  criteria: {
    criterion: string
    verdict: 'met' | 'unmet' | 'inconclusive'
    /** Kept for unmet and inconclusive criteria: what a reader needs to see why. */
    reasoning?: string
  }[]
  /** How many criteria were left out (the judgement budget, or more than the meta keeps). */
  omitted?: number
}

/** Why an outcome criterion could not be evaluated: an error, not a verdict. */
export interface OutcomeErrorMeta {
  category: ErrorCategory
  message: string
}

/** One turn, as reports show it; the texts are clipped and dropped past the scenario's budget. */
export interface TurnMeta {
  node: string
  verify: boolean | null
  /** Set when the turn's calls were replayed from a recording. */
  replayed?: true
  /** The error category of a failed turn. */
  error?: ErrorCategory
  /** The names of the tools called this turn. */
  tools?: string[]
  /** The calls with their arguments and results (within the text budget, like the texts). */
  calls?: ToolCallMeta[]
  /** Set when a simulated user wrote the question. */
  simulated?: true
  /** Set when the simulated user said its goal was reached with this question. */
  goalReached?: true
  /** Set when the node scripted the answer (the answering side was not called). */
  scripted?: true
  /** Set when the turn had no user message: the answering side spoke first. */
  noQuestion?: true
  /** The name of the agent that answered, when the answering side names it (after a handoff). */
  agent?: string
  /** The question sent, clipped to `TEXT_CLIP` characters. */
  question?: string
  /** The answer, clipped; `null` when no answer came. */
  answer?: string | null
}

/** The error that ended a run. */
export interface RunErrorMeta {
  node: string
  category: ErrorCategory
  stage: ErrorStage
  message: string
}

/** One run (or one sample) of a scenario. */
export interface ScenarioRunMeta {
  status: ScenarioStatus
  /** Completed, and every boolean outcome criterion holds. */
  passed: boolean
  path: string[]
  /**
   * The edges taken, as indices into `graph.edges`: entry `k` leads from `path[k]` to
   * `path[k + 1]`; an entry at `path.length - 1` is the edge to END that ended the run. -1 marks
   * a step whose edge could not be told apart from a parallel one.
   */
  edges: number[]
  turnCount: number
  /** Why the run stopped (`end`, `terminal`, `turn_limit`, `budget`, `error`, `aborted`). */
  stopReason?: StopReason
  outcomes: Record<string, boolean | number>
  /** Outcome criteria that could not be evaluated, by name (their outcome reads `false`). */
  outcomeErrors?: Record<string, OutcomeErrorMeta>
  /** The reasons callable criteria gave, by name, clipped. */
  reasons?: Record<string, string>
  /** What each conversation judge decided, by outcome name. */
  judgements?: Record<string, JudgementMeta>
  /** The seeded messages: how many, and the first `MAX_SEED` of them. */
  seed?: { count: number; messages: SeedMessageMeta[] }
  error?: RunErrorMeta
  /** Usage of the turns run live now, and of the replayed turns (their recorded usage). */
  usage: { now: UsageMeta; recorded: UsageMeta }
  durationMs: number
  /** The recorded latency of the replayed turns, summed. */
  recordedDurationMs?: number
  turns: TurnMeta[]
}

/** The pass rate of a scenario run `samples` times. */
export interface SamplesMeta {
  n: number
  passes: number
  passRate: number
  interval: { low: number; high: number; confidence: number }
}

/** Everything the reporter needs about a scenario test, stored at `task.meta.scenario` (JSON only). */
export interface ScenarioMeta {
  /** The meta format's version (`SCENARIO_META_VERSION`): readers refuse other versions. */
  version: 1
  name: string
  description?: string
  graph: ScenarioGraphMeta
  /** The outcome criteria, in registration order. */
  criteria: { name: string; description?: string }[]
  runs: ScenarioRunMeta[]
  samples?: SamplesMeta
}

/** Options of `scenarioMeta()`. */
export interface ScenarioMetaOptions {
  /** The scenario's `samples` option, when it has one: the results are then a sample set. */
  samples?: number | undefined
  /** The confidence of the pass-rate interval (default 0.95). */
  confidence?: number
  /**
   * Applied to every string drawn from the test's, the model's or a server's content before it
   * goes into the meta (names, node ids, labels, questions, answers, error messages, tool names):
   * `publish()` passes the test's `redact` hook and secret masking (`metaText`). `path` is the
   * string's dot path in the meta, e.g. `runs.0.turns.1.answer`. Texts are clipped after it, so
   * a secret is never cut in half before it could be recognised.
   */
  text?: MetaText | undefined
}

/** A rewrite of the strings of a `ScenarioMeta`, by dot path (see `ScenarioMetaOptions.text`). */
export type MetaText = (value: string, path: string) => string

/**
 * Condenses a scenario's definition and its run results into the JSON the reporter reads from
 * task meta (the lead's `scenario()` stores it at `task.meta.scenario` after each `run()`).
 *
 * @example
 * task.meta.scenario = scenarioMeta(definition, [result], {})
 * task.meta.scenario = scenarioMeta(definition, set.results, { samples: 5, text: metaText() })
 */
export function scenarioMeta(
  definition: ScenarioDefinition,
  results: readonly ScenarioExecutionResult[],
  options: ScenarioMetaOptions = {},
): ScenarioMeta {
  const write = metaWriter(definition, options.text)
  const meta: ScenarioMeta = {
    version: SCENARIO_META_VERSION,
    name: write.text(definition.name, 'name', MAX_META_STRING),
    graph: graphMeta(definition, write),
    criteria: definition.outcomeCriteria.map((criterion, i) =>
      criterion.description === ''
        ? { name: write.outcome(criterion.name) }
        : {
            name: write.outcome(criterion.name),
            description: write.text(
              criterion.description,
              `criteria.${i}.description`,
              DESCRIPTION_CLIP,
            ),
          },
    ),
    runs: results.map((result, i) => runMeta(result, write, `runs.${i}`)),
  }
  if (definition.description !== '') {
    meta.description = write.text(definition.description, 'description', DESCRIPTION_CLIP)
  }
  addTexts(meta.runs, results, write)
  addJudgements(meta.runs, results, write)
  if (options.samples !== undefined) {
    const set = resultSet(results, options.confidence ?? 0.95)
    meta.samples = {
      n: results.length,
      passes: set.results.filter(passed).length,
      passRate: set.passRate,
      interval: set.interval,
    }
  }
  return meta
}

/** How the meta writes the strings it draws from the definition and the results. */
interface MetaWriter {
  /** `value` through the `text` option at `path`, on one line when asked, then clipped to `max`. */
  text(value: string, path: string, max: number, oneLine?: boolean): string
  /** A node id, rewritten once per id: the graph, the paths and the errors keep agreeing. */
  node(id: string): string
  /** An outcome name, rewritten once per name: the criteria and each run's outcomes agree. */
  outcome(name: string): string
}

function metaWriter(definition: ScenarioDefinition, rewrite: MetaText | undefined): MetaWriter {
  const text = (value: string, path: string, max: number, flat = false): string => {
    // Rewrite (redact, mask) the whole text first: a key clipped in half would not be recognised.
    const kept = rewrite === undefined ? value : rewrite(value, path)
    return clip(flat ? oneLine(kept) : kept, max)
  }
  const cached = (path: (value: string) => string) => {
    const seen = new Map<string, string>()
    return (value: string): string => {
      let out = seen.get(value)
      if (out === undefined) {
        out = text(value, path(value), MAX_META_STRING)
        seen.set(value, out)
      }
      return out
    }
  }
  const nodes = new Map(definition.nodeIds.map((id, i) => [id, `graph.nodes.${i}`]))
  const criteria = new Map(
    definition.outcomeCriteria.map((criterion, i) => [criterion.name, `criteria.${i}.name`]),
  )
  const node = cached((id) => nodes.get(id) ?? 'graph.nodes')
  return {
    text,
    // END is the library's own marker, never user text.
    node: (id) => (id === END ? id : node(id)),
    outcome: cached((name) => criteria.get(name) ?? 'criteria'),
  }
}

function graphMeta(definition: ScenarioDefinition, write: MetaWriter): ScenarioGraphMeta {
  // An edge without `when` (or with `when: null`) is its source's fallback; the others are
  // conditional. The graph is described as written: the route each turn took is on its record.
  const conditional = new Set(
    definition.edges.filter((e) => e.when !== undefined && e.when !== null).map((e) => e.source),
  )
  return {
    nodes: definition.nodeIds.map(write.node),
    entry: write.node(definition.entryNode),
    edges: definition.edges.map((edge, i) => {
      // Described in full, rewritten, then clipped: a value in a condition may be a secret.
      const label = describeWhen(edge.when, Number.POSITIVE_INFINITY)
      const out: ScenarioEdgeMeta = { from: write.node(edge.source), to: write.node(edge.target) }
      // A fallback beside conditional edges is taken only when none of them holds: say so.
      if (label !== undefined) out.label = write.text(label, `graph.edges.${i}.label`, MAX_LABEL)
      else if (conditional.has(edge.source)) out.label = 'otherwise'
      return out
    }),
  }
}

function emptyUsage(): UsageMeta {
  return { input: 0, output: 0, cached: 0, turns: 0 }
}

function runMeta(result: ScenarioExecutionResult, write: MetaWriter, at: string): ScenarioRunMeta {
  // The result's usage sums live and replayed turns; the split is per turn.
  const priced = result.usage.cost !== undefined
  const now = emptyUsage()
  const recorded = emptyUsage()
  if (priced) {
    now.cost = 0
    recorded.cost = 0
  }
  for (const turn of result.history) {
    const side = turn.usage.replayed === true ? recorded : now
    side.input += turn.usage.input
    side.output += turn.usage.output
    side.cached += turn.usage.cached
    addCacheWrite(side, turn.usage.cacheWrite)
    side.turns += 1
    addSimulating(side, turn.usage)
    if (side.cost !== undefined) {
      if (turn.usage.cost === undefined) delete side.cost
      else side.cost += turn.usage.cost
    }
  }
  addAfterTurns(result, now, recorded)
  const outcomes: Record<string, boolean | number> = {}
  for (const [name, value] of Object.entries(result.outcomeResults)) {
    // An outcome may be named `__proto__`: it stays an entry, never a prototype.
    setOwn(outcomes, write.outcome(name), value)
  }
  const run: ScenarioRunMeta = {
    status: result.status,
    passed: passed(result),
    path: result.path.map(write.node),
    edges: takenEdges(result),
    turnCount: result.turnCount,
    outcomes,
    usage: { now, recorded },
    durationMs: Math.round(result.durationMs),
    turns: result.history.map((turn, i) => turnMeta(turn, write, `${at}.turns.${i}`)),
  }
  if (result.error !== undefined) {
    run.error = {
      node: write.node(result.error.nodeId),
      category: result.error.category,
      stage: result.error.stage,
      message: write.text(String(result.error.message), `${at}.error.message`, MESSAGE_CLIP),
    }
  }
  if (result.recordedDurationMs !== undefined) {
    run.recordedDurationMs = Math.round(result.recordedDurationMs)
  }
  if (result.stopReason !== undefined) run.stopReason = result.stopReason
  addOutcomeDetails(run, result, write, at)
  const seed = result.seed ?? []
  if (seed.length > 0) {
    run.seed = { count: seed.length, messages: seed.slice(0, MAX_SEED).map(seedMeta(write, at)) }
  }
  return run
}

function addCacheWrite(side: UsageMeta, tokens: number | undefined): void {
  // A result from before cache writes were counted has none.
  if (tokens !== undefined && tokens > 0) side.cacheWrite = (side.cacheWrite ?? 0) + tokens
}

function addSimulating(side: UsageMeta, usage: TurnUsage): void {
  // A result from before simulated users has no `simulating` side.
  const tokens = (usage.simulating?.input ?? 0) + (usage.simulating?.output ?? 0)
  if (tokens > 0) side.simulating = (side.simulating ?? 0) + tokens
}

/**
 * Usage the result counts beyond its turns (calls made after the last turn, such as a
 * conversation judge's) is added to the side the run's calls came from: recorded when the result
 * says it replayed and no turn spent tokens live, else spent now. No turn is counted for it. A
 * turn that made no call (a scripted answer, an agent that calls no model) spent nothing live,
 * so a replayed judge over a scripted transcript is recorded usage, not usage spent now.
 */
function addAfterTurns(result: ScenarioExecutionResult, now: UsageMeta, recorded: UsageMeta) {
  const turns = { input: 0, output: 0, cached: 0, cacheWrite: 0, cost: 0, simulating: 0 }
  for (const turn of result.history) {
    turns.input += turn.usage.input
    turns.output += turn.usage.output
    turns.cached += turn.usage.cached
    turns.cacheWrite += turn.usage.cacheWrite ?? 0
    turns.cost += turn.usage.cost ?? 0
    turns.simulating += (turn.usage.simulating?.input ?? 0) + (turn.usage.simulating?.output ?? 0)
  }
  const total = result.usage
  const extra = {
    input: Math.max(0, total.input - turns.input),
    output: Math.max(0, total.output - turns.output),
    cached: Math.max(0, total.cached - turns.cached),
    cacheWrite: Math.max(0, (total.cacheWrite ?? 0) - turns.cacheWrite),
    cost: Math.max(0, (total.cost ?? 0) - turns.cost),
    simulating: Math.max(
      0,
      (total.simulating?.input ?? 0) + (total.simulating?.output ?? 0) - turns.simulating,
    ),
  }
  if (extra.input + extra.output + extra.cached === 0 && extra.cost === 0) return
  const liveTokens = now.input + now.output + now.cached
  const side = total.replayed === true && liveTokens === 0 ? recorded : now
  side.input += extra.input
  side.output += extra.output
  side.cached += extra.cached
  addCacheWrite(side, extra.cacheWrite)
  if (side.cost !== undefined) side.cost += extra.cost
  if (extra.simulating > 0) side.simulating = (side.simulating ?? 0) + extra.simulating
}

/** Outcome errors and callable reasons: short, so always kept (judgements wait for the budget). */
function addOutcomeDetails(
  run: ScenarioRunMeta,
  result: ScenarioExecutionResult,
  write: MetaWriter,
  at: string,
): void {
  // A result from before agent tests has none of these fields.
  const errors = Object.entries(result.outcomeErrors ?? {})
  if (errors.length > 0) {
    run.outcomeErrors = {}
    for (const [name, error] of errors) {
      const key = write.outcome(name)
      define(run.outcomeErrors, key, {
        category: error.category,
        message: write.text(
          String(error.message),
          `${at}.outcomeErrors.${key}.message`,
          MESSAGE_CLIP,
        ),
      })
    }
  }
  const reasons = Object.entries(result.outcomeReasons ?? {})
  if (reasons.length > 0) {
    run.reasons = {}
    for (const [name, reason] of reasons) {
      const key = write.outcome(name)
      define(
        run.reasons,
        key,
        write.text(String(reason), `${at}.reasons.${key}`, MESSAGE_CLIP, true),
      )
    }
  }
}

/** An entry keyed by a user's name: `__proto__` stays an entry, never a prototype. */
function define<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

function seedMeta(write: MetaWriter, at: string) {
  return (message: ChatMessage, i: number): SeedMessageMeta => {
    const out: SeedMessageMeta = { role: message.role }
    if (message.role === 'assistant' && message.tool_calls !== undefined) {
      const names = message.tool_calls.map((call, k) =>
        write.text(
          String(call.function?.name),
          `${at}.seed.messages.${i}.tools.${k}`,
          TOOL_NAME_CLIP,
        ),
      )
      if (names.length > 0) out.tools = names.slice(0, MAX_TOOL_NAMES)
    }
    return out
  }
}

function turnMeta(turn: TurnRecord, write: MetaWriter, at: string): TurnMeta {
  const out: TurnMeta = { node: write.node(turn.nodeId), verify: turn.verifyResult }
  if (turn.usage.replayed === true) out.replayed = true
  if (turn.error !== undefined) out.error = turn.error.category
  // Tool calls come from an agent's reply: only well-formed names are shown.
  const calls = Array.isArray(turn.toolCalls) ? turn.toolCalls : []
  const names = calls.flatMap((call: unknown, i) => {
    const name = (call as { name?: unknown } | null)?.name
    return typeof name === 'string' ? [write.text(name, `${at}.tools.${i}`, TOOL_NAME_CLIP)] : []
  })
  if (names.length > 0) out.tools = names.slice(0, MAX_TOOL_NAMES)
  if (turn.user !== undefined) {
    out.simulated = true
    if (turn.user.goalReached === true) out.goalReached = true
  }
  if (turn.scripted === true) out.scripted = true
  // `null`: no user message this turn (`question: null`), the answering side spoke first.
  const asked: string | null = turn.questionText
  if (asked === null) out.noQuestion = true
  if (typeof turn.agent === 'string') {
    out.agent = write.text(turn.agent, `${at}.agent`, TOOL_NAME_CLIP, true)
  }
  return out
}

/**
 * Adds clipped seeded messages, question and answer texts and tool calls to the runs while the
 * budget lasts: failed runs first (the ones a reader opens the report for), then the rest in
 * order. A sample set of 20 long conversations keeps the texts of the first few, not megabytes
 * of meta.
 */
function addTexts(
  runs: ScenarioRunMeta[],
  results: readonly ScenarioExecutionResult[],
  write: MetaWriter,
): void {
  let budget = TEXT_BUDGET
  for (const index of failedFirst(runs)) {
    const run = runs[index]
    const history = results[index]?.history
    if (run === undefined || history === undefined) continue
    // The seeded messages come before the first turn, in the report as in the conversation.
    const seed = results[index]?.seed ?? []
    for (const [i, meta] of (run.seed?.messages ?? []).entries()) {
      const content = seed[i]?.content
      if (typeof content !== 'string' || content === '') continue
      const text = write.text(content, `runs.${index}.seed.messages.${i}.text`, TEXT_CLIP, true)
      if (text.length > budget) return
      budget -= text.length
      meta.text = text
    }
    for (const [turnIndex, record] of history.entries()) {
      const turn = run.turns[turnIndex]
      if (turn === undefined) continue
      const at = `runs.${index}.turns.${turnIndex}`
      // `null`: no user message this turn; the turn says so (`noQuestion`), no text to keep.
      const asked: string | null = record.questionText
      const question = asked === null ? '' : write.text(asked, `${at}.question`, TEXT_CLIP, true)
      const answer =
        typeof record.rawResponse === 'string'
          ? write.text(record.rawResponse, `${at}.answer`, TEXT_CLIP, true)
          : null
      const calls = callsMeta(record, write, at)
      const cost =
        question.length +
        (answer?.length ?? 0) +
        calls.reduce((sum, c) => sum + c.args.length + (c.result ?? c.error ?? '').length, 0)
      if (cost > budget) return
      budget -= cost
      if (asked !== null) turn.question = question
      turn.answer = answer
      if (calls.length > 0) turn.calls = calls
    }
  }
}

/** A turn's tool calls as one-line clipped JSON; malformed entries (not from the runner) skipped. */
function callsMeta(record: TurnRecord, write: MetaWriter, at: string): ToolCallMeta[] {
  const calls = Array.isArray(record.toolCalls) ? record.toolCalls.slice(0, MAX_TOOL_NAMES) : []
  return calls.flatMap((call, i): ToolCallMeta[] => {
    if (typeof call?.name !== 'string') return []
    const path = `${at}.calls.${i}`
    const out: ToolCallMeta = {
      name: write.text(call.name, `${path}.name`, TOOL_NAME_CLIP),
      args: write.text(jsonText(call.arguments), `${path}.args`, CALL_CLIP, true),
    }
    if (typeof call.error === 'string') {
      out.error = write.text(call.error, `${path}.error`, CALL_CLIP, true)
    } else if (call.result !== undefined) {
      out.result = write.text(jsonText(call.result), `${path}.result`, CALL_CLIP, true)
    }
    return [out]
  })
}

/** JSON text of a tool's data; what JSON cannot write (a cycle, a bigint) is named, not thrown. */
function jsonText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return `(${typeof value} not JSON)`
  }
}

/**
 * The judgements of each run, failed runs first, within `JUDGEMENT_BUDGET` characters in all: a
 * judgement past it keeps its verdict and counts the criteria it left out. Met criteria keep only
 * their text; unmet and inconclusive ones keep their reasoning too.
 */
function addJudgements(
  runs: ScenarioRunMeta[],
  results: readonly ScenarioExecutionResult[],
  write: MetaWriter,
): void {
  let budget = JUDGEMENT_BUDGET
  for (const index of failedFirst(runs)) {
    const run = runs[index]
    const judgements = Object.entries(results[index]?.judgements ?? {})
    if (run === undefined || judgements.length === 0) continue
    run.judgements = {}
    for (const [name, judgement] of judgements) {
      const key = write.outcome(name)
      const at = `runs.${index}.judgements.${key}`
      const out: JudgementMeta = { verdict: judgement.verdict, criteria: [] }
      const criteria = Array.isArray(judgement.criteria) ? judgement.criteria : []
      for (const [i, criterion] of criteria.slice(0, MAX_CRITERIA).entries()) {
        const item: JudgementMeta['criteria'][number] = {
          criterion: write.text(
            String(criterion.criterion),
            `${at}.criteria.${i}.criterion`,
            CRITERION_CLIP,
            true,
          ),
          verdict: criterion.verdict,
        }
        if (criterion.verdict !== 'met' && typeof criterion.reasoning === 'string') {
          item.reasoning = write.text(
            criterion.reasoning,
            `${at}.criteria.${i}.reasoning`,
            REASONING_CLIP,
            true,
          )
        }
        const cost = item.criterion.length + (item.reasoning?.length ?? 0)
        if (cost > budget) break
        budget -= cost
        out.criteria.push(item)
      }
      if (out.criteria.length < criteria.length) out.omitted = criteria.length - out.criteria.length
      define(run.judgements, key, out)
    }
  }
}

/** Run indexes, failed runs first (the ones a reader opens the report for), then in order. */
function failedFirst(runs: readonly ScenarioRunMeta[]): number[] {
  const order = runs.map((_, i) => i)
  return order.sort((a, b) => Number(runs[a]?.passed) - Number(runs[b]?.passed) || a - b)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * The edges a run took, as indices into `definition.edges`, read off the turns' routes (the
 * runner records each one as it routes; nothing is evaluated again here): entry `k` leads from
 * `path[k]` to `path[k + 1]`, and an entry at `path.length - 1` is the edge to END that ended a
 * completed run. A turn without a route (one that ended the run by an error, or a result from
 * elsewhere) ends the list, as does the last turn of a run that did not complete.
 */
function takenEdges(result: ScenarioExecutionResult): number[] {
  const taken: number[] = []
  const { history } = result
  for (let k = 0; k < history.length; k++) {
    if (k === history.length - 1 && result.status !== 'completed') break
    const edge = history[k]?.route?.edge
    if (typeof edge !== 'number') break
    taken.push(edge)
  }
  return taken
}
