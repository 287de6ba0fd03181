// A recording found under a host's former name. Jest named recordings after its space-joined
// full name before it used the describe chain as every host does; such a file is still the
// test's: it is replayed while the new one is missing, and renamed by the next write.
import type { RecordingStore } from '../../recordings/store.js'

/**
 * A store for one recording file (`file`) that reads `formerFiles` in its place while `file` is
 * missing; writing `file` (or deleting it) deletes the former files, so the next write renames
 * the recording. Every other path passes through to `store` unchanged.
 *
 * @example
 * const store = formerNameStore(fileSystemStore, '/rec/a-b-12345678.json', ['/rec/a-b-9abcdef0.json'])
 */
export function formerNameStore(
  store: RecordingStore,
  file: string,
  formerFiles: readonly string[],
): RecordingStore {
  if (formerFiles.length === 0) return store
  const removeFormer = (): void => {
    for (const former of formerFiles) store.remove(former)
  }
  return {
    read(path) {
      const text = store.read(path)
      if (text !== undefined || path !== file) return text
      for (const former of formerFiles) {
        const old = store.read(former)
        if (old !== undefined) return old
      }
      return undefined
    },
    write(path, text) {
      const written = store.write(path, text)
      // Only once the new file holds the recording: a failed write keeps the old one.
      if (path === file) removeFormer()
      return written
    },
    remove(path) {
      store.remove(path)
      if (path === file) removeFormer()
    },
    list: (folder) => store.list(folder),
  }
}
