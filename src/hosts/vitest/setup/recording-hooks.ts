// The Vitest host's recordings, on the host core: each test runs in an `aroundEach` that gives it
// its `TestRecordings` and its network seal, current in the test's async context (also under
// `test.concurrent`); its `afterEach` finishes them; an `aroundAll` around the file reports (and
// under -u deletes) the recordings no test owns. Nothing is kept in this module between tests:
// what a file's run decides (its mode, a `configureRecordings` hook) lives on the file's state, in
// the async context `aroundAll` runs the file in.
//
// The setup entry loads this module for every test file, so it holds only the hooks themselves:
// what they do (test-run.ts: recordings, the seal, the recording store) is imported apart, by the
// setup entry when the plugin is installed, else when the file's first test runs.
import { afterEach, aroundAll, aroundEach, beforeAll } from 'vitest'
import { InvalidArgumentError } from '../../../errors/index.js'
import { describeValue } from '../../../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../../../internal/option-keys.js'
import type { RedactHook } from '../../../recordings/normalize-request.js'
import { providedOptions } from './provided-options.js'
import { type FileState, runningFiles, runningTests, type VitestHost } from './running-test.js'
import type { TaskLike } from './vitest-test.js'

/**
 * What the hooks run, imported by the first test of a file that runs (a module cache: importing
 * it again would return the same module; each test file is a fresh module graph under Vitest's
 * isolation, so this is once per file).
 */
let testRun: Promise<typeof import('./test-run.js')> | undefined

function loadTestRun(): Promise<typeof import('./test-run.js')> {
  testRun ??= import('./test-run.js')
  return testRun
}

/**
 * Imports what the hooks run, and what the seal installs when `sealing`, while the setup entry
 * runs: where the plugin is installed every test needs them, and loading modules later, inside a
 * running test, costs more (the test's async context tracks every promise the loader makes).
 */
export async function preloadTestRun(sealing: boolean): Promise<void> {
  const run = await loadTestRun()
  if (sealing) await run.prepareSeal()
}

/**
 * Sets recording options from a setup file of your own, e.g. a `redact` hook; it wins over the
 * plugin's `recordings.redact` module.
 *
 * @example
 * // test/setup.ts, listed in setupFiles after the plugin's
 * configureRecordings({ redact: (value) => value.replaceAll(myTenantId, '<tenant>') })
 */
export function configureRecordings(options: { redact?: RedactHook }): void {
  const { redact } = parseOptionKeys(options, ['redact'], {
    where: 'configureRecordings(options)',
    fix: OPTIONS_FIX,
  })
  if (redact !== undefined && typeof redact !== 'function') {
    throw new InvalidArgumentError(
      `\`redact\` in configureRecordings(options) must be a function (value, jsonPath) => string, got ${describeValue(redact)}`,
    )
  }
  const apply = () => {
    const state = runningFiles.getStore()
    if (state !== undefined) state.redact = redact as RedactHook | undefined
  }
  // Inside a running file (a test, a hook) it applies at once; from a setup file, when the file
  // starts: setup files run before the file's async context exists.
  if (runningFiles.getStore() !== undefined) apply()
  else beforeAll(apply)
}

/**
 * Registers the hooks that give each test its recordings. Called by the setup entry, which Vitest
 * runs again for every test file (setup files are always inlined), with what it loaded for it.
 */
export function registerRecordingHooks(host: VitestHost): void {
  // One function, not an arrow with a first parameter: Vitest reads a hook's first parameter as a
  // fixtures pattern. The file task is its third argument.
  aroundAll(async function recordingsOfFile(runSuite: () => Promise<void>) {
    // biome-ignore lint/complexity/noArguments: see above
    const file = arguments[2] as TaskLike
    const state: FileState = { mode: undefined, redact: undefined }
    try {
      await runningFiles.run(state, runSuite)
    } finally {
      // The seal's interception, kept between the file's tests, ends with them.
      if (state.mode !== undefined && state.mode !== 'off') (await loadTestRun()).liftSeal()
    }
    // No test ran in a recording mode: there is nothing to report, and nothing to load.
    if (state.mode === undefined || state.mode === 'off') return
    const { reportObsolete } = await loadTestRun()
    reportObsolete(file, state)
  })

  aroundEach(async (runTest, context) => {
    const { runRecordedTest } = await loadTestRun()
    await runRecordedTest(host, runTest, context)
  })

  afterEach(async (context) => {
    const running = runningTests.getStore()
    if (running === undefined) return
    const { finishRecordedTest } = await loadTestRun()
    await finishRecordedTest(running, context)
  })
}

/**
 * Whether the Vitest host layer is installed in this worker: the plugin handed its options over
 * (it adds the setup entry; a setup entry listed by hand, without the plugin, records nothing).
 */
export function hostInstalled(): boolean {
  return providedOptions() !== undefined
}
