import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Who holds a lock; written into the lock folder. */
interface LockOwner {
  readonly pid: number
  readonly host: string
  readonly since: string
}

/** A held lock. */
export interface FileLock {
  /** Gives the lock up; safe to call more than once. */
  release(): Promise<void>
}

/** Options of {@link acquireFileLock}. */
export interface FileLockOptions {
  /** Give up (reject) after waiting this long. */
  readonly timeoutMs: number
  /** A lock older than this is taken over even if its owner seems alive. */
  readonly staleMs: number
  /** Called once when the lock is busy and the caller starts waiting. */
  readonly onWait?: (owner: string) => void
}

const pollMs = 250

/** Whether a process with this id runs on this machine. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readOwner(lockDir: string): Promise<LockOwner | undefined> {
  try {
    const owner: unknown = JSON.parse(await readFile(join(lockDir, 'owner.json'), 'utf8'))
    if (typeof owner !== 'object' || owner === null) return undefined
    const { pid, host, since } = owner as Record<string, unknown>
    if (typeof pid !== 'number' || typeof host !== 'string' || typeof since !== 'string')
      return undefined
    return { pid, host, since }
  } catch {
    return undefined
  }
}

/** Whether the lock folder was left behind by a process that is gone (or is far too old). */
async function isStale(lockDir: string, staleMs: number): Promise<boolean> {
  let age: number
  try {
    age = Date.now() - (await stat(lockDir)).mtimeMs
  } catch {
    return false // already gone: the next mkdir decides
  }
  if (age > staleMs) return true
  const owner = await readOwner(lockDir)
  // No owner file yet: its creator is between mkdir and writeFile, unless it died right there.
  if (owner === undefined) return age > 10_000
  return owner.host === hostname() && !isProcessAlive(owner.pid)
}

/**
 * Takes an exclusive lock between processes on one machine: a folder created with `mkdir`
 * (atomic), holding the owner's pid. A lock whose owner process is gone is taken over. Waits,
 * polling, while another live process holds it.
 *
 * The lock only saves duplicate work: callers publish their results with an atomic rename, so a
 * rare double take-over of a stale lock costs time, never a broken cache.
 */
export async function acquireFileLock(
  lockDir: string,
  options: FileLockOptions,
): Promise<FileLock> {
  const deadline = Date.now() + options.timeoutMs
  let waiting = false
  for (;;) {
    try {
      await mkdir(lockDir)
      const owner: LockOwner = {
        pid: process.pid,
        host: hostname(),
        since: new Date().toISOString(),
      }
      await writeFile(join(lockDir, 'owner.json'), JSON.stringify(owner))
      let released = false
      return {
        async release() {
          if (released) return
          released = true
          await rm(lockDir, { recursive: true, force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (await isStale(lockDir, options.staleMs)) {
      // Move it aside first, so that two processes do not both delete a fresh lock.
      const aside = `${lockDir}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
      try {
        await rename(lockDir, aside)
        await rm(aside, { recursive: true, force: true })
      } catch {
        // someone else took it over first
      }
      continue
    }
    if (Date.now() > deadline) {
      const owner = await readOwner(lockDir)
      throw new Error(
        `timed out after ${options.timeoutMs / 1000} s waiting for the lock ${lockDir} (held by ${owner ? `pid ${owner.pid} on ${owner.host} since ${owner.since}` : 'an unknown process'})`,
      )
    }
    if (!waiting) {
      waiting = true
      const owner = await readOwner(lockDir)
      options.onWait?.(owner ? `pid ${owner.pid} since ${owner.since}` : 'another process')
    }
    await sleep(pollMs)
  }
}
