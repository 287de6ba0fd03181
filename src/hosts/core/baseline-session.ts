// The baseline's recording as a candidate's `fork` reads it: replay only, never written, and no
// part of the test's sessions (nothing finishes it, so it leaves no partial or obsolete marks).
import { RecordingError } from '../../errors/index.js'
import type { RedactHook } from '../../recordings/normalize-request.js'
import { RecordingSession } from '../../recordings/session.js'
import type { RecordingStore } from '../../recordings/store.js'
import { recordingPath, recordingTestId } from '../../recordings/test-id.js'
import type { FolderPaths } from './folder-paths.js'
import type { HostTest } from './host-test.js'

/** What the baseline's session of one test (or sample) is made of. */
export interface BaselineSessionParts {
  test: HostTest
  sample: number | undefined
  /** The baseline's folder of the test file (no candidate). */
  paths: Readonly<FolderPaths>
  store: RecordingStore
  /** The host's re-record command: the baseline's, with no candidate in front. */
  command(file: string, names: readonly string[]): string
  redact?: RedactHook | undefined
  allowSecrets?: readonly string[] | undefined
  /** The candidate that forks, for messages. */
  candidate: string | undefined
}

/**
 * A replay-only session on the baseline's recording of a test: a miss fails as in `replay`, a
 * write is refused by its store, and a missing recording refuses every call, saying to record
 * the baseline first.
 */
export function baselineSession(parts: BaselineSessionParts): RecordingSession {
  const { test, sample, paths, store } = parts
  const id = recordingTestId(test.names, sample)
  const file = recordingPath(paths.folder, id)
  const displayFile = recordingPath(paths.shownFolder, id)
  const command = parts.command(paths.shownFile, test.names)
  const fullName = test.names.join(' > ') + (sample === undefined ? '' : ` (sample ${sample})`)
  let missing: boolean
  try {
    missing = store.read(file) === undefined
  } catch {
    // An unreadable file is the session's to explain, at the first call.
    missing = false
  }
  return new RecordingSession({
    file,
    displayFile,
    test: fullName,
    mode: 'replay',
    command,
    redact: parts.redact,
    allowSecrets: parts.allowSecrets,
    store: readOnly(store),
    refuse: missing
      ? missingBaseline(fullName, file, displayFile, command, parts.candidate)
      : undefined,
  })
}

/** The store, read but never written: the baseline is never touched by a candidate run. */
function readOnly(store: RecordingStore): RecordingStore {
  const refuse = (path: string): never => {
    throw new Error(`the baseline recording ${path} is read-only in a candidate run`)
  }
  return {
    read: (path) => store.read(path),
    list: (folder) => store.list(folder),
    write: refuse,
    remove: refuse,
  }
}

function missingBaseline(
  test: string,
  file: string,
  displayFile: string,
  command: string,
  candidate: string | undefined,
): RecordingError {
  return new RecordingError(
    {
      what: `Candidate '${candidate}' forks from the baseline, but the test has no baseline recording to replay its first turns from`,
      subjects: [`test: ${test}`, `baseline recording: ${displayFile}`],
      fix: `Record the baseline first (without VITEST_SCENARIO_CANDIDATE): \`${command}\`, then run the candidate again.`,
    },
    file,
  )
}
