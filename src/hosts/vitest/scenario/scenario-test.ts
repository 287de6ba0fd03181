import type { TestContext } from 'vitest'
import type { ScenarioBodyOf, ScenarioBuild, ScenarioOptions } from '../../core/api-types.js'
import { runScenarioBody } from '../../core/run-scenario-body.js'
import { vitestGate } from '../setup/host-presence.js'
import { providedOptions } from '../setup/provided-options.js'
import { ensureMatchers } from '../setup/register-matchers.js'
import {
  baselineRecording,
  currentRecordingSession,
  inSampleRecording,
  runningVitestTest,
} from '../setup/test-sessions.js'

/**
 * Runs one scenario test under Vitest: the shared `runScenarioBody` with Vitest's test context,
 * the plugin's options, the test's recordings and task meta for the reporter.
 */
export async function runScenarioTest<Args extends unknown[]>(
  context: TestContext,
  options: ScenarioOptions,
  build: ScenarioBuild<Args>,
  body: ScenarioBodyOf<TestContext, unknown, Args>,
  args: Args,
): Promise<void> {
  ensureMatchers()
  await runScenarioBody(
    {
      name: context.task.name,
      context,
      signal: context.signal,
      defaults: providedOptions(),
      noModelFix:
        'Set `model` in scenarioPlugin({ model }) in vitest.config.ts, in the scenario options, or pass run({ model }). An agent function (your app) works as the model too.',
      expect: (value) => context.expect(value),
      recording: currentRecordingSession,
      gate: vitestGate,
      inSample: inSampleRecording,
      baseline: baselineRecording,
      // Task meta carries the scenario's results to the reporter, also across shards and merges.
      annotate: (meta) => runningVitestTest(context.task).annotate(meta),
      atTestEnd: (publish) => context.onTestFinished(publish),
    },
    options,
    build,
    body,
    args,
  )
}
