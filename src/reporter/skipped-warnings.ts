// Tests whose scenario data could not be read are left out of the reports, never silently: one
// warning per test file names each such test and what was wrong with its data.
import { formatMessage } from '../errors/format-message.js'
import type { SkippedEntry } from './collect-entries.js'

/** How many tests one warning names; the rest are counted. */
const MAX_NAMED = 10

/** What to do about unreadable scenario data under Vitest, where it travels in task meta. */
const VITEST_FIX =
  'Run the reporter with the vitest-scenario version that ran the tests (blobs merged with --merge-reports keep the data of the version that wrote them), and leave task.meta.scenario to vitest-scenario.'

/**
 * One warning per test file for the tests the reports leave out; `fix` says what to do about it
 * under the runner at hand (the default is Vitest's).
 *
 * @example
 * skippedWarnings([{ test: 'keeps BCL2', file: 'a.test.ts', problem: 'runs.0.turns: the number 5, not an array' }])
 * // ["[vitest-scenario] The scenario data of 1 test in a.test.ts could not be read; it is left out of the scenario reports\n  - 'keeps BCL2': runs.0.turns: …\n…"]
 */
export function skippedWarnings(skipped: readonly SkippedEntry[], fix = VITEST_FIX): string[] {
  const byFile = new Map<string, SkippedEntry[]>()
  for (const entry of skipped) {
    const list = byFile.get(entry.file)
    if (list === undefined) byFile.set(entry.file, [entry])
    else list.push(entry)
  }
  return [...byFile].map(([file, entries]) => {
    const one = entries.length === 1
    const subjects = entries.slice(0, MAX_NAMED).map((e) => `'${e.test}': ${e.problem}`)
    if (entries.length > MAX_NAMED) subjects.push(`… and ${entries.length - MAX_NAMED} more`)
    return formatMessage({
      what: `The scenario data of ${entries.length} ${one ? 'test' : 'tests'} in ${file} could not be read; ${one ? 'it is' : 'they are'} left out of the scenario reports`,
      subjects,
      fix,
    })
  })
}
