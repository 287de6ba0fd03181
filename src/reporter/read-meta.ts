// Reads `task.meta.scenario` in the reporter. The meta crossed a process boundary (worker RPC,
// or a blob that `--merge-reports` loads, maybe written by another version), so nothing in it is
// trusted: every field is checked at every depth and copied field by field (unknown keys are
// dropped), and every string goes through `text` (secret masking in the reporter). A meta that
// fails a check is not reported: the caller skips the test with a warning naming the problem.
import type { ErrorCategory, ErrorStage, ScenarioStatus, StopReason } from '../state/types.js'
import {
  type JudgementMeta,
  MAX_META_STRING,
  type OutcomeErrorMeta,
  type RunErrorMeta,
  type SamplesMeta,
  SCENARIO_META_VERSION,
  type ScenarioEdgeMeta,
  type ScenarioGraphMeta,
  type ScenarioMeta,
  type ScenarioRunMeta,
  type SeedMessageMeta,
  type ToolCallMeta,
  type TurnMeta,
  type UsageMeta,
} from './scenario-meta.js'

/** What `readScenarioMeta` found: the checked copy, or what is wrong, as `path: problem`. */
export type MetaReading = { ok: true; meta: ScenarioMeta } | { ok: false; problem: string }

const STATUSES: readonly ScenarioStatus[] = ['completed', 'limit_reached', 'error']
const ROLES: readonly string[] = ['system', 'user', 'assistant', 'tool']
const JUDGE_VERDICTS: readonly string[] = ['pass', 'fail', 'inconclusive']
const CRITERION_VERDICTS: readonly string[] = ['met', 'unmet', 'inconclusive']
// Categories and stages are shown as words and grow between versions (`bad_response`): any
// short identifier is read, so a newer writer's category is shown, not refused.
const IDENTIFIER = /^[a-z][A-Za-z_]{0,39}$/

/** A value at `path` that is not what the meta shape says. */
class Malformed {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {}
}

/**
 * Checks a value read from task meta against the `ScenarioMeta` shape, and returns a copy whose
 * strings went through `text`.
 *
 * @example
 * const reading = readScenarioMeta(test.meta().scenario)
 * if (!reading.ok) warn(`${test.fullName}: ${reading.problem}`)
 */
export function readScenarioMeta(
  value: unknown,
  text: (value: string) => string = (v) => v,
): MetaReading {
  try {
    return { ok: true, meta: new MetaReader(text).meta(value) }
  } catch (error) {
    if (error instanceof Malformed) {
      return {
        ok: false,
        problem: error.path === '' ? error.problem : `${error.path}: ${error.problem}`,
      }
    }
    throw error
  }
}

/** Whether a value read from task meta is a `ScenarioMeta` this reporter reads. */
export function isScenarioMeta(value: unknown): value is ScenarioMeta {
  return readScenarioMeta(value).ok
}

/** What a value is, for a message: its type and size, never its content (it may be a secret). */
function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') {
    return `a string of ${value.length} ${value.length === 1 ? 'character' : 'characters'}`
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? `the number ${value}` : String(value)
  return `${typeof value === 'object' ? 'an' : 'a'} ${typeof value}`
}

class MetaReader {
  constructor(private readonly rewrite: (value: string) => string) {}

  meta(value: unknown): ScenarioMeta {
    if (value === undefined) throw new Malformed('', 'no scenario data')
    const meta = this.object(value, '')
    if (meta.version !== SCENARIO_META_VERSION) {
      throw new Malformed(
        'version',
        `${describe(meta.version)}; this reporter reads version ${SCENARIO_META_VERSION} (the tests ran with another vitest-scenario version)`,
      )
    }
    const graph = this.graph(meta.graph)
    const out: ScenarioMeta = {
      version: SCENARIO_META_VERSION,
      name: this.string(meta.name, 'name'),
      graph,
      criteria: this.array(meta.criteria, 'criteria', (item, at) => {
        const criterion = this.object(item, at)
        const description = this.optional(criterion.description, `${at}.description`, this.string)
        return {
          name: this.string(criterion.name, `${at}.name`),
          ...(description === undefined ? {} : { description }),
        }
      }),
      runs: this.array(meta.runs, 'runs', (item, at) => this.run(item, at, graph.edges.length)),
    }
    const description = this.optional(meta.description, 'description', this.string)
    if (description !== undefined) out.description = description
    const samples = this.optional(meta.samples, 'samples', this.samples)
    if (samples !== undefined) out.samples = samples
    return out
  }

  graph(value: unknown): ScenarioGraphMeta {
    const graph = this.object(value, 'graph')
    return {
      nodes: this.array(graph.nodes, 'graph.nodes', this.string),
      entry: this.string(graph.entry, 'graph.entry'),
      edges: this.array(graph.edges, 'graph.edges', (item, at) => {
        const edge = this.object(item, at)
        const out: ScenarioEdgeMeta = {
          from: this.string(edge.from, `${at}.from`),
          to: this.string(edge.to, `${at}.to`),
        }
        const label = this.optional(edge.label, `${at}.label`, this.string)
        if (label !== undefined) out.label = label
        return out
      }),
    }
  }

  run(value: unknown, at: string, edgeCount: number): ScenarioRunMeta {
    const run = this.object(value, at)
    const status = run.status
    if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) {
      throw new Malformed(`${at}.status`, `${describe(status)}, not one of ${STATUSES.join(', ')}`)
    }
    const usage = this.object(run.usage, `${at}.usage`)
    const out: ScenarioRunMeta = {
      status: status as ScenarioStatus,
      passed: this.boolean(run.passed, `${at}.passed`),
      path: this.array(run.path, `${at}.path`, this.string),
      // An edge index points into graph.edges; -1 marks an undecided step.
      edges: this.array(run.edges, `${at}.edges`, (item, i) =>
        this.integer(item, i, -1, edgeCount - 1),
      ),
      turnCount: this.integer(run.turnCount, `${at}.turnCount`, 0),
      outcomes: this.outcomes(run.outcomes, `${at}.outcomes`),
      usage: {
        now: this.usage(usage.now, `${at}.usage.now`),
        recorded: this.usage(usage.recorded, `${at}.usage.recorded`),
      },
      durationMs: this.count(run.durationMs, `${at}.durationMs`),
      turns: this.array(run.turns, `${at}.turns`, this.turn),
    }
    const error = this.optional(run.error, `${at}.error`, this.runError)
    if (error !== undefined) out.error = error
    const recorded = this.optional(run.recordedDurationMs, `${at}.recordedDurationMs`, this.count)
    if (recorded !== undefined) out.recordedDurationMs = recorded
    // Stop reasons grow between versions like categories: any short identifier is read.
    const stopReason = this.optional(run.stopReason, `${at}.stopReason`, this.identifier)
    if (stopReason !== undefined) out.stopReason = stopReason as StopReason
    const errors = this.optional(run.outcomeErrors, `${at}.outcomeErrors`, (item, path) =>
      this.record(item, path, this.outcomeError),
    )
    if (errors !== undefined) out.outcomeErrors = errors
    const reasons = this.optional(run.reasons, `${at}.reasons`, (item, path) =>
      this.record(item, path, this.string),
    )
    if (reasons !== undefined) out.reasons = reasons
    const judgements = this.optional(run.judgements, `${at}.judgements`, (item, path) =>
      this.record(item, path, this.judgement),
    )
    if (judgements !== undefined) out.judgements = judgements
    const seed = this.optional(run.seed, `${at}.seed`, this.seed)
    if (seed !== undefined) out.seed = seed
    return out
  }

  outcomeError = (value: unknown, at: string): OutcomeErrorMeta => {
    const error = this.object(value, at)
    return {
      category: this.identifier(error.category, `${at}.category`) as ErrorCategory,
      message: this.string(error.message, `${at}.message`),
    }
  }

  judgement = (value: unknown, at: string): JudgementMeta => {
    const judgement = this.object(value, at)
    const out: JudgementMeta = {
      verdict: this.oneOf(
        judgement.verdict,
        `${at}.verdict`,
        JUDGE_VERDICTS,
      ) as JudgementMeta['verdict'],
      criteria: this.array(judgement.criteria, `${at}.criteria`, (item, path) => {
        const criterion = this.object(item, path)
        const read: JudgementMeta['criteria'][number] = {
          criterion: this.string(criterion.criterion, `${path}.criterion`),
          verdict: this.oneOf(criterion.verdict, `${path}.verdict`, CRITERION_VERDICTS) as
            | 'met'
            | 'unmet'
            | 'inconclusive',
        }
        const reasoning = this.optional(criterion.reasoning, `${path}.reasoning`, this.string)
        if (reasoning !== undefined) read.reasoning = reasoning
        return read
      }),
    }
    const omitted = this.optional(judgement.omitted, `${at}.omitted`, (item, path) =>
      this.integer(item, path, 0),
    )
    if (omitted !== undefined) out.omitted = omitted
    return out
  }

  seed = (value: unknown, at: string): { count: number; messages: SeedMessageMeta[] } => {
    const seed = this.object(value, at)
    return {
      count: this.integer(seed.count, `${at}.count`, 0),
      messages: this.array(seed.messages, `${at}.messages`, (item, path) => {
        const message = this.object(item, path)
        const out: SeedMessageMeta = {
          role: this.oneOf(message.role, `${path}.role`, ROLES) as SeedMessageMeta['role'],
        }
        const text = this.optional(message.text, `${path}.text`, this.string)
        if (text !== undefined) out.text = text
        const tools = this.optional(message.tools, `${path}.tools`, (list, p) =>
          this.array(list, p, this.string),
        )
        if (tools !== undefined) out.tools = tools
        return out
      }),
    }
  }

  toolCall = (value: unknown, at: string): ToolCallMeta => {
    const call = this.object(value, at)
    const out: ToolCallMeta = {
      name: this.string(call.name, `${at}.name`),
      args: this.string(call.args, `${at}.args`),
    }
    const result = this.optional(call.result, `${at}.result`, this.string)
    if (result !== undefined) out.result = result
    const error = this.optional(call.error, `${at}.error`, this.string)
    if (error !== undefined) out.error = error
    return out
  }

  runError = (value: unknown, at: string): RunErrorMeta => {
    const error = this.object(value, at)
    return {
      node: this.string(error.node, `${at}.node`),
      category: this.identifier(error.category, `${at}.category`) as ErrorCategory,
      stage: this.identifier(error.stage, `${at}.stage`) as ErrorStage,
      message: this.string(error.message, `${at}.message`),
    }
  }

  turn = (value: unknown, at: string): TurnMeta => {
    const turn = this.object(value, at)
    const verify = turn.verify
    if (verify !== null && typeof verify !== 'boolean') {
      throw new Malformed(`${at}.verify`, `${describe(verify)}, not true, false or null`)
    }
    const out: TurnMeta = { node: this.string(turn.node, `${at}.node`), verify }
    if (turn.replayed !== undefined) {
      if (turn.replayed !== true) {
        throw new Malformed(`${at}.replayed`, `${describe(turn.replayed)}, not true`)
      }
      out.replayed = true
    }
    const error = this.optional(turn.error, `${at}.error`, this.identifier)
    if (error !== undefined) out.error = error as ErrorCategory
    const tools = this.optional(turn.tools, `${at}.tools`, (item, path) =>
      this.array(item, path, this.string),
    )
    if (tools !== undefined) out.tools = tools
    const calls = this.optional(turn.calls, `${at}.calls`, (item, path) =>
      this.array(item, path, this.toolCall),
    )
    if (calls !== undefined) out.calls = calls
    for (const flag of ['simulated', 'goalReached', 'scripted', 'noQuestion'] as const) {
      if (turn[flag] === undefined) continue
      if (turn[flag] !== true)
        throw new Malformed(`${at}.${flag}`, `${describe(turn[flag])}, not true`)
      out[flag] = true
    }
    const agent = this.optional(turn.agent, `${at}.agent`, this.string)
    if (agent !== undefined) out.agent = agent
    const question = this.optional(turn.question, `${at}.question`, this.string)
    if (question !== undefined) out.question = question
    if (turn.answer === null) out.answer = null
    else {
      const answer = this.optional(turn.answer, `${at}.answer`, this.string)
      if (answer !== undefined) out.answer = answer
    }
    return out
  }

  samples = (value: unknown, at: string): SamplesMeta => {
    const samples = this.object(value, at)
    const interval = this.object(samples.interval, `${at}.interval`)
    const n = this.integer(samples.n, `${at}.n`, 0)
    return {
      n,
      passes: this.integer(samples.passes, `${at}.passes`, 0, n),
      passRate: this.rate(samples.passRate, `${at}.passRate`),
      interval: {
        low: this.rate(interval.low, `${at}.interval.low`),
        high: this.rate(interval.high, `${at}.interval.high`),
        confidence: this.rate(interval.confidence, `${at}.interval.confidence`),
      },
    }
  }

  usage(value: unknown, at: string): UsageMeta {
    const usage = this.object(value, at)
    const out: UsageMeta = {
      input: this.count(usage.input, `${at}.input`),
      output: this.count(usage.output, `${at}.output`),
      cached: this.count(usage.cached, `${at}.cached`),
      turns: this.integer(usage.turns, `${at}.turns`, 0),
    }
    // Meta written before cache writes were counted has no `cacheWrite`.
    const cacheWrite = this.optional(usage.cacheWrite, `${at}.cacheWrite`, this.count)
    if (cacheWrite !== undefined) out.cacheWrite = cacheWrite
    const cost = this.optional(usage.cost, `${at}.cost`, this.count)
    if (cost !== undefined) out.cost = cost
    const simulating = this.optional(usage.simulating, `${at}.simulating`, this.count)
    if (simulating !== undefined) out.simulating = simulating
    return out
  }

  /** An object of entries read by `item`, keyed by names (an outcome's), kept as entries. */
  record<T>(
    value: unknown,
    at: string,
    item: (value: unknown, at: string) => T,
  ): Record<string, T> {
    const record = this.object(value, at)
    const out: Record<string, T> = {}
    for (const [name, entry] of Object.entries(record)) {
      // defineProperty: a name such as `__proto__` stays an entry, never a prototype.
      Object.defineProperty(out, this.string(name, `${at} (a name)`), {
        value: item(entry, `${at}.${name}`),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }

  oneOf(value: unknown, at: string, allowed: readonly string[]): string {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      throw new Malformed(at, `${describe(value)}, not one of ${allowed.join(', ')}`)
    }
    return value
  }

  outcomes(value: unknown, at: string): Record<string, boolean | number> {
    const outcomes = this.object(value, at)
    const out: Record<string, boolean | number> = {}
    for (const [name, result] of Object.entries(outcomes)) {
      if (typeof result !== 'boolean' && !(typeof result === 'number' && Number.isFinite(result))) {
        throw new Malformed(`${at}.${name}`, `${describe(result)}, not a boolean or a number`)
      }
      // defineProperty: an outcome named `__proto__` stays an entry, never a prototype.
      Object.defineProperty(out, this.string(name, `${at} (a name)`), {
        value: result,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }

  object(value: unknown, at: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Malformed(at, `${describe(value)}, not an object`)
    }
    return value as Record<string, unknown>
  }

  array<T>(value: unknown, at: string, item: (value: unknown, at: string) => T): T[] {
    if (!Array.isArray(value)) throw new Malformed(at, `${describe(value)}, not an array`)
    const out: T[] = []
    // A plain loop: holes in a sparse array are read as what they are (missing), not skipped.
    for (let i = 0; i < value.length; i++) out.push(item(value[i], `${at}.${i}`))
    return out
  }

  optional<T>(value: unknown, at: string, read: (value: unknown, at: string) => T): T | undefined {
    return value === undefined ? undefined : read(value, at)
  }

  string = (value: unknown, at: string): string => {
    if (typeof value !== 'string') throw new Malformed(at, `${describe(value)}, not a string`)
    if (value.length > MAX_META_STRING) {
      throw new Malformed(at, `${describe(value)}, longer than ${MAX_META_STRING}`)
    }
    return this.rewrite(value)
  }

  identifier = (value: unknown, at: string): string => {
    if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
      throw new Malformed(at, `${describe(value)}, not a category name such as 'connection'`)
    }
    return value
  }

  boolean(value: unknown, at: string): boolean {
    if (typeof value !== 'boolean') throw new Malformed(at, `${describe(value)}, not a boolean`)
    return value
  }

  /** A finite number ≥ 0 (token counts, durations, costs). */
  count = (value: unknown, at: string): number => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Malformed(at, `${describe(value)}, not a number ≥ 0`)
    }
    return value
  }

  integer(value: unknown, at: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`
      throw new Malformed(at, `${describe(value)}, not a whole number ${range}`)
    }
    return value
  }

  rate(value: unknown, at: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
      throw new Malformed(at, `${describe(value)}, not a rate from 0 to 1`)
    }
    return value
  }
}
