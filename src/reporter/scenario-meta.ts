// What a scenario test hands the reporter: compact JSON in `task.meta.scenario`, built in the
// worker after each run. Only task meta survives `--shard` + `--merge-reports` (blobs keep the
// task tree), so everything a report shows must be in here — and kept small, since it travels
// by RPC and into every blob. No vitest import: the worker side calls it.
import { isUnconditional } from '../conditions/when-to-json.js'
import { resultSet, samplePassed } from '../samples/result-set.js'
import type { ScenarioDefinition } from '../scenario/definition.js'
import type {
  ErrorCategory,
  ErrorStage,
  ScenarioExecutionResult,
  ScenarioStatus,
  TurnRecord,
} from '../state/types.js'
import { clip, describeWhen } from './describe-when.js'
import { takenEdges } from './taken-edges.js'

/** The version of the `ScenarioMeta` shape; a reporter skips meta of another version. */
export const SCENARIO_META_VERSION = 1

/** How many characters of a question or an answer the meta keeps. */
export const TEXT_CLIP = 200
/** How many characters of question and answer text one scenario's meta keeps in all. */
export const TEXT_BUDGET = 12_000
const MESSAGE_CLIP = 300
const DESCRIPTION_CLIP = 200
const MAX_TOOL_NAMES = 8

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
  /** How many turns the counts cover. */
  turns: number
  cost?: number
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
  outcomes: Record<string, boolean | number>
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
  version: typeof SCENARIO_META_VERSION
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
}

/**
 * Condenses a scenario's definition and its run results into the JSON the reporter reads from
 * task meta (the lead's `scenario()` stores it at `task.meta.scenario` after each `run()`).
 *
 * @example
 * task.meta.scenario = scenarioMeta(definition, [result], {})
 * task.meta.scenario = scenarioMeta(definition, set.results, { samples: 5 })
 */
export function scenarioMeta(
  definition: ScenarioDefinition,
  results: readonly ScenarioExecutionResult[],
  options: ScenarioMetaOptions = {},
): ScenarioMeta {
  const meta: ScenarioMeta = {
    version: SCENARIO_META_VERSION,
    name: definition.name,
    graph: graphMeta(definition),
    criteria: definition.outcomeCriteria.map((criterion) =>
      criterion.description === ''
        ? { name: criterion.name }
        : { name: criterion.name, description: clip(criterion.description, DESCRIPTION_CLIP) },
    ),
    runs: results.map((result) => runMeta(definition, result)),
  }
  if (definition.description !== '') {
    meta.description = clip(definition.description, DESCRIPTION_CLIP)
  }
  addTexts(meta.runs, results)
  if (options.samples !== undefined) {
    const set = resultSet(results, options.confidence ?? 0.95)
    meta.samples = {
      n: results.length,
      passes: set.results.filter(samplePassed).length,
      passRate: set.passRate,
      interval: set.interval,
    }
  }
  return meta
}

function graphMeta(definition: ScenarioDefinition): ScenarioGraphMeta {
  const conditional = new Set(
    definition.edges.filter((e) => !isUnconditional(e.when)).map((e) => e.source),
  )
  return {
    nodes: [...definition.nodeIds],
    entry: definition.entryNode,
    edges: definition.edges.map((edge) => {
      const label = describeWhen(edge.when)
      const out: ScenarioEdgeMeta = { from: edge.source, to: edge.target }
      // A fallback beside conditional edges is taken only when none of them holds: say so.
      if (label !== undefined) out.label = label
      else if (conditional.has(edge.source)) out.label = 'otherwise'
      return out
    }),
  }
}

function emptyUsage(): UsageMeta {
  return { input: 0, output: 0, cached: 0, turns: 0 }
}

function runMeta(definition: ScenarioDefinition, result: ScenarioExecutionResult): ScenarioRunMeta {
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
    side.turns += 1
    if (side.cost !== undefined) {
      if (turn.usage.cost === undefined) delete side.cost
      else side.cost += turn.usage.cost
    }
  }
  const run: ScenarioRunMeta = {
    status: result.status,
    passed: samplePassed(result),
    path: [...result.path],
    edges: takenEdges(definition, result),
    turnCount: result.turnCount,
    outcomes: { ...result.outcomeResults },
    usage: { now, recorded },
    durationMs: Math.round(result.durationMs),
    turns: result.history.map(turnMeta),
  }
  if (result.error !== undefined) {
    run.error = {
      node: result.error.nodeId,
      category: result.error.category,
      stage: result.error.stage,
      message: clip(result.error.message, MESSAGE_CLIP),
    }
  }
  if (result.recordedDurationMs !== undefined) {
    run.recordedDurationMs = Math.round(result.recordedDurationMs)
  }
  return run
}

function turnMeta(turn: TurnRecord): TurnMeta {
  const out: TurnMeta = { node: turn.nodeId, verify: turn.verifyResult }
  if (turn.usage.replayed === true) out.replayed = true
  if (turn.error !== undefined) out.error = turn.error.category
  if (turn.toolCalls.length > 0) {
    out.tools = turn.toolCalls.slice(0, MAX_TOOL_NAMES).map((call) => call.name)
  }
  return out
}

/**
 * Adds clipped question and answer texts to the turns while the budget lasts: failed runs first
 * (the ones a reader opens the report for), then the rest in order. A sample set of 20 long
 * conversations keeps the texts of the first few, not megabytes of meta.
 */
function addTexts(runs: ScenarioRunMeta[], results: readonly ScenarioExecutionResult[]): void {
  const order = runs.map((_, i) => i)
  order.sort((a, b) => Number(runs[a]?.passed) - Number(runs[b]?.passed) || a - b)
  let budget = TEXT_BUDGET
  for (const index of order) {
    const run = runs[index]
    const history = results[index]?.history
    if (run === undefined || history === undefined) continue
    for (const [turnIndex, record] of history.entries()) {
      const turn = run.turns[turnIndex]
      if (turn === undefined) continue
      const question = clip(oneLine(record.questionText), TEXT_CLIP)
      const answer =
        record.rawResponse === null ? null : clip(oneLine(record.rawResponse), TEXT_CLIP)
      const cost = question.length + (answer?.length ?? 0)
      if (cost > budget) return
      budget -= cost
      turn.question = question
      turn.answer = answer
    }
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Whether a value read from task meta is a `ScenarioMeta` this reporter understands. */
export function isScenarioMeta(value: unknown): value is ScenarioMeta {
  if (typeof value !== 'object' || value === null) return false
  const meta = value as Partial<ScenarioMeta>
  return (
    meta.version === SCENARIO_META_VERSION &&
    typeof meta.name === 'string' &&
    typeof meta.graph === 'object' &&
    meta.graph !== null &&
    Array.isArray(meta.graph.nodes) &&
    Array.isArray(meta.graph.edges) &&
    Array.isArray(meta.runs)
  )
}
