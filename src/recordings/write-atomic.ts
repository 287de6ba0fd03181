import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `content` to `path` through a temporary file in the same folder and a rename, so a reader
 * (or a process killed mid-write) never leaves a torn or empty file: the target holds either the
 * old bytes or the new ones. Skips the write when the file already holds exactly `content`, so an
 * unchanged recording keeps its bytes and its mtime. Returns whether it wrote. A failure (a
 * read-only folder, a full disk) throws Node's error, after removing the temporary file; callers
 * wrap it (`recordingFileError`) to name the file and the fix.
 */
export function writeFileAtomic(path: string, content: string): boolean {
  if (readIfExists(path) === content) return false
  replaceFile(path, content)
  return true
}

/**
 * Writes `content` to `path` through a temporary file in the same folder and a rename, as
 * `writeFileAtomic` does, without first reading what the file holds: for files that are rewritten
 * on every run (reports, comparisons), where reading tens of megabytes back only to compare
 * them cost as much as the write.
 */
export function replaceFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const temp = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  )
  try {
    writeFileSync(temp, content)
    renameSync(temp, path)
  } catch (error) {
    // The caller needs the write's error (EROFS, ENOSPC, …), not one of the cleanup after it.
    try {
      rmSync(temp, { force: true })
    } catch {}
    throw error
  }
}

/**
 * Deletes a file; one that is already gone is fine. `unlinkSync` rather than `rmSync`: Node 24's
 * `rmSync` reports some failures (a read-only file system) without an errno code, and the caller
 * explains the failure by its code.
 */
export function removeFile(path: string): void {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}
