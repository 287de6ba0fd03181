import { InvalidArgumentError } from '../errors/index.js'
import { isScenarioDefinition, Scenario, type ScenarioDefinition } from '../scenario/index.js'
import type { ScenarioExecutionResult } from '../state/types.js'
import { evaluateOutcomes, keepOutcomes } from './evaluate-outcomes.js'
import { playTurns } from './play-turns.js'
import type { RunEnd } from './run-end.js'
import { type RunOptions, resolveRunOptions } from './run-options.js'
import { assertForkable, goLive, type RunPrefix } from './run-prefix.js'
import { runResult } from './run-result.js'
import { startRun, stopRun } from './start-run.js'

/**
 * Runs a validated scenario: one turn per node visited, routing on the state after each turn,
 * until `END`, an implicit terminal, the turn limit, the budget or an error (see docs/design.md,
 * "A run, turn by turn"). A run never throws for a failing turn — it ends with status `error` —
 * only for programmer errors.
 *
 * The steps, each handing its result to the next: resolve the options once, start the run (the
 * seed opens the conversation), play the turns (`play-turns.ts`), make the result, evaluate the
 * outcome criteria over it.
 *
 * @example
 * const result = await runScenario(definition, {
 *   model: scriptedModel(['Venetoclax', 'Yes, venetoclax.']),
 *   turnLimit: 5,
 * })
 * result.status // 'completed'
 */
export function runScenario(
  definition: ScenarioDefinition,
  options: RunOptions,
): Promise<ScenarioExecutionResult> {
  return runScenarioFrom(definition, options, undefined)
}

/**
 * `runScenario` with a prefix: the turns before `prefix.turns` run with the prefix's options
 * (their recording session answers their calls), the rest and the outcome criteria with
 * `options`. A host's (a candidate's `fork`); refused when an agent function answers.
 */
export async function runScenarioFrom(
  definition: ScenarioDefinition,
  options: RunOptions,
  prefix: RunPrefix | undefined,
): Promise<ScenarioExecutionResult> {
  assertDefinition(definition)
  const own = resolveRunOptions(definition, options)
  const first = prefix === undefined ? own : resolveRunOptions(definition, prefix.options)
  if (first !== own) assertForkable(definition, first, own)
  const run = startRun(definition, own)
  if (prefix !== undefined && prefix.turns > 0) {
    run.fork = { turns: prefix.turns, own }
    goLive(run, first)
  }
  let end: RunEnd
  try {
    end = await playTurns(run)
  } finally {
    stopRun(run)
  }
  // A run that ended inside the prefix still has its outcomes judged with its own options.
  goLive(run, own)
  const result = runResult(run, end)
  // No criteria, no async call: awaiting an empty evaluation cost a promise and a microtask hop.
  if (definition.outcomeCriteria.length > 0) {
    keepOutcomes(result, await evaluateOutcomes(run, result))
  }
  result.durationMs = performance.now() - run.started
  return result
}

/** Refuses what is not a validated definition (a programmer error, thrown). */
function assertDefinition(definition: unknown): asserts definition is ScenarioDefinition {
  if (isBuilder(definition)) {
    throw new InvalidArgumentError(
      `runScenario() was given the builder of scenario '${definition.name}', not a definition`,
      'Call validate() on it and pass the definition it returns.',
    )
  }
  if (!isScenarioDefinition(definition)) {
    throw new InvalidArgumentError(
      'runScenario() needs a validated ScenarioDefinition',
      'Build one with new Scenario(…)…validate() or Scenario.fromJSON(…).',
    )
  }
}

/** Whether a value is a `Scenario` builder; a Proxy that throws (or is revoked) is not one. */
function isBuilder(value: unknown): value is Scenario {
  try {
    return value instanceof Scenario
  } catch {
    return false
  }
}
