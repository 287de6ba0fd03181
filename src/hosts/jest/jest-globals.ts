// Jest's `expect`, `test` and hooks, as the Jest host reaches them. `@jest/globals` throws when it
// is imported outside a test environment, and `vitest-scenario/jest` is also imported by
// `jest.config.js` (for `withScenario`), in Jest's main process: so that entry never imports
// `@jest/globals`. The setup entry (which only runs in a test environment) imports it and hands
// the functions over here; without the setup entry they are read from the globals Jest injects
// (its default, `injectGlobals: true`).
import { InvalidArgumentError } from '../../errors/index.js'
import type { JestTest } from './jest-test.js'

/** The part of Jest's `expect` state the Jest host reads (Jest 30). */
export interface JestExpectState {
  /** The running test's full name (describe titles and its own, space-joined). */
  currentTestName?: string | undefined
  /** The same, found through the async context: right also in `test.concurrent` tests. */
  currentConcurrentTestName?: (() => string | undefined) | undefined
  /** The running test's identity: one object per test, also when two tests share a name. */
  currentTestIdentity?: (() => object | undefined) | undefined
  /** The absolute path of the test file. */
  testPath?: string | undefined
  /** The test file's snapshot state; `_updateSnapshot` is Jest's `--ci` / `-u` state. */
  snapshotState?: { _updateSnapshot?: unknown; _snapshotPath?: string } | undefined
}

/** Jest's `expect`, as far as the Jest host uses it. */
export interface JestExpect {
  (value: unknown): unknown
  extend(matchers: object): void
  addSnapshotSerializer(serializer: {
    test(value: unknown): boolean
    serialize(value: unknown): string
  }): void
  getState(): JestExpectState
}

/** A Jest hook (`beforeEach`, `afterEach`, `afterAll`). */
export type JestHook = (fn: () => void | Promise<void>) => void

/** What the Jest host needs of Jest's globals. */
export interface JestGlobals {
  expect: JestExpect
  test: JestTest
  beforeEach: JestHook
  afterEach: JestHook
  afterAll: JestHook
}

let handed: JestGlobals | undefined

/** Takes Jest's globals from the setup entry (which imports `@jest/globals`). */
export function useJestGlobals(globals: JestGlobals): void {
  handed = globals
}

/** Whether the setup entry ran in this test file (it registers the per-test hooks). */
export function setupRan(): boolean {
  return handed !== undefined
}

/**
 * Jest's globals in this test file: the setup entry's, else the ones Jest injects. Outside a Jest
 * test file (or with `injectGlobals: false` and no setup entry) there are none: a clear error.
 */
export function jestGlobals(): JestGlobals {
  if (handed !== undefined) return handed
  const g = globalThis as Partial<Record<keyof JestGlobals, unknown>>
  if (
    typeof g.expect === 'function' &&
    typeof g.test === 'function' &&
    typeof g.beforeEach === 'function' &&
    typeof g.afterEach === 'function' &&
    typeof g.afterAll === 'function'
  ) {
    return g as JestGlobals
  }
  throw new InvalidArgumentError(
    "vitest-scenario/jest found no Jest test environment: Jest's `expect` and `test` are neither injected as globals nor handed over by the setup entry",
    "Run this file with Jest, and add the setup entry to jest.config.js: `export default withScenario({ … })` (from 'vitest-scenario/jest') does it, or `setupFilesAfterEnv: ['vitest-scenario/jest/setup']` by hand (needed with `injectGlobals: false`).",
  )
}
