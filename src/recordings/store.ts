import { readdirSync, readFileSync } from 'node:fs'
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { removeFile, writeFileAtomic } from './write-atomic.js'

/**
 * Where recording files live: the one port between recording sessions and storage, as Vitest's
 * `SnapshotEnvironment` is for snapshots. Paths are the sessions' absolute file paths. A store
 * reports failures with the platform's own errors; the session and the host explain them
 * (`recordingFileError`: the file, the errno in words, the fix).
 */
export interface RecordingStore {
  /** The file's text, or `undefined` when there is no such file. */
  read(path: string): string | undefined
  /** Writes the file whole (never torn); returns `false` when it already held exactly `text`. */
  write(path: string, text: string): boolean
  /** Deletes the file; one that is already gone is fine. */
  remove(path: string): void
  /** The names of the entries of a folder (not paths); `[]` when the folder does not exist. */
  list(folder: string): string[]
}

/**
 * The file system: atomic writes (temporary file and rename), skipped when the content is
 * unchanged so an unchanged recording keeps its bytes and its mtime.
 */
export const fileSystemStore: RecordingStore = {
  read(path) {
    try {
      return readFileSync(path, 'utf8')
    } catch (error) {
      // A missing file is no recording; EACCES, ENOTDIR, … are real failures the caller explains.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  },
  write: writeFileAtomic,
  remove: removeFile,
  list(folder) {
    try {
      return readdirSync(folder)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
  },
}

/** A store held in memory, for unit tests of sessions and hosts: its files are a plain map. */
export interface MemoryStore extends RecordingStore {
  /** Every file, by path. */
  readonly files: Map<string, string>
}

/**
 * A store that keeps its files in a map, so a session can be driven with no disk at all.
 *
 * @example
 * const store = memoryStore({ '/rec/a.json': text })
 * const session = new RecordingSession({ …, file: '/rec/a.json', store })
 */
export function memoryStore(files: Readonly<Record<string, string>> = {}): MemoryStore {
  const map = new Map(fileEntries(files))
  return {
    files: map,
    read: (path) => map.get(path),
    write(path, text) {
      if (map.get(path) === text) return false
      map.set(path, text)
      return true
    },
    remove(path) {
      map.delete(path)
    },
    list(folder) {
      const prefix = folder.endsWith('/') ? folder : `${folder}/`
      const names = new Set<string>()
      for (const path of map.keys()) {
        if (path.startsWith(prefix)) names.add(path.slice(prefix.length).split('/')[0] as string)
      }
      return [...names]
    },
  }
}

/** The `{ path: text }` a memory store starts with, checked (a Proxy that throws is no files). */
function fileEntries(files: unknown): [string, string][] {
  let entries: [string, unknown][] | undefined
  try {
    entries = isPlainObject(files) ? Object.entries(files) : undefined
  } catch {
    entries = undefined
  }
  if (entries === undefined || !entries.every(([, text]) => typeof text === 'string')) {
    throw new InvalidArgumentError(
      `memoryStore(files) takes the files as { path: text }, got ${describeValue(files)}`,
    )
  }
  return entries as [string, string][]
}
