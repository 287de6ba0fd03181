// One run of a scenario as the meta holds it: status, path, the edges taken, outcomes, usage
// split into spent now and recorded, and the turns (their texts are added later, within the
// scenario's budget: meta-budgets.ts).
import { passed } from '../../../samples/result-set.js'
import { setOwn } from '../../../state/own-keys.js'
import type {
  ChatMessage,
  ScenarioExecutionResult,
  TurnRecord,
  TurnUsage,
} from '../../../state/types.js'
import type { ScenarioRunMeta, SeedMessageMeta, TurnMeta, UsageMeta } from './meta-schema.js'
import type { MetaWriter } from './meta-writer.js'

const MESSAGE_CLIP = 300
/** How many characters of a tool's or an agent's name the meta keeps. */
export const TOOL_NAME_CLIP = 100
/** How many tool names (and calls) of one turn or message the meta keeps. */
export const MAX_TOOL_NAMES = 8
/** How many seeded messages of one run the meta keeps. */
const MAX_SEED = 12

function emptyUsage(): UsageMeta {
  return { input: 0, output: 0, cached: 0, turns: 0 }
}

/** One run's meta, texts aside; `at` is its dot path (`runs.0`). */
export function runMeta(
  result: ScenarioExecutionResult,
  write: MetaWriter,
  at: string,
): ScenarioRunMeta {
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
    addReasoning(side, turn.usage.reasoning)
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

function addReasoning(side: UsageMeta, tokens: number | undefined): void {
  // Only responses that state reasoning tokens have them (and no result from before they were kept).
  if (tokens !== undefined && tokens > 0) side.reasoning = (side.reasoning ?? 0) + tokens
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
  const turns = {
    input: 0,
    output: 0,
    cached: 0,
    cacheWrite: 0,
    reasoning: 0,
    cost: 0,
    simulating: 0,
  }
  for (const turn of result.history) {
    turns.input += turn.usage.input
    turns.output += turn.usage.output
    turns.cached += turn.usage.cached
    turns.cacheWrite += turn.usage.cacheWrite ?? 0
    turns.reasoning += turn.usage.reasoning ?? 0
    turns.cost += turn.usage.cost ?? 0
    turns.simulating += (turn.usage.simulating?.input ?? 0) + (turn.usage.simulating?.output ?? 0)
  }
  const total = result.usage
  const extra = {
    input: Math.max(0, total.input - turns.input),
    output: Math.max(0, total.output - turns.output),
    cached: Math.max(0, total.cached - turns.cached),
    cacheWrite: Math.max(0, (total.cacheWrite ?? 0) - turns.cacheWrite),
    reasoning: Math.max(0, (total.reasoning ?? 0) - turns.reasoning),
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
  addReasoning(side, extra.reasoning)
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
      setOwn(run.outcomeErrors, key, {
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
      setOwn(
        run.reasons,
        key,
        write.text(String(reason), `${at}.reasons.${key}`, MESSAGE_CLIP, true),
      )
    }
  }
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
  // A chain of one is `agent` already; a handoff's chain is kept (up to MAX_TOOL_NAMES names).
  const agents = Array.isArray(turn.agents) ? turn.agents.filter((a) => typeof a === 'string') : []
  if (agents.length > 1) {
    out.agents = agents
      .slice(0, MAX_TOOL_NAMES)
      .map((name, i) => write.text(name, `${at}.agents.${i}`, TOOL_NAME_CLIP, true))
  }
  const guardrail = turn.guardrail
  if (guardrail !== undefined && typeof guardrail?.name === 'string') {
    out.guardrail = {
      name: write.text(guardrail.name, `${at}.guardrail.name`, TOOL_NAME_CLIP, true),
      kind: guardrail.kind === 'output' ? 'output' : 'input',
    }
  }
  return out
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
