import type { TestContext } from 'vitest'
import { InvalidArgumentError } from '../errors/index.js'
import { metaText } from '../reporter/meta-text.js'
import { scenarioMeta } from '../reporter/scenario-meta.js'
import { type RunOptions, runScenario } from '../runner/index.js'
import { resultSet, type ScenarioResultSet } from '../samples/index.js'
import { isScenarioDefinition, Scenario, type ScenarioDefinition } from '../scenario/index.js'
import { providedOptions } from '../setup/provided-options.js'
import { currentRecordingSession, inSampleRecording } from '../setup/recording-hooks.js'
import { ensureMatchers } from '../setup/register-matchers.js'
import { withRecording } from '../setup/test-bound.js'
import type { ScenarioExecutionResult } from '../state/types.js'
import type { ScenarioBody, ScenarioBuild, ScenarioOptions, ScenarioRunOptions } from './types.js'

/** The matcher the automatic outcome assertion uses (registered by `registerMatchers`). */
interface OutcomeAssertion {
  toPassOutcomes(): void
}

/** Runs one scenario test: builds the graph, runs the body with `run()`, asserts the outcomes. */
export async function runScenarioTest<Args extends unknown[]>(
  context: TestContext,
  options: ScenarioOptions,
  build: ScenarioBuild<Args>,
  body: ScenarioBody<unknown, Args>,
  args: Args,
): Promise<void> {
  ensureMatchers()
  const name = context.task.name
  const definition = buildDefinition(name, build, args)
  const results: ScenarioExecutionResult[] = []
  let calls = 0

  const run = async (
    overrides: ScenarioRunOptions = {},
  ): Promise<ScenarioExecutionResult | ScenarioResultSet> => {
    calls++
    const runOptions = resolveOptions(name, options, overrides, context.signal)
    const { samples } = options
    if (samples === undefined) {
      const result = await runScenario(
        definition,
        withRecording(runOptions, currentRecordingSession()),
      )
      results.push(result)
      publish(context, definition, results, undefined)
      return result
    }
    const sampled = await Promise.all(
      Array.from({ length: samples }, (_, i) =>
        inSampleRecording(context.task, i, (recording) =>
          runScenario(definition, withRecording(runOptions, recording)),
        ),
      ),
    )
    results.push(...sampled)
    publish(context, definition, results, samples)
    return resultSet(sampled)
  }

  await body(Object.assign(context, { run }), ...args)
  if (calls === 0) {
    throw new InvalidArgumentError(
      `scenario '${name}' finished without calling run()`,
      'Call `const result = await run()` in the test body, then assert on the result.',
    )
  }
  // With samples the pass rate is the assertion: a failing sample is data, not a failure.
  if (options.assertOutcomes === false || options.samples !== undefined) return
  for (const result of results) {
    const judged = Object.values(result.outcomeResults).some((v) => typeof v === 'boolean')
    if (!judged) continue
    try {
      ;(context.expect(result) as unknown as OutcomeAssertion).toPassOutcomes()
    } catch (error) {
      // The user did not write this assertion: say where it comes from and how to turn it off.
      if (error instanceof Error)
        error.message = `${assertionHead(name, result)}\n\n${error.message}`
      throw error
    }
  }
}

/**
 * The first line of a failed automatic assertion: where it comes from, how to turn it off, and
 * whether a criterion failed or could not be evaluated at all (an error is not a verdict).
 */
function assertionHead(name: string, result: ScenarioExecutionResult): string {
  const after = '(asserted after the test body; `assertOutcomes: false` turns this off)'
  const errors = Object.entries(result.outcomeErrors)
  if (errors.length === 0) {
    return `[vitest-scenario] An outcome criterion of scenario '${name}' is false ${after}`
  }
  const listed = errors.map(([criterion, e]) => `'${criterion}' (${e.category})`).join(', ')
  return `[vitest-scenario] Outcome criteria of scenario '${name}' could not be evaluated: ${listed}. This is an error, not a verdict: fix its cause and run again ${after}`
}

function buildDefinition<Args extends unknown[]>(
  name: string,
  build: ScenarioBuild<Args>,
  args: Args,
): ScenarioDefinition {
  const builder = new Scenario(name)
  const built = build(builder, ...args)
  if (isScenarioDefinition(built)) return built
  return (built instanceof Scenario ? built : builder).validate()
}

/**
 * run()'s options over the scenario's over the plugin's; the test's signal stops the run. The
 * limiter is the worker's (the setup entry sized it from the plugin's `maxConcurrentCalls`)
 * unless run() is given one.
 */
function resolveOptions(
  name: string,
  options: ScenarioOptions,
  overrides: ScenarioRunOptions,
  signal: AbortSignal,
): RunOptions {
  const provided = providedOptions()
  const model = overrides.model ?? options.model ?? provided?.model
  if (model === undefined) {
    throw new InvalidArgumentError(
      `scenario '${name}' has no model to answer with`,
      'Set `model` in scenarioPlugin({ model }) in vitest.config.ts, in the scenario options, or pass run({ model }). An agent function (your app) works as the model too.',
    )
  }
  const parsingModel = overrides.parsingModel ?? options.parsingModel ?? provided?.parsingModel
  const userModel = overrides.userModel ?? options.userModel ?? provided?.userModel
  const turnLimit = overrides.turnLimit ?? options.turnLimit
  const turnTimeoutMs = overrides.turnTimeoutMs ?? options.turnTimeoutMs ?? provided?.turnTimeoutMs
  const prices = overrides.prices ?? provided?.prices
  const seed = overrides.seed ?? options.seed
  const budget = overrides.budget ?? options.budget ?? provided?.budget
  return {
    ...overrides,
    model,
    signal: overrides.signal ?? signal,
    ...(parsingModel === undefined ? {} : { parsingModel }),
    ...(userModel === undefined ? {} : { userModel }),
    ...(turnLimit === undefined ? {} : { turnLimit }),
    ...(turnTimeoutMs === undefined ? {} : { turnTimeoutMs }),
    ...(prices === undefined ? {} : { prices }),
    ...(seed === undefined ? {} : { seed }),
    ...(budget === undefined ? {} : { budget }),
  }
}

/** Task meta carries the scenario's results to the reporter, also across shards and merges. */
function publish(
  context: TestContext,
  definition: ScenarioDefinition,
  results: readonly ScenarioExecutionResult[],
  samples: number | undefined,
): void {
  const meta = context.task.meta as Record<string, unknown>
  // Task meta leaves the worker (reports, blobs, Vitest's JSON reporter): redacted and masked.
  meta.scenario = scenarioMeta(definition, results, { samples, text: metaText() })
}
