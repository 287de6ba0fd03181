// What agent tests add to a run, summed up in words for the terminal and Markdown reports (the
// HTML report shows each turn): the seed, simulated-user turns, scripted answers, turns without
// a user message, tool calls, and the stop reason when the status does not already say it.

import type { ScenarioMeta, ScenarioRunMeta } from '../hosts/core/meta/scenario-meta.js'
import { shownStopReason } from '../snapshot/stop-reason.js'

/** How many of a kind: `1 scripted answer`, `2 scripted answers`. */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/**
 * The conversation of a run in a few words, e.g. `2 seeded messages`, `3 simulated-user turns
 * (goal reached on #4)`, `1 scripted answer`, `no user message on #0`, `tools lookup ×2, refund`,
 * `answered by triage, billing ×2`;
 * empty for a run that used none of these (its report reads as before).
 */
export function conversationFacts(run: ScenarioRunMeta): string[] {
  const facts: string[] = []
  if (run.seed !== undefined && run.seed.count > 0) {
    facts.push(count(run.seed.count, 'seeded message'))
  }
  const simulated = run.turns.filter((turn) => turn.simulated === true).length
  if (simulated > 0) {
    const reached = run.turns.findIndex((turn) => turn.goalReached === true)
    const goal = reached === -1 ? 'goal not reached' : `goal reached on #${reached}`
    facts.push(`${count(simulated, 'simulated-user turn')} (${goal})`)
  }
  const scripted = run.turns.filter((turn) => turn.scripted === true).length
  if (scripted > 0) facts.push(count(scripted, 'scripted answer'))
  const silent = run.turns.flatMap((turn, i) => (turn.noQuestion === true ? [`#${i}`] : []))
  if (silent.length > 0) facts.push(`no user message on ${silent.join(', ')}`)
  const tools = new Map<string, number>()
  for (const turn of run.turns) {
    for (const name of turn.tools ?? []) tools.set(name, (tools.get(name) ?? 0) + 1)
  }
  if (tools.size > 0) {
    const names = [...tools].map(([name, n]) => (n === 1 ? name : `${name} ×${n}`))
    facts.push(`tools ${names.join(', ')}`)
  }
  const agents = new Map<string, number>()
  for (const turn of run.turns) {
    if (turn.agent !== undefined) agents.set(turn.agent, (agents.get(turn.agent) ?? 0) + 1)
  }
  if (agents.size > 0) {
    const names = [...agents].map(([name, n]) => (n === 1 ? name : `${name} ×${n}`))
    facts.push(`answered by ${names.join(', ')}`)
  }
  return facts
}

/** The status with the stop reason when the status does not imply it: `limit_reached (budget)`. */
export function statusWithReason(run: ScenarioRunMeta): string {
  const reason = shownStopReason(run.status, run.stopReason)
  return reason === undefined ? run.status : `${run.status} (${reason})`
}

/**
 * The runs whose details (judgements, reasons, outcome errors) a compact report shows: the run,
 * or of a sample set the first failed sample (the others are in the HTML report).
 */
export function detailedRuns(meta: ScenarioMeta): { run: ScenarioRunMeta; index: number }[] {
  if (meta.samples === undefined) {
    const run = meta.runs[0]
    return run === undefined ? [] : [{ run, index: 0 }]
  }
  const index = meta.runs.findIndex((run) => !run.passed)
  const run = meta.runs[index]
  return run === undefined ? [] : [{ run, index }]
}

/** The criteria a judgement did not find met, and a count of the met ones. */
export function unmetCriteria(judgement: NonNullable<ScenarioRunMeta['judgements']>[string]) {
  return {
    unmet: judgement.criteria.filter((c) => c.verdict !== 'met'),
    met: judgement.criteria.filter((c) => c.verdict === 'met'),
  }
}
