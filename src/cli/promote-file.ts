// Moving one candidate recording over its baseline file, atomically: the bytes go to a temporary
// file beside the target, which a rename puts in place (a reader sees the old file or the new one,
// never part of either); the candidate file goes only once the rename succeeded.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** Where promoting one file failed, with Node's error. */
export interface PromoteFileFailure {
  /** The step that failed. */
  step:
    | 'read the candidate file'
    | 'write beside the baseline file'
    | 'replace the baseline file'
    | 'remove the candidate file'
  error: unknown
}

/**
 * Puts the bytes of `source` at `target` (a temporary file beside it, then a rename) and removes
 * `source`. Returns `undefined` when done, else the failed step: before the rename, `target` and
 * `source` are as they were; a failure to remove `source` leaves both holding the same bytes.
 */
export function promoteFile(source: string, target: string): PromoteFileFailure | undefined {
  let bytes: Buffer
  try {
    bytes = readFileSync(source)
  } catch (error) {
    return { step: 'read the candidate file', error }
  }
  const temp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  )
  try {
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(temp, bytes)
  } catch (error) {
    removeQuietly(temp)
    return { step: 'write beside the baseline file', error }
  }
  try {
    renameSync(temp, target)
  } catch (error) {
    removeQuietly(temp)
    return { step: 'replace the baseline file', error }
  }
  try {
    unlinkSync(source)
  } catch (error) {
    return { step: 'remove the candidate file', error }
  }
  return undefined
}

/** Removes a temporary file after a failure; the failure is what the caller reports, not this. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true })
  } catch {}
}
