import { expect } from '@jest/globals'
import { matchers } from '../../matchers/matchers.js'
import { createConversationSerializer, type SnapshotLocation } from '../snapshot/index.js'

/** What Jest's `expect.extend` takes. */
type JestMatchersObject = Parameters<typeof expect.extend>[0]

/**
 * The matchers as Jest's `expect.extend` types them. They are written against Vitest's matcher
 * state type but read only `isNot`, `promise` and the printing helpers of `utils`, which Jest's
 * state has too (its `utils` is typed with Chalk colours instead of Vitest's formatters): the
 * types differ where the matchers do not look, so the object is retyped here, once.
 */
const jestMatchers = matchers as unknown as JestMatchersObject

const REGISTERED = Symbol.for('vitest-scenario.jest-matchers')

/**
 * Registers the scenario matchers (the plain `matchers` object) and the conversation snapshot
 * serializer with Jest's `expect`. Jest gives every test file its own `expect` and global object,
 * so this runs once per test file: from the setup entry, or from the first `scenario()`.
 */
export function registerJestMatchers(): void {
  expect.extend(jestMatchers)
  expect.addSnapshotSerializer(createConversationSerializer(snapshotLocation))
  ;(globalThis as Record<symbol, unknown>)[REGISTERED] = true
}

/** Registers them unless the setup entry did: `scenario()` works without `setupFilesAfterEnv`. */
export function ensureJestMatchers(): void {
  if ((globalThis as Record<symbol, unknown>)[REGISTERED] !== true) registerJestMatchers()
}

/** The test being asserted and its snapshot file, from Jest's `expect` state (for messages). */
function snapshotLocation(): SnapshotLocation {
  const state = expect.getState() as {
    currentTestName?: string | undefined
    snapshotState?: { _snapshotPath?: string } | undefined
  }
  return { file: state.snapshotState?._snapshotPath, test: state.currentTestName }
}
