import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { resultsDir } from '../../support/paths.js'

// Folders a recording cannot be written to, made for real. A non-root user gets a read-only folder
// from chmod 0555. Root ignores permission bits (tests often run as root in containers), so there
// a read-only folder is a tmpfs mounted read-only, where the machine allows mounting; a full disk
// is a tiny tmpfs, also only where mounting is allowed. Every mount is undone after the test.

/** Whether this process runs as root, for which chmod does not stop writes. */
export const isRoot = process.getuid?.() === 0

function mount(args: readonly string[]): { ok: true } | { ok: false; why: string } {
  const result = spawnSync('mount', args, { encoding: 'utf8' })
  if (result.error !== undefined) return { ok: false, why: result.error.message }
  if (result.status !== 0) return { ok: false, why: (result.stderr || result.stdout).trim() }
  return { ok: true }
}

/** Unmounts `dir`, ignoring a folder that is not mounted. */
export function unmount(dir: string): void {
  spawnSync('umount', [dir], { encoding: 'utf8' })
}

/**
 * Probes once whether a tmpfs can be mounted here: `undefined` when it can, else why not (the
 * reason a skipped test prints).
 */
export function tmpfsUnavailable(): string | undefined {
  const probe = join(resultsDir, 'reliability-mount-probe', String(process.pid))
  mkdirSync(probe, { recursive: true })
  try {
    const mounted = mount(['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe])
    if (!mounted.ok) return `mount -t tmpfs is not permitted on this machine (${mounted.why})`
    unmount(probe)
    return undefined
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}

/** Mounts a tmpfs of `bytes` at `dir` (created if missing); throws when mounting fails. */
export function mountTmpfs(dir: string, bytes: number): void {
  mkdirSync(dir, { recursive: true })
  const mounted = mount(['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir])
  if (!mounted.ok) throw new Error(`mount tmpfs at ${dir} failed: ${mounted.why}`)
}

/** A folder made read-only, and how; `undo` makes it writable again (and unmounts). */
export interface ReadOnlyFolder {
  how: string
  undo(): void
}

/**
 * Makes `dir` (created if missing, its files kept) read-only: chmod 0555 for a non-root user, a
 * read-only tmpfs holding a copy of its files for root. Returns why not when neither works.
 */
export function makeReadOnly(dir: string): ReadOnlyFolder | { skip: string } {
  mkdirSync(dir, { recursive: true })
  if (!isRoot) {
    chmodSync(dir, 0o555)
    return { how: 'chmod 0555', undo: () => chmodSync(dir, 0o755) }
  }
  const files = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => [name, readFileSync(join(dir, name))] as const)
  const mounted = mount(['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir])
  if (!mounted.ok) {
    return {
      skip: `running as root, where chmod does not stop writes, and mount -t tmpfs is not permitted (${mounted.why})`,
    }
  }
  for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes)
  const readOnly = mount(['-o', 'remount,ro', dir])
  if (!readOnly.ok) {
    unmount(dir)
    return { skip: `a tmpfs cannot be remounted read-only here (${readOnly.why})` }
  }
  return { how: 'a tmpfs mounted read-only (root ignores chmod)', undo: () => unmount(dir) }
}
