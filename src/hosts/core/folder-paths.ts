import { relative } from 'node:path'
import { recordingFolder } from '../../recordings/test-id.js'

/** Where a test file's recordings live, and the paths messages show (relative to the root). */
export interface FolderPaths {
  /** The recording folder of the test file (`recordingFolder`). */
  folder: string
  /** The folder relative to the root. */
  shownFolder: string
  /** The test file relative to the root. */
  shownFile: string
}

/**
 * The paths made so far, by the test file, root and `dir` they were made from. They are a
 * function of those strings alone, and every test of a file asks for the same ones: made
 * once per file instead of once per test (three path joins and two `relative`s were a visible
 * part of what a test's first model call cost). Bounded: started again when full, so a worker's
 * memory does not grow with the files it runs.
 */
const made = new Map<string, Readonly<FolderPaths>>()
const MAX_FILES = 256

/**
 * The recording folder of `testFile` (a `candidate`'s, when given) and the paths messages show,
 * as `recordingFolder` and `relative(root, …)` give them.
 *
 * @example
 * folderPaths('/repo/test/a.test.ts', '/repo', undefined)
 * // { folder: '/repo/test/__recordings__/a.test.ts', shownFolder: 'test/__recordings__/a.test.ts', shownFile: 'test/a.test.ts' }
 */
export function folderPaths(
  testFile: string,
  root: string,
  dir: string | undefined,
  candidate?: string | undefined,
): Readonly<FolderPaths> {
  // Anything but strings is `recordingFolder`'s to refuse, in its words.
  if (
    typeof testFile !== 'string' ||
    typeof root !== 'string' ||
    !(dir === undefined || typeof dir === 'string')
  ) {
    recordingFolder({ testFile, root, dir })
  }
  // Each part but the last after its length: no two tuples share a key, whatever they hold.
  const where = dir === undefined ? '' : `=${dir}`
  const side = candidate === undefined ? '' : `=${candidate}`
  const id = `${side.length}:${side}${where.length}:${where}${root.length}:${root}${testFile}`
  const known = made.get(id)
  if (known !== undefined) return known
  const folder = recordingFolder(
    candidate === undefined ? { testFile, root, dir } : { testFile, root, dir, candidate },
  )
  const paths = Object.freeze({
    folder,
    shownFolder: relative(root, folder),
    shownFile: relative(root, testFile),
  })
  if (made.size >= MAX_FILES) made.clear()
  made.set(id, paths)
  return paths
}
