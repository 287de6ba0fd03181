// Vitest's tasks as the host core sees them: a `HostTest` per running test, and the tests of a
// file (skipped and filtered-out ones included) for duplicate refusal, rename hints and obsolete
// recordings.

import type { RecordingMode } from '../../../recordings/mode.js'
import { recordingTestId } from '../../../recordings/test-id.js'
import type { FileTest, HostTest } from '../../core/host-test.js'
import { compactJson } from '../../core/meta/compact-json.js'

/** The parts of Vitest's task objects the host reads (the same in Vitest 4 and 5). */
export interface TaskLike {
  name: string
  type: string
  mode?: string
  suite?: TaskLike | undefined
  file?: { filepath: string } | undefined
  filepath?: string
  tasks?: TaskLike[]
  meta: Record<string, unknown>
  result?: { state?: string; errors?: unknown[] } | undefined
}

/**
 * The running test `task` as the host core sees it. Its reporter meta goes in
 * `task.meta.scenario`, stored compactly: the worker keeps it until the file ends.
 */
export function vitestTest(task: TaskLike, mode: RecordingMode): HostTest {
  return {
    id: task,
    names: namesOf(task),
    file: task.file?.filepath ?? '',
    mode,
    allTestIds: () => {
      const file = task.file as TaskLike | undefined
      return file === undefined ? undefined : fileTests(file)
    },
    annotate: (meta) => {
      task.meta.scenario = compactJson(meta)
    },
  }
}

// One list per file task, made at its first use: a file's tests and modes are settled before any
// of them runs, and listing them per test would be quadratic in the number of tests. A memo.
const listed = new WeakMap<object, readonly FileTest[]>()

/** Every test of a file task, skipped and filtered-out ones included. */
export function fileTests(file: TaskLike): readonly FileTest[] {
  let tests = listed.get(file)
  if (tests === undefined) {
    tests = testsOf(file).map((t) => ({
      id: recordingTestId(namesOf(t)),
      // `skip` and `todo` tests (also those filtered out by `-t` or `.only`) never run.
      runs: t.mode !== 'skip' && t.mode !== 'todo',
    }))
    listed.set(file, tests)
  }
  return tests
}

/** A file's tests when it ended, with the samples each ran (a test owns only those). */
export function endedFileTests(file: TaskLike): FileTest[] {
  return testsOf(file).map((t) => ({
    id: recordingTestId(namesOf(t)),
    runs: t.mode !== 'skip' && t.mode !== 'todo',
    samples: (t.meta.recording as { samples?: number } | undefined)?.samples,
  }))
}

/** The describe chain and the test's name, outermost first. */
export function namesOf(task: TaskLike): string[] {
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

/**
 * Whether the task the runner starts after `task` is the next test of the same suite, so no
 * suite's `afterAll` or `beforeAll` runs between them (each test's own hooks run inside the
 * host's `aroundEach`).
 */
export function nextIsSiblingTest(task: TaskLike): boolean {
  const siblings = (task.suite ?? (task.file as TaskLike | undefined))?.tasks ?? []
  const next = siblings[siblings.indexOf(task) + 1]
  return next !== undefined && next.type === 'test' && next.mode === 'run'
}

function testsOf(suite: TaskLike): TaskLike[] {
  return (suite.tasks ?? []).flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]))
}
