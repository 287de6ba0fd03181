// Recordings no test of a file owns, found when the file ends: reported in every mode, deleted
// under `-u` (mode `all`) when the file had no error. The host reads the result: it stores the
// list for its reporter, prints the warning and throws the first deletion error.
import { join, relative } from 'node:path'
import type { MessageParts, RecordingError } from '../../errors/index.js'
import { recordingFileError } from '../../recordings/file-system-error.js'
import type { RecordingMode } from '../../recordings/mode.js'
import { fileSystemStore, type RecordingStore } from '../../recordings/store.js'
import { recordingFileName, recordingFolder } from '../../recordings/test-id.js'
import type { FileTest } from './host-test.js'

/** What a host knows of a test file when it ends. */
export interface EndedFile {
  /** The test file's absolute path. */
  file: string
  /** Every test of the file, skipped and filtered-out ones included, with the samples each ran. */
  tests: readonly FileTest[]
  /** The mode the file's tests ran in; `off` looks at nothing. */
  mode: RecordingMode
  /** Whether the file had an error of its own (a failing hook): nothing is deleted then. */
  fileFailed: boolean
  /** The project root and `recordings.dir`, as the tests' recordings used them. */
  root: string
  dir?: string | undefined
  /**
   * The candidate of a candidate run: only its own folder is looked at (the baseline's and the
   * other candidates' files are never reported or deleted).
   */
  candidate?: string | undefined
  /** @default fileSystemStore */
  store?: RecordingStore | undefined
}

/** What the end of a test file found. */
export interface ObsoleteRecordings {
  /**
   * The obsolete recordings, relative to the root: under `-u` those that could not be deleted,
   * otherwise every one found (to be deleted with `-u`).
   */
  obsolete: string[]
  /** The temporary files interrupted writes left, relative to the root (deleted under `-u`). */
  leftovers: string[]
  /** Whether the files were deleted (mode `all`, the file without an error). */
  deleting: boolean
  /** Why a file could not be deleted, one error per file. */
  errors: RecordingError[]
}

/**
 * Finds (and under `-u` deletes) the recordings of a test file's folder that none of its tests
 * owns: a test owns its id's recording and those under its former ids, and a test that ran with
 * samples owns only the samples it ran. An unreadable folder reports nothing (its recordings
 * fail their tests).
 *
 * @example
 * const found = obsoleteRecordings({ file, tests, mode: 'new', fileFailed: false, root })
 * if (found.obsolete.length > 0) console.warn(obsoleteWarning(found.obsolete, 'test/a.test.ts'))
 */
export function obsoleteRecordings(ended: EndedFile): ObsoleteRecordings {
  const none: ObsoleteRecordings = { obsolete: [], leftovers: [], deleting: false, errors: [] }
  if (ended.mode === 'off') return none
  const { root, dir, candidate } = ended
  const store = ended.store ?? fileSystemStore
  const folder = recordingFolder(
    candidate === undefined
      ? { testFile: ended.file, root, dir }
      : { testFile: ended.file, root, dir, candidate },
  )
  let names: string[]
  try {
    names = store.list(folder)
  } catch {
    return none
  }
  const owners = new Map<string, FileTest>()
  for (const test of ended.tests) {
    for (const id of [test.id, ...(test.formerIds ?? [])]) owners.set(id, test)
  }
  const obsolete = names.filter((name) => {
    const parts = recordingFileName(name)
    if (parts === undefined) return false
    const owner = owners.get(parts.id)
    if (owner === undefined) return true
    const ran = owner.samples
    return parts.sample !== undefined && ran !== undefined && parts.sample >= ran
  })
  const leftovers = names.filter((name) => name.startsWith('.') && name.endsWith('.tmp'))
  const shown = (name: string) => relative(root, join(folder, name))
  if (ended.mode !== 'all' || ended.fileFailed) {
    return {
      obsolete: obsolete.map(shown),
      leftovers: leftovers.map(shown),
      deleting: false,
      errors: [],
    }
  }
  const kept: string[] = []
  const errors: RecordingError[] = []
  for (const name of [...obsolete, ...leftovers]) {
    const path = join(folder, name)
    try {
      store.remove(path)
    } catch (error) {
      errors.push(recordingFileError('deleted', path, shown(name), error))
      if (obsolete.includes(name)) kept.push(shown(name))
    }
  }
  return { obsolete: kept, leftovers: [], deleting: true, errors }
}

/**
 * The warning for obsolete recordings found (not deleted): what they are, and how to delete them.
 * `testFile` is the test file relative to the root; `deleteWith` the runner's update command.
 */
export function obsoleteWarning(
  obsolete: readonly string[],
  testFile: string,
  deleteWith = 'vitest -u',
): MessageParts {
  const one = obsolete.length === 1
  return {
    what: `${obsolete.length} obsolete recording${one ? '' : 's'}: no test of ${testFile} owns ${one ? 'it' : 'them'}`,
    subjects: [...obsolete],
    fix: `Delete them with \`${deleteWith}\` (or by hand).`,
  }
}
