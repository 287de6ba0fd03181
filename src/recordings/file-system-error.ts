import { RecordingError } from '../errors/index.js'

/** A failed file-system call, explained: its errno code, the code in words, and the usual fix. */
export interface FileSystemProblem {
  /** The errno code (`EACCES`, `EROFS`, `ENOSPC`, …), when the error has one. */
  code: string | undefined
  /** What the code means, e.g. `read-only file system (EROFS)`. */
  words: string
  /** What usually fixes it, as a sentence. */
  fix: string
}

const WRITABLE_DIR =
  'or set `recordings.dir` in scenarioPlugin() to a folder the tests may write (or run with VITEST_SCENARIO_RECORD=replay, which writes nothing)'

/** Errno codes a write or a delete meets, in words, with what fixes each. */
const PROBLEMS: Readonly<Record<string, { words: string; fix: string }>> = {
  EACCES: {
    words: 'permission denied',
    fix: `Check the permissions of the file and its folder: the user running Vitest must be allowed to read and write them; ${WRITABLE_DIR}.`,
  },
  EPERM: {
    words: 'operation not permitted',
    fix: `Check the permissions and attributes (read-only, immutable, locked) of the file and its folder; ${WRITABLE_DIR}.`,
  },
  EROFS: {
    words: 'read-only file system',
    fix: `The folder is on a read-only file system: mount it writable, ${WRITABLE_DIR}.`,
  },
  ENOSPC: {
    words: 'no space left on the device',
    fix: `Free disk space and run again (the recording on disk was left as it was), ${WRITABLE_DIR}.`,
  },
  EDQUOT: {
    words: 'disk quota exceeded',
    fix: `Free space within your quota and run again (the recording on disk was left as it was), ${WRITABLE_DIR}.`,
  },
  ENOTDIR: {
    words: 'a part of the path is a file, not a folder',
    fix: `Move away the file that stands where a folder of the path should be, ${WRITABLE_DIR}.`,
  },
  ENOENT: {
    words: 'a folder of the path does not exist',
    fix: `Something removed the folder while Vitest wrote to it; run again, ${WRITABLE_DIR}.`,
  },
  EISDIR: {
    words: 'the path is a folder, not a file',
    fix: 'Remove or rename the folder that stands where the recording file should be.',
  },
  ENAMETOOLONG: {
    words: 'file name too long',
    fix: "Shorten the test file's path or name, or set `recordings.dir` in scenarioPlugin() to a folder with a shorter path.",
  },
  EMFILE: {
    words: 'too many open files',
    fix: 'Raise the open-file limit (ulimit -n) or run fewer workers (--maxWorkers).',
  },
  ENFILE: {
    words: 'too many open files in the system',
    fix: 'Close other programs or raise the system open-file limit, then run again.',
  },
  EBUSY: {
    words: 'the file is busy or locked',
    fix: 'Close the program that holds the file open (an editor, a virus scanner) and run again.',
  },
  EIO: {
    words: 'input/output error',
    fix: `The disk reported an error: check it, ${WRITABLE_DIR}.`,
  },
}

/**
 * Explains a failed file-system call: its errno code in words and what usually fixes it.
 *
 * @example
 * fileSystemProblem(Object.assign(new Error('…'), { code: 'EROFS' })).words
 * // 'read-only file system (EROFS)'
 */
export function fileSystemProblem(error: unknown): FileSystemProblem {
  const own =
    typeof error === 'object' && error !== null && typeof Reflect.get(error, 'code') === 'string'
      ? (Reflect.get(error, 'code') as string)
      : undefined
  // Some Node versions throw without a code (`Unknown error: Read-only file system …`): read it
  // off the system's own wording then.
  const code = own === undefined || own === '' ? codeFromMessage(error) : own
  const known = code === undefined ? undefined : PROBLEMS[code]
  if (known !== undefined) return { code, words: `${known.words} (${code})`, fix: known.fix }
  const message = error instanceof Error ? error.message : String(error)
  return {
    code,
    words: code === undefined ? message : `${message} (${code})`,
    fix: `Check that the folder exists and can be written, ${WRITABLE_DIR}.`,
  }
}

/** How each action reads in the message. */
const FAILED: Readonly<Record<'read' | 'written' | 'deleted', string>> = {
  read: 'cannot be read',
  written: 'could not be written',
  deleted: 'could not be deleted',
}

/**
 * The error for a recording file that could not be read, written or deleted: it names the file,
 * the errno code in words and the fix; Node's error is its `cause`.
 *
 * @example
 * throw recordingFileError('written', file, 'test/__recordings__/a.test.ts/x.json', error)
 * // [vitest-scenario] Recording file could not be written: read-only file system (EROFS) …
 */
export function recordingFileError(
  action: 'read' | 'written' | 'deleted',
  file: string,
  displayFile: string,
  error: unknown,
): RecordingError {
  const problem = fileSystemProblem(error)
  const path = typeof error === 'object' && error !== null ? Reflect.get(error, 'path') : undefined
  // Node names the path it failed on: the folder, when creating it failed.
  const at = typeof path === 'string' && path !== file && !isTempOf(path, file) ? [path] : []
  return new RecordingError(
    {
      what: `Recording file ${FAILED[action]}: ${problem.words}`,
      subjects: [`file: ${displayFile}`, ...at.map((p) => `failed on: ${p}`)],
      fix: problem.fix,
    },
    file,
    { cause: error },
  )
}

/** Whether `path` is the temporary file `writeFileAtomic` writes before renaming it to `file`. */
function isTempOf(path: string, file: string): boolean {
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'))
  return path.startsWith(`${file.slice(0, slash + 1)}.${file.slice(slash + 1)}.`)
}

/** The system's wording of each errno code, as `strerror` writes it into messages. */
const STRERROR: readonly (readonly [string, string])[] = [
  ['Read-only file system', 'EROFS'],
  ['No space left on device', 'ENOSPC'],
  ['Disk quota exceeded', 'EDQUOT'],
  ['Permission denied', 'EACCES'],
  ['Operation not permitted', 'EPERM'],
  ['Not a directory', 'ENOTDIR'],
  ['Is a directory', 'EISDIR'],
  ['No such file or directory', 'ENOENT'],
  ['File name too long', 'ENAMETOOLONG'],
  ['Too many open files in system', 'ENFILE'],
  ['Too many open files', 'EMFILE'],
  ['Device or resource busy', 'EBUSY'],
  ['Input/output error', 'EIO'],
]

function codeFromMessage(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : ''
  return STRERROR.find(([words]) => message.includes(words))?.[1]
}
