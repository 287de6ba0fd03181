// The warnings of the Jest reporter: scenario records it could not use, and a results folder it
// could not make or read. Each goes to stderr and leaves the run's result alone: a report is not
// a test, so nothing here may fail a run whose tests passed.
import { formatMessage } from '../../errors/format-message.js'
import { clip } from '../core/meta/describe-when.js'
import type { UnmatchedRecord } from './jest-results.js'
import { RESULTS_DIR_ENV } from './results-channel.js'

/** How many records one warning names; the rest are counted. */
const MAX_NAMED = 10

/** What to do about scenario data the Jest reporter could not use. */
export const JEST_DATA_FIX = `Run the reporter and Jest's workers from the same vitest-scenario install, and leave the ${RESULTS_DIR_ENV} variable to the reporter (it names the run's results folder).`

/**
 * One warning for the records of test file `file` that match no test Jest ran, and the lines of
 * its results file that are no records; `mask` masks names (they are test names).
 */
export function unmatchedWarning(
  file: string,
  unmatched: readonly UnmatchedRecord[],
  mask: (text: string) => string,
): string {
  const n = unmatched.length
  const subjects = unmatched.slice(0, MAX_NAMED).map((item) => {
    if (item.kind === 'line') return `line ${item.line} of its results file: ${item.problem}`
    const name = `'${clip(mask(item.test), 200)}'`
    return item.reason === 'not run'
      ? `${name}: Jest reports no run of this test (skipped or todo)`
      : `${name}: no test of this name in Jest's results for the file (did the file fail to run?)`
  })
  if (n > MAX_NAMED) subjects.push(`… and ${n - MAX_NAMED} more`)
  return formatMessage({
    what: `${n} scenario ${n === 1 ? 'record' : 'records'} of ${mask(file)} could not be matched to a test Jest ran; ${n === 1 ? 'it is' : 'they are'} left out of the scenario reports`,
    subjects,
    fix: JEST_DATA_FIX,
  })
}

/** The warning for a results file that could not be read. */
export function unreadableWarning(file: string, error: unknown): string {
  return formatMessage({
    what: `The scenario records of ${file} could not be read (${describe(error)}); its scenarios are left out of the scenario reports`,
    fix: `The reporter makes the folder of the records under the OS temp folder: check that it stays readable during the run. ${JEST_DATA_FIX}`,
  })
}

/** The warning for a results folder that could not be made: the reports hold no scenario. */
export function noFolderWarning(error: unknown): string {
  return formatMessage({
    what: `Could not make the folder the Jest workers write scenario records to (${describe(error)}); the scenario reports will hold no scenario`,
    fix: 'Point TMPDIR at a folder the test run can write to.',
  })
}

/** The message for a reporter that failed itself (at `file`, when known): the test results stand. */
export function reporterFailure(error: unknown, file?: string): string {
  return formatMessage({
    what: `The Jest scenario reporter failed (${describe(error)}); ${file === undefined ? 'its reports may be incomplete' : 'the scenarios of the test file are left out of its reports'}, the test results are unaffected`,
    subjects: file === undefined ? [] : [`test file: ${file}`],
    fix: "This is a bug in vitest-scenario: please report it with this message. Until it is fixed, remove 'vitest-scenario/jest/reporter' from the reporters in jest.config.js to run without the scenario reports.",
  })
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message
}
