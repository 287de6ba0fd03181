// One run (one sample) of one side, as a comparison sets it beside the other side's: its verdict,
// what it did and what it cost, and whether an infrastructure failure leaves nothing to compare.
import type { ScenarioRunMeta } from '../hosts/core/meta/scenario-meta.js'
import type { ScenarioEntry } from '../reporter/scenario-entry.js'
import type { SideRun } from './comparison.js'

/**
 * The error categories that say nothing about the model or the prompt: the network, the server,
 * a recording, a cancelled run. A run (or an outcome judged) that failed on one of them is not
 * compared.
 */
export const INFRASTRUCTURE_CATEGORIES: ReadonlySet<string> = new Set([
  'connection',
  'rate_limit',
  'server_error',
  'timeout',
  'recording',
  'bad_response',
  'aborted',
])

const REASON_CLIP = 160

/** Whether `entry`'s runs are samples (each judged on its own) rather than the test's one run. */
export function isSampled(entry: ScenarioEntry): boolean {
  return entry.scenario.samples !== undefined || entry.scenario.runs.length > 1
}

/**
 * `run` of `entry` as compared: a single run's verdict is the test's state (a test body's own
 * assertions count), a sample's is `run.passed`.
 */
export function sideRun(entry: ScenarioEntry, run: ScenarioRunMeta, sampled: boolean): SideRun {
  const now = run.usage.now
  const recorded = run.usage.recorded
  const input = now.input + recorded.input
  const output = now.output + recorded.output
  const side: SideRun = {
    passed: sampled ? run.passed : entry.state === 'passed',
    status: run.status,
    path: run.path,
    outcomes: run.outcomes,
    judgements: run.judgements ?? {},
    tools: run.turns.map((turn) => turn.tools ?? []),
    turns: run.turns,
    tokens: { input, output, total: input + output },
    latencyMs: run.durationMs + (run.recordedDurationMs ?? 0),
  }
  if (now.cost !== undefined && recorded.cost !== undefined) side.cost = now.cost + recorded.cost
  if (run.error !== undefined) side.error = run.error
  const infrastructure = infrastructureOf(run)
  if (infrastructure !== undefined) side.infrastructure = infrastructure
  return side
}

/** Why `run` failed on infrastructure, in a phrase, or `undefined` when it did not. */
export function infrastructureOf(run: ScenarioRunMeta): string | undefined {
  const error = run.error
  if (error !== undefined && INFRASTRUCTURE_CATEGORIES.has(error.category)) {
    return clip(`${error.category} at '${error.node}' (${error.stage}): ${error.message}`)
  }
  // A judge or check whose own call failed reads `false`: a verdict nobody gave.
  for (const [name, outcomeError] of Object.entries(run.outcomeErrors ?? {})) {
    if (INFRASTRUCTURE_CATEGORIES.has(outcomeError.category)) {
      return clip(`${outcomeError.category} evaluating outcome '${name}': ${outcomeError.message}`)
    }
  }
  return undefined
}

/** `text` cut to a short phrase for a reason or a change. */
export function clip(text: string, max = REASON_CLIP): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
