import { AsyncLocalStorage } from 'node:async_hooks'
import { readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest'
import { formatMessage, InvalidArgumentError } from '../errors/index.js'
import { PROVIDED_KEY, type ProvidedOptions } from '../plugin/provided.js'
import { rerecordCommand } from '../recordings/miss-report.js'
import { RECORD_ENV, type RecordingMode, resolveRecordingMode } from '../recordings/mode.js'
import type { RedactHook } from '../recordings/normalize-request.js'
import { Recorder } from '../recordings/recorder.js'
import { installRecordingRouter } from '../recordings/router.js'
import { recordingFolder, recordingPath, recordingTestId } from '../recordings/test-id.js'

/** The parts of Vitest's task objects this file reads (the same in Vitest 4 and 5). */
interface TaskLike {
  name: string
  type: string
  mode?: string
  suite?: TaskLike | undefined
  file?: { filepath: string } | undefined
  filepath?: string
  tasks?: TaskLike[]
  meta: Record<string, unknown>
  result?: { state?: string; errors?: { name?: string }[] } | undefined
}

const current = new AsyncLocalStorage<Recorder>()
const recorders = new WeakMap<object, Recorder>()
let configured: { redact?: RedactHook | undefined } = {}
let lastMode: RecordingMode | undefined

/**
 * Sets recording options from a setup file of your own, e.g. a `redact` hook that imports
 * helpers (one given to `scenarioPlugin()` is sent to workers as source text and cannot).
 *
 * @example
 * // test/setup.ts, listed in setupFiles after the plugin's
 * configureRecordings({ redact: (value) => value.replaceAll(myTenantId, '<tenant>') })
 */
export function configureRecordings(options: { redact?: RedactHook }): void {
  configured = { ...configured, ...options }
}

/**
 * Registers the hooks that give each test its recorder. Called by the setup entry, which Vitest
 * runs again for every test file (setup files are always inlined); this module, imported from
 * `node_modules`, is evaluated once per worker, so the hooks cannot be registered at its top
 * level: without isolation the second test file of a worker would get none.
 */
export function registerRecordingHooks(): void {
  installRecordingRouter({
    // A store left behind by a finished test (async work it did not await) is not a test.
    current: () => {
      const recorder = current.getStore()
      return recorder?.finished === false ? recorder : undefined
    },
    // Outside a test there is no snapshot state; CI means replay, as in Vitest.
    outsideTest: () => (modeOutsideTest() === 'replay' ? 'fail' : 'live'),
  })

  beforeEach((context) => {
    const task = context.task as unknown as TaskLike
    const mode = modeNow()
    lastMode = mode
    if (mode === 'off') return
    const options = provided()
    const root = options?.root ?? process.cwd()
    const testFile = task.file?.filepath ?? ''
    const names = namesOf(task)
    const file = recordingPath(
      recordingFolder({ testFile, root, dir: options?.recordings.dir }),
      recordingTestId(names),
    )
    const recorder = new Recorder({
      file,
      displayFile: relative(root, file),
      test: names.join(' > '),
      mode,
      command: rerecordCommand(relative(root, testFile), names),
      redact: redactHook(options),
      allowSecrets: options?.recordings.allowSecrets,
    })
    recorders.set(context.task, recorder)
    // Every model call this test makes, also from `test.concurrent` tests sharing the worker, finds
    // its recorder through the async context the test body runs in.
    current.enterWith(recorder)
    context.onTestFinished(() => putRecordingErrorsFirst(task))
  })

  afterEach(async (context) => {
    const recorder = recorders.get(context.task)
    if (recorder === undefined) return
    const task = context.task as unknown as TaskLike
    const summary = await recorder.finish(task.result?.state === 'fail')
    task.meta.recording = summary
    const { failures } = recorder
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1) {
      throw new AggregateError(failures, `[vitest-scenario] ${failures.length} recording failures`)
    }
  })

  // Vitest passes the file suite as the second argument; a first parameter would be parsed as a
  // fixtures pattern, so it is read from `arguments`.
  afterAll(function reportObsoleteRecordings() {
    // biome-ignore lint/complexity/noArguments: see above
    const file = arguments[1] as TaskLike
    if (lastMode === undefined || lastMode === 'off' || file.filepath === undefined) return
    const options = provided()
    const root = options?.root ?? process.cwd()
    const folder = recordingFolder({ testFile: file.filepath, root, dir: options?.recordings.dir })
    let names: string[]
    try {
      names = readdirSync(folder)
    } catch {
      return
    }
    // Every test of the file owns its recordings, also the skipped and filtered-out ones.
    const owned = new Set(testsOf(file).map((t) => recordingTestId(namesOf(t))))
    const obsolete = names.filter(
      (name) =>
        name.endsWith('.json') && !owned.has(name.slice(0, -5).replace(/\.sample-\d+$/, '')),
    )
    const leftovers = names.filter((name) => name.startsWith('.') && name.endsWith('.tmp'))
    if (lastMode === 'all' && (file.result?.errors?.length ?? 0) === 0) {
      for (const name of [...obsolete, ...leftovers]) rmSync(join(folder, name), { force: true })
      file.meta.obsoleteRecordings = []
      return
    }
    file.meta.obsoleteRecordings = obsolete.map((name) => relative(root, join(folder, name)))
    if (obsolete.length > 0) {
      console.warn(
        formatMessage({
          what: `${obsolete.length} obsolete recording${obsolete.length === 1 ? '' : 's'}: no test of ${relative(root, file.filepath)} owns ${obsolete.length === 1 ? 'it' : 'them'}`,
          subjects: obsolete.map((name) => relative(root, join(folder, name))),
          fix: 'Delete them with `vitest -u` (or by hand).',
        }),
      )
    }
  })
}

/** The describe chain and the test's name, outermost first. */
function namesOf(task: TaskLike): string[] {
  const names = [task.name]
  for (
    let suite = task.suite;
    suite !== undefined && suite.filepath === undefined;
    suite = suite.suite
  ) {
    names.unshift(suite.name)
  }
  return names
}

function testsOf(suite: TaskLike): TaskLike[] {
  return (suite.tasks ?? []).flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]))
}

/** The mode of the test that is running: Vitest's update state, or the environment override. */
function modeNow(): RecordingMode {
  const state = expect.getState().snapshotState as unknown as
    | { snapshotUpdateState?: string; _updateSnapshot?: string }
    | undefined
  return resolveRecordingMode(
    state?.snapshotUpdateState ?? state?._updateSnapshot,
    process.env[RECORD_ENV],
  )
}

function modeOutsideTest(): RecordingMode {
  const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'
  return resolveRecordingMode(ci ? 'none' : 'new', process.env[RECORD_ENV])
}

function provided(): ProvidedOptions | undefined {
  try {
    return inject(PROVIDED_KEY as never) as ProvidedOptions | undefined
  } catch {
    return undefined
  }
}

const rebuilt = new Map<string, RedactHook>()

/** The redact hook: one set by `configureRecordings`, else the plugin's, rebuilt from its source. */
function redactHook(options: ProvidedOptions | undefined): RedactHook | undefined {
  if (configured.redact !== undefined) return configured.redact
  const source = options?.recordings.redactSource
  if (source === undefined) return undefined
  let hook = rebuilt.get(source)
  if (hook === undefined) {
    const fn = rebuild(source)
    hook = (value, path) => {
      try {
        return fn(value, path)
      } catch (error) {
        throw new InvalidArgumentError(
          `recordings.redact threw ${(error as Error).name}: ${(error as Error).message}`,
          'A redact function given to scenarioPlugin() reaches the workers as source text, without the variables and imports around it. Make it self-contained, or call configureRecordings({ redact }) from a setup file of your own.',
        )
      }
    }
    rebuilt.set(source, hook)
  }
  return hook
}

function rebuild(source: string): RedactHook {
  try {
    return new Function(`return (${source})`)() as RedactHook
  } catch {
    // Method shorthand (`redact(value) { … }`) is not an expression on its own.
    const holder = new Function(`return ({ ${source} })`)() as Record<string, RedactHook>
    return Object.values(holder)[0] as RedactHook
  }
}

/** Recording failures are printed before the test's other errors: they explain them. */
function putRecordingErrorsFirst(task: TaskLike): void {
  const errors = task.result?.errors
  if (errors === undefined || errors.length < 2) return
  const isRecording = (e: { name?: string }) =>
    typeof e.name === 'string' && e.name.startsWith('Recording')
  const sorted = [...errors.filter(isRecording), ...errors.filter((e) => !isRecording(e))]
  errors.splice(0, errors.length, ...sorted)
}
