// The runner-agnostic half of a scenario test: build the graph, run the body with `run()`, assert
// the outcomes. Each host (Vitest's `scenario-test.ts`, Jest's `src/jest/`) gives it what only the
// runner knows through a `ScenarioTestHost`; nothing here imports a test runner.
import { InvalidArgumentError } from '../../errors/index.js'
import { mergeScopes, pickScope } from '../../internal/merge-scopes.js'
import type { RecordingSession } from '../../recordings/session.js'
import { type RunOptions, runScenario } from '../../runner/index.js'
import type { RunPrefix } from '../../runner/run-prefix.js'
import { runScenarioFrom } from '../../runner/run-scenario.js'
import { resultSet, type ScenarioResultSet } from '../../samples/index.js'
import { isScenarioDefinition, Scenario, type ScenarioDefinition } from '../../scenario/index.js'
import type { ScenarioExecutionResult } from '../../state/types.js'
import type {
  ScenarioBodyOf,
  ScenarioBuild,
  ScenarioOptions,
  ScenarioRunOptions,
} from './api-types.js'
import { callsAModel } from './calls-a-model.js'
import type { CandidateRun } from './candidate-run.js'
import type { HostGate } from './host-gate.js'
import { HOST_RUN_KEYS, type HostRunKey } from './plugin-options.js'
import { SCENARIO_RUN_KEYS } from './scenario-options.js'
import { type MetaHost, type TestMeta, testMeta } from './test-meta.js'
import { withRecording } from './with-recording.js'

/** The host options that are run defaults: the plugin's run options and a candidate's prompt. */
export const DEFAULT_RUN_KEYS = [...HOST_RUN_KEYS, 'systemPrompt'] as const

/**
 * The host-wide defaults a scenario falls back on (the Vitest plugin's options, say): the host
 * options that are run options too (`HOST_RUN_KEYS`, and a candidate's `systemPrompt`), and the
 * candidate the run is for; a host may hand over more, which the merge leaves out.
 */
export type ScenarioDefaults = {
  [K in HostRunKey | 'systemPrompt']?: RunOptions[K] | undefined
} & {
  /** The candidate of a candidate run (`VITEST_SCENARIO_CANDIDATE`), with its `fork`. */
  candidate?: CandidateRun | undefined
}

/** What a test runner gives one scenario test. */
export interface ScenarioTestHost<Base extends object> extends MetaHost {
  /** The test's name, as the runner reports it. */
  name: string
  /** What the runner gives a test body; the body receives it with `run()` added. */
  context: Base
  /** Stops the run when the runner aborts the test, when it has such a signal. */
  signal: AbortSignal | undefined
  /** The host-wide defaults, when the host has any. */
  defaults: ScenarioDefaults | undefined
  /** Where to set the model when none is given (the host's config file, say). */
  noModelFix: string
  /** The runner's `expect`, with the scenario matchers registered. */
  expect(value: unknown): unknown
  /** The test's recording session, when recordings are wired. */
  recording(): RecordingSession | undefined
  /** Checks the host layer is installed before a run that may call a model. */
  gate: HostGate
  /** Runs sample `i` of a `samples: n` scenario with its own recording session, when wired. */
  inSample<T>(i: number, fn: (recording: RecordingSession | undefined) => Promise<T>): Promise<T>
  /**
   * A replay-only session on the baseline's recording of the test (or of sample `i`), which a
   * candidate's `fork` answers its first turns from; `undefined` without recordings.
   */
  baseline?(sample: number | undefined): RecordingSession | undefined
}

/** The matcher the automatic outcome assertion uses (registered by the host's setup). */
interface OutcomeAssertion {
  toPassOutcomes(): void
}

/** Runs one scenario test: builds the graph, runs the body with `run()`, asserts the outcomes. */
export async function runScenarioBody<Base extends object, Args extends unknown[]>(
  host: ScenarioTestHost<Base>,
  options: ScenarioOptions,
  build: ScenarioBuild<Args>,
  body: ScenarioBodyOf<Base, unknown, Args>,
  args: Args,
): Promise<void> {
  const { name } = host
  const definition = buildDefinition(name, build, args)
  const results: ScenarioExecutionResult[] = []
  // The reporter's meta is built once, when the test ends, from every run.
  const meta = testMeta(host, definition, options.samples)
  let calls = 0

  const run = async (
    overrides: ScenarioRunOptions = {},
  ): Promise<ScenarioExecutionResult | ScenarioResultSet> => {
    calls++
    const runOptions = scenarioRunOptions(host, options, overrides)
    if (callsAModel(definition, runOptions)) host.gate.check(`scenario('${name}')`)
    const fork = host.defaults?.candidate?.fork
    // A candidate's fork: its first turns with the baseline's options, from its recording.
    const runOne = (recording: RecordingSession | undefined, sample: number | undefined) =>
      fork === undefined
        ? runScenario(definition, withRecording(runOptions, recording))
        : runScenarioFrom(
            definition,
            withRecording(runOptions, recording),
            forkPrefix(host, options, overrides, fork, sample),
          )
    const { samples } = options
    if (samples === undefined) {
      const result = await runOne(host.recording(), undefined)
      results.push(result)
      meta.ran([result])
      return result
    }
    const sampled = await Promise.all(
      Array.from({ length: samples }, (_, i) =>
        host.inSample(i, (recording) => runOne(recording, i)),
      ),
    )
    results.push(...sampled)
    meta.ran(sampled)
    return resultSet(sampled)
  }

  // The body gets the context with `run` added on an object of its own: the runner keeps a test's
  // context until its file ends, and one more property on Vitest's (a function object in
  // dictionary mode) grows its table by about 400 bytes per test. The object has the context's
  // own properties (getters stay getters), so `{ run, ...rest }` sees them all, and the context
  // as prototype, so what is added to it later reads through.
  const context = Object.create(host.context, {
    ...Object.getOwnPropertyDescriptors(host.context),
    run: { value: run, writable: true, enumerable: true, configurable: true },
    candidate: { value: host.defaults?.candidate?.name, enumerable: true },
  }) as Base & { run: typeof run; candidate: string | undefined }
  let failed = false
  try {
    await body(context, ...args)
    if (calls === 0) {
      throw new InvalidArgumentError(
        `scenario '${name}' finished without calling run()`,
        'Call `const result = await run()` in the test body, then assert on the result.',
      )
    }
    assertOutcomes(host, name, options, results)
  } catch (error) {
    failed = true
    throw error
  } finally {
    // A context the body kept (in a hook, a late callback) must not keep the definition and every
    // result of the test alive, nor run the scenario again after the test.
    context.run = runAfterTheTest(name)
    publishMeta(meta, failed)
  }
}

/**
 * Builds the test's meta now that its body has ended. A `redact` hook that throws on its texts
 * fails a test that passed; a test that failed already fails with its own error, which says
 * more about the test than the hook's.
 */
function publishMeta(meta: TestMeta, failed: boolean): void {
  try {
    meta.publish()
  } catch (error) {
    if (!failed) throw error
  }
}

/** What `run` is on a test's context once the test has ended: it refuses, holding nothing. */
function runAfterTheTest(name: string): () => never {
  return () => {
    throw new InvalidArgumentError(
      `run() of scenario '${name}' was called after its test ended`,
      'Call run() in the test body and await it there.',
    )
  }
}

/** Asserts each result's outcome criteria unless `assertOutcomes: false` or samples. */
function assertOutcomes(
  host: { expect: (value: unknown) => unknown },
  name: string,
  options: ScenarioOptions,
  results: readonly ScenarioExecutionResult[],
): void {
  // With samples the pass rate is the assertion: a failing sample is data, not a failure.
  if (options.assertOutcomes === false || options.samples !== undefined) return
  for (const result of results) {
    const judged = Object.values(result.outcomeResults).some((v) => typeof v === 'boolean')
    if (!judged) continue
    try {
      ;(host.expect(result) as OutcomeAssertion).toPassOutcomes()
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
 * run()'s options over the scenario's over the test's signal over the host's defaults, by the one
 * rule of scopes (`mergeScopes`: the nearer scope wins key by key; `budget` comes whole). The
 * limiter is the worker's (the host's setup sized it) unless run() is given one.
 *
 * @example
 * scenarioRunOptions(host, { budget: { tokens: 500 } }, { turnLimit: 3 }) // host's model, scenario's budget, run's turnLimit
 */
export function scenarioRunOptions(
  host: Pick<ScenarioTestHost<object>, 'name' | 'signal' | 'defaults' | 'noModelFix'>,
  options: ScenarioOptions,
  overrides: ScenarioRunOptions,
): RunOptions {
  const merged = mergeScopes<RunOptions>(
    pickScope(host.defaults, DEFAULT_RUN_KEYS),
    { signal: host.signal },
    pickScope(options, SCENARIO_RUN_KEYS),
    overrides,
  )
  const { model } = merged
  if (model === undefined) {
    throw new InvalidArgumentError(
      `scenario '${host.name}' has no model to answer with`,
      host.noModelFix,
    )
  }
  return { ...merged, model }
}

/**
 * The first `fork` turns of a candidate's forked run: the options the baseline ran with (the
 * candidate's overrides left out, the scenario's and run()'s own kept), answered by a replay-only
 * session on the baseline's recording of the test (or of sample `sample`).
 */
function forkPrefix(
  host: Pick<ScenarioTestHost<object>, 'name' | 'signal' | 'defaults' | 'noModelFix' | 'baseline'>,
  options: ScenarioOptions,
  overrides: ScenarioRunOptions,
  fork: number,
  sample: number | undefined,
): RunPrefix {
  const candidate = host.defaults?.candidate
  const session = host.baseline?.(sample)
  if (session === undefined || candidate === undefined) {
    throw new InvalidArgumentError(
      `scenario '${host.name}' runs candidate '${candidate?.name}' with \`fork: ${fork}\`, but this host has no recordings to replay the baseline from`,
      'Run it under a host with recordings (the Vitest plugin and setup, withScenario for Jest, or vitest-scenario/node-test), or leave `fork` out of the candidate.',
    )
  }
  const baseline = {
    ...host,
    defaults: { ...host.defaults, ...candidate.baseline, systemPrompt: undefined },
  }
  const prefix = scenarioRunOptions(baseline, options, overrides)
  return { turns: fork, options: withRecording(prefix, session) }
}
