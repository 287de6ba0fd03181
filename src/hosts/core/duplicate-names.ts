import { RecordingError } from '../../errors/index.js'
import type { FileTest } from './host-test.js'

// Counted once per list: a host hands the same list for every test of a file, and counting per
// test would be quadratic in the number of tests. A memo, keyed by the list itself.
const counts = new WeakMap<readonly FileTest[], ReadonlyMap<string, number>>()

/**
 * Whether more than one test of the file that runs in this run has the recording id `id`: a
 * skipped copy makes no call and cannot fail, so it is reported once it runs.
 *
 * @example
 * isDuplicateId([{ id: 'a-1', runs: true }, { id: 'a-1', runs: true }], 'a-1') // true
 */
export function isDuplicateId(tests: readonly FileTest[], id: string): boolean {
  let byId = counts.get(tests)
  if (byId === undefined) {
    const found = new Map<string, number>()
    for (const test of tests) {
      if (test.runs) found.set(test.id, (found.get(test.id) ?? 0) + 1)
    }
    byId = found
    counts.set(tests, byId)
  }
  return (byId.get(id) ?? 0) > 1
}

/**
 * The error every model call of a test fails with when another test of its file has the same
 * full name: both would read and write one recording and fail each other in turn.
 */
export function duplicateNameError(details: {
  fullName: string
  /** The test file, relative to the project root. */
  testFile: string
  /** The recording file both tests would share, relative to the project root. */
  recording: string
  /** The recording's absolute path. */
  file: string
}): RecordingError {
  return new RecordingError(
    {
      what: `Two or more tests of ${details.testFile} have the same full name, so they would share one recording and fail each other in turn`,
      subjects: [
        `test: ${details.fullName}`,
        `file: ${details.testFile}`,
        `recording: ${details.recording}`,
      ],
      fix: 'Give each test a name of its own: rename one of them, or for scenario.each / test.each / test.for put the row in the title (`%s`, `%i`, `$name`). Nothing is recorded or replayed for these tests until then.',
    },
    details.file,
  )
}
