import { RecordingError } from '../errors/index.js'

/** A test of a file as duplicate detection sees it: its full name, and whether it runs. */
export interface NamedTest {
  /** The describe chain and the test's name joined with ` > `: what its recording is named after. */
  fullName: string
  /** Vitest's mode: `skip` and `todo` tests (also those filtered out by `-t` or `.only`) never run. */
  mode?: string | undefined
}

// One set per file task, computed at its first test: a file's modes are settled before any of
// its tests runs, and computing it per test would be quadratic in the number of tests.
const byFile = new WeakMap<object, ReadonlySet<string>>()

/**
 * The full names that more than one test of a file has, counting only the tests that run in
 * this run: a skipped copy makes no call and cannot fail, so it is reported once it runs.
 *
 * @example
 * duplicateFullNames(fileTask, () => [{ fullName: 'a > b' }, { fullName: 'a > b' }]) // Set { 'a > b' }
 */
export function duplicateFullNames(
  file: object,
  testsOf: () => readonly NamedTest[],
): ReadonlySet<string> {
  let duplicates = byFile.get(file)
  if (duplicates === undefined) {
    const seen = new Set<string>()
    const found = new Set<string>()
    for (const { fullName, mode } of testsOf()) {
      if (mode === 'skip' || mode === 'todo') continue
      if (seen.has(fullName)) found.add(fullName)
      seen.add(fullName)
    }
    duplicates = found
    byFile.set(file, duplicates)
  }
  return duplicates
}

/**
 * The error every model call of a test fails with when another test of its file has the same
 * full name: both would read and write one recording and fail each other in turn.
 */
export function duplicateNameError(details: {
  fullName: string
  /** The test file, relative to the Vitest root. */
  testFile: string
  /** The recording file both tests would share, relative to the Vitest root. */
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
