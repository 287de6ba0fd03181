// `scenario()` for node:test: each scenario is a `test()` whose function runs the scenario body as
// a `HostTest` of the host core. node:test gives the test's full name and file, its abort signal,
// and `--test-update-snapshots` (in the process's `execArgv`); the rest is the core's.
import { relative } from 'node:path'
import { type TestContext, test } from 'node:test'
import {
  appendRecord,
  type BasicScenarioAPIOf,
  checkEachRows,
  checkScenarioName,
  eachName,
  type HostOptions,
  type HostTest,
  type InProcessOptions,
  inProcessHostOptions,
  LIVE_TIMEOUT_MS,
  noHostOptions,
  RECORD_ENV,
  runHostTest,
  runnerMode,
  runScenarioBody,
  type ScenarioBuild,
  type ScenarioParts,
  scenarioParts,
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

/**
 * A miss report's command: the whole file (node:test rewrites a snapshot file whole, so a name
 * filter would drop the other tests' snapshots), with `--test-update-snapshots` where Node has it
 * (22.3 and later), else with `VITEST_SCENARIO_RECORD=all`.
 */
function rerecordCommand(file: string): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  const shown = /^[\w./@:=+-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`
  if (major > 22 || (major === 22 && minor >= 3))
    return `node --test --test-update-snapshots ${shown}`
  return `${RECORD_ENV}=all node --test ${shown}`
}

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
  const { failed, error, summary } = outcome
  if (meta !== undefined) {
    appendRecord(RESULTS_ENV, {
      test: t.fullName,
      file: relative(root, file),
      state: failed ? 'failed' : 'passed',
      errors: failed ? [error instanceof Error ? error.message : String(error)] : [],
      durationMs: performance.now() - started,
      scenario: meta,
      recording: summary,
    })
  }
  if (failed) throw error
}

type Flags = { skip?: true; only?: true }

function declare<Args extends unknown[]>(
  flags: Flags,
  parts: ScenarioParts<NodeTestContext, Args>,
  args: Args,
  host: HostOptions | undefined,
): void {
  // 60 s when a model call may go out live; node:test has no timeout by default.
  const timeout = parts[1].timeout ?? (nodeMode() === 'replay' ? undefined : LIVE_TIMEOUT_MS)
  const own = timeout === undefined ? flags : { ...flags, timeout }
  void test(parts[0], own, (t) => runInNode(t, parts, args, host))
}

function createScenarioApi(flags: Flags, host: HostOptions | undefined): NodeScenarioAPI {
  const api = (...args: unknown[]) =>
    declare(flags, scenarioParts<NodeTestContext, []>(args), [], host)
  return Object.defineProperties(api, {
    skip: { get: () => createScenarioApi({ ...flags, skip: true }, host) },
    only: { get: () => createScenarioApi({ ...flags, only: true }, host) },
    todo: { value: (name: string) => void test.todo(checkScenarioName(name, 'scenario.todo')) },
    each: {
      value: <Row>(rows: readonly Row[]) => {
        checkEachRows(rows)
        return (...args: unknown[]) => {
          const parts = scenarioParts<NodeTestContext, [Row]>(args)
          for (const [i, row] of rows.entries()) {
            const [name, ...rest] = parts
            declare(flags, [eachName(name, row, i), ...rest], [row], host)
          }
        }
      },
    },
  }) as NodeScenarioAPI
}

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
export const scenario: NodeScenarioAPI = createScenarioApi({}, undefined)

/**
 * `scenario()` with host-wide defaults, node:test having no config file: the models, prices,
 * budget and turn timeout every scenario it declares falls back on, and the `candidates`
 * `VITEST_SCENARIO_CANDIDATE` picks from (read here, once per test file's process).
 *
 * @example
 * export const scenario = scenarioWith({ model: { model: 'gpt-4.1-mini' }, candidates: { 'gpt-5': { model: { model: 'gpt-5' } } } })
 */
export function scenarioWith(options: NodeScenarioOptions): NodeScenarioAPI {
  return createScenarioApi({}, inProcessHostOptions(options, 'scenarioWith(options)'))
}
