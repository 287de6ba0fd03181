import { basename, dirname, join } from 'node:path'
import { parseRecording, type RecordingFile } from './recording-file.js'
import { RequestKeys } from './request-key.js'
import type { CheckedSessionOptions } from './session-options.js'
import { recordingFileName } from './test-id.js'

/** A recording of the folder no test of the file owns: read once, at the first miss that asks. */
export interface Unowned {
  /** The file as messages show it. */
  file: string
  /** The test's full name recorded in it; `undefined` when it is no recording this version reads. */
  test: string | undefined
  /** The keys of its requests (empty when it could not be read). */
  keys: ReadonlySet<string>
}

/**
 * Reads the recordings of a test's folder that no test of its file owns, with the same sample
 * suffix as the session's file (a renamed test's sample 1 was recorded as the old name's sample
 * 1): candidates for the test's recording under an old name.
 *
 * This is decided at the miss, not at the end of the file, and is still correct: a file is
 * left out when any test of the file owns it by id, not only when a test has used it so far,
 * and the hosts know every test of the file before the first one runs (Vitest and jest-circus
 * collect the whole file first, skipped and filtered-out tests included). So a test that runs
 * later never sees its own recording offered to another test, and a candidate here is exactly
 * a file the Vitest host reports as obsolete when the file ends. (Of a test that ran with fewer
 * samples than it recorded, the extra sample files are obsolete then but owned here: they are
 * no renamed test's.) A host that cannot list the file's tests gives no ids, and no candidates.
 */
export function readUnowned(options: CheckedSessionOptions): Unowned[] {
  const { file, displayFile, store, fileTestIds } = options
  const own = recordingFileName(basename(file))
  let owned: ReadonlySet<string> | undefined
  let names: string[]
  try {
    owned = fileTestIds?.()
    if (owned === undefined || own === undefined) return []
    names = store.list(dirname(file))
  } catch {
    // The hint is a courtesy: a folder that cannot be listed leaves the report as it was.
    return []
  }
  const unowned: Unowned[] = []
  for (const name of [...names].sort()) {
    const parts = recordingFileName(name)
    if (parts === undefined || parts.sample !== own.sample) continue
    if (owned.has(parts.id) || name === basename(file)) continue
    const shown = join(dirname(displayFile), name)
    let recording: RecordingFile | undefined
    try {
      const text = store.read(join(dirname(file), name))
      if (text === undefined) continue
      recording = parseRecording(text, shown)
    } catch {
      // Unreadable, or no recording: still a candidate, with no test name and no requests.
      recording = undefined
    }
    // Only the name and the request keys are kept, not the parsed recording: the session
    // lives until the test ends, and a folder may hold long conversations.
    const keys = new RequestKeys()
    unowned.push({
      file: shown,
      test: recording?.test,
      keys: new Set((recording?.interactions ?? []).map((i) => keys.of(i.request))),
    })
  }
  return unowned
}
