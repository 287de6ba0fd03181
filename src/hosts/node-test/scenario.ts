// `scenario()` for node:test: each scenario is a `test()` whose function runs the scenario body as
// a `HostTest` of the host core. node:test gives the test's full name and file, its abort signal,
// and `--test-update-snapshots` (in the process's `execArgv`); the rest is the core's.
import { type TestContext, test } from 'node:test'
import {
  appendFinishedTest,
  type BasicScenarioAPIOf,
  basicScenarioApi,
  type DeclareScenario,
  type HostOptions,
  type HostTest,
  type InProcessOptions,
  inProcessHostOptions,
  LIVE_TIMEOUT_MS,
  nodeTestRerecordCommand,
  noHostOptions,
  runHostTest,
  runnerMode,
  runScenarioBody,
  type ScenarioBuild,
  type ScenarioParts,
} from '../../host.js'
import { assertScenario } from './assert.js'
import { RESULTS_ENV } from './reporter.js'

/** What a node:test scenario body gets besides `run()`: node:test's test context. */
export interface NodeTestContext {
  /** node:test's context of the running test (`t.name`, `t.signal`, `t.assert`, …). */
  t: TestContext
}

/** `scenario()` for node:test, with its modifiers. */
export type NodeScenarioAPI = BasicScenarioAPIOf<NodeTestContext>

/** What `scenarioWith(options)` takes: the plugin's run defaults and its `candidates`. */
export type NodeScenarioOptions = InProcessOptions

const NO_MODEL_FIX =
  'Set `model` in the scenario options, scenario(name, { model }, build, body), or pass run({ model }). An agent function (your app) works as the model too.'

/** The mode (see `runnerMode`): `--test-update-snapshots` reaches a test file's process in `execArgv`. */
const nodeMode = () => runnerMode(process.execArgv.includes('--test-update-snapshots'))

/** The ids each file's tests claimed (node:test cannot list a file's tests): duplicates are refused. */
const claimed = new Map<string, Map<string, unknown>>()

async function runInNode<Args extends unknown[]>(
  t: TestContext,
  [name, options, build, body]: ScenarioParts<NodeTestContext, Args>,
  args: Args,
  host: HostOptions | undefined,
): Promise<void> {
  const defaults = host ?? noHostOptions("scenario() from 'vitest-scenario/node-test'")
  // `t.filePath` (Node 22.6+) names the file also when test files share a process.
  const file = (t as { filePath?: string }).filePath ?? process.argv[1] ?? ''
  const root = process.cwd()
  const started = performance.now()
  let meta: unknown
  const hostTest: HostTest = {
    id: t,
    names: [t.fullName],
    file,
    mode: nodeMode(),
    allTestIds: () => undefined,
    annotate: (built) => {
      meta = built
    },
  }
  if (!claimed.has(file)) claimed.set(file, new Map())
  const candidate = defaults?.candidate?.name
  const rerecordCommand = (shown: string) => nodeTestRerecordCommand(shown, process.versions.node)
  const settings = { root, rerecordCommand, claimed: claimed.get(file), candidate }
  const seal = { allowNetwork: undefined, allowFix: 'a wrap()ped client or recordedFetch' }
  const outcome = await runHostTest(hostTest, settings, seal, (recordings) =>
    runScenarioBody(
      {
        name,
        context: { t },
        signal: t.signal,
        defaults,
        noModelFix: NO_MODEL_FIX,
        expect: assertScenario,
        recording: () => recordings.main(),
        gate: { check() {} },
        inSample: (i, fn) => recordings.inSample(i, fn),
        baseline: (i) => recordings.baseline(i),
        annotate: hostTest.annotate,
      },
      options,
      build as ScenarioBuild<Args>,
      body,
      args,
    ),
  )
  appendFinishedTest(RESULTS_ENV, { name: t.fullName, file, root, started, meta, ...outcome })
  if (outcome.failed) throw outcome.error
}

/** Declares one node:test test: 60 s when a model call may go out live (node:test has none). */
function declarer(host: HostOptions | undefined): DeclareScenario<NodeTestContext> {
  return (flags, parts, args) => {
    const timeout = parts[1].timeout ?? (nodeMode() === 'replay' ? undefined : LIVE_TIMEOUT_MS)
    const own = timeout === undefined ? flags : { ...flags, timeout }
    void test(parts[0], own, (t) => runInNode(t, parts, args, host))
  }
}

const createScenarioApi = (host: HostOptions | undefined): NodeScenarioAPI =>
  basicScenarioApi(declarer(host), (name) => void test.todo(name))

/**
 * Declares a scenario test under node:test: `build` draws the graph on a fresh builder, `body`
 * runs it with `run()` and asserts with `assertScenario`; boolean outcome criteria are asserted
 * after the body. Recordings: `--test-update-snapshots` re-records (`all`), `CI=true` replays
 * only, else what is missing is recorded; `VITEST_SCENARIO_RECORD` overrides. Modifiers: `.skip`,
 * `.only`, `.todo`, `.each`.
 *
 * @example
 * scenario('answers', { model: { model: 'gpt-4.1-mini' } },
 *   (s) => { s.addNode('ask', { question: 'Capital of France?' }) },
 *   async ({ run }) => { assertScenario(await run()).toHaveStatus('completed') })
 */
export const scenario: NodeScenarioAPI = createScenarioApi(undefined)

/**
 * `scenario()` with host-wide defaults, node:test having no config file: the models, prices,
 * budget and turn timeout every scenario it declares falls back on, and the `candidates`
 * `VITEST_SCENARIO_CANDIDATE` picks from (read here, once per test file's process).
 *
 * @example
 * export const scenario = scenarioWith({ model: { model: 'gpt-4.1-mini' }, candidates: { 'gpt-5': { model: { model: 'gpt-5' } } } })
 */
export function scenarioWith(options: NodeScenarioOptions): NodeScenarioAPI {
  return createScenarioApi(inProcessHostOptions(options, 'scenarioWith(options)'))
}
