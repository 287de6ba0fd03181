// The totals of a test run's scenarios: what the last line of every report says.

import type { ScenarioMeta, UsageMeta } from '../hosts/core/meta/scenario-meta.js'
import { addUsageMeta, noUsage } from './format.js'
import type { ScenarioEntry } from './scenario-entry.js'

/** Totals over the scenario tests of a run. */
export interface RunSummary {
  scenarios: number
  passed: number
  failed: number
  /** Runs, samples counted one by one. */
  runs: number
  turns: number
  /** Usage of the turns run live now. */
  now: UsageMeta
  /** Recorded usage of the replayed turns. */
  recorded: UsageMeta
  /** Model calls answered from recordings, recorded live, and missed. */
  calls: { replayed: number; recorded: number; misses: number }
  /** Whether any test reported recording statistics. */
  recordings: boolean
}

/** Usage of a scenario's runs summed: spent now and recorded. */
export function scenarioUsage(meta: ScenarioMeta): { now: UsageMeta; recorded: UsageMeta } {
  let now = noUsage()
  let recorded = noUsage()
  for (const run of meta.runs) {
    now = addUsageMeta(now, run.usage.now)
    recorded = addUsageMeta(recorded, run.usage.recorded)
  }
  return { now, recorded }
}

/** Sums the scenario tests of a run. */
export function runSummary(entries: readonly ScenarioEntry[]): RunSummary {
  const summary: RunSummary = {
    scenarios: entries.length,
    passed: 0,
    failed: 0,
    runs: 0,
    turns: 0,
    now: noUsage(),
    recorded: noUsage(),
    calls: { replayed: 0, recorded: 0, misses: 0 },
    recordings: false,
  }
  for (const entry of entries) {
    if (entry.state === 'passed') summary.passed += 1
    else if (entry.state === 'failed') summary.failed += 1
    summary.runs += entry.scenario.runs.length
    for (const run of entry.scenario.runs) summary.turns += run.turnCount
    const usage = scenarioUsage(entry.scenario)
    summary.now = addUsageMeta(summary.now, usage.now)
    summary.recorded = addUsageMeta(summary.recorded, usage.recorded)
    if (entry.recording !== undefined) {
      summary.recordings = true
      summary.calls.replayed += entry.recording.replayed
      summary.calls.recorded += entry.recording.recorded
      summary.calls.misses += entry.recording.misses
    }
  }
  return summary
}
