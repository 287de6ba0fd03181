// Jest's tests as the host core sees them, read from jest-circus's test entries (the test
// identity Jest 30.3 and later hands out): the running test's describe chain, and every test of
// its file. Recordings are named after the describe chain joined with ` > `, as on every host;
// Jest's former naming (its space-joined full name) is each test's former id.

import { recordingTestId } from '../../recordings/test-id.js'
import type { FileTest } from '../core/host-test.js'

/** What this host reads of a jest-circus test or describe block. */
interface CircusEntry {
  type?: unknown
  name?: unknown
  mode?: unknown
  parent?: unknown
  children?: unknown
}

/**
 * The describe chain and the test's name, outermost first, from its jest-circus entry (up its
 * `parent` chain, the file's root block left out); `undefined` when the identity is missing
 * (before Jest 30.3) or not the shape this reads, or when the chain does not make Jest's full
 * name (then the chain was not read the way Jest names tests).
 */
export function circusNames(identity: unknown, fullName: string): string[] | undefined {
  if (!isCircusEntry(identity) || identity.type !== 'test') return undefined
  const names: string[] = []
  let entry: unknown = identity
  while (isCircusEntry(entry) && isCircusEntry(entry.parent)) {
    if (typeof entry.name !== 'string') return undefined
    names.unshift(entry.name)
    entry = entry.parent
  }
  return names.join(' ') === fullName ? names : undefined
}

/** The recording id a test had under Jest's former naming: its space-joined full name. */
export function formerJestId(names: readonly string[]): string {
  return recordingTestId([names.join(' ')])
}

/**
 * Every test of the running test's file, found from its identity: up its `parent` chain to the
 * file's root describe block, then every test under it, skipped and `-t`-filtered ones included.
 * jest-circus builds that whole tree before the first test runs, so the list is complete at any
 * call. `undefined` (no rename hints, no obsolete report) when the identity is missing or not the
 * shape this reads: better no hint than a wrong one.
 */
export function circusFileTests(identity: unknown): FileTest[] | undefined {
  let root: unknown = identity
  if (!isCircusEntry(root) || root.type !== 'test') return undefined
  while (isCircusEntry(root) && isCircusEntry(root.parent)) root = root.parent
  const tests: FileTest[] = []
  const visit = (block: CircusEntry, titles: readonly string[], skipped: boolean): boolean => {
    if (!Array.isArray(block.children)) return false
    for (const child of block.children as unknown[]) {
      if (!isCircusEntry(child) || typeof child.name !== 'string') return false
      const path = [...titles, child.name]
      const skip = skipped || child.mode === 'skip' || child.mode === 'todo'
      if (child.type === 'test') {
        tests.push({ id: recordingTestId(path), runs: !skip, formerIds: [formerJestId(path)] })
      } else if (child.type !== 'describeBlock' || !visit(child, path, skip)) {
        return false
      }
    }
    return true
  }
  if (!isCircusEntry(root) || !visit(root, [], false)) return undefined
  return tests
}

function isCircusEntry(value: unknown): value is CircusEntry {
  return typeof value === 'object' && value !== null
}
