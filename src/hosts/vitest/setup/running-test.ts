// Where a test file's run and its running test are found: the async contexts the Vitest host's
// hooks run a file and each test in. Apart from the hooks (recording-hooks.ts) and what they load
// on first use (test-run.ts), so that both, and the root entry's session lookups, share them.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { RecordingMode } from '../../../recordings/mode.js'
import type { RedactHook } from '../../../recordings/normalize-request.js'
import type { SealedTest } from '../../../seal/network-seal.js'
import type { TestRecordings } from '../../core/test-recordings.js'

/** The Vitest host of one test file: what its setup entry loaded. */
export interface VitestHost {
  /** The `redact` hook of the plugin's `recordings.redact` module, once imported. */
  redact: RedactHook | undefined
}

/** What one test file's run decides: found through the async context its file runs in. */
export interface FileState {
  /** The mode its tests ran in (the last one: watch mode's `u` changes it between runs). */
  mode: RecordingMode | undefined
  /** The hook `configureRecordings` set for this file, over the plugin's module. */
  redact: RedactHook | undefined
}

/**
 * The running test's recordings and seal, in its async context. Emptied when the test ends:
 * Vitest keeps a promise of every test it ran until the file ends (an abort listener it never
 * removes from the test's signal), and with it the stores of the async context that made it.
 */
export interface RunningTest {
  recordings: TestRecordings | undefined
  sealed: SealedTest | undefined
}

/** The running file's state, in the async context `aroundAll` runs the file in. */
export const runningFiles = new AsyncLocalStorage<FileState>()

/** The running test's recordings and seal, in the async context `aroundEach` runs it in. */
export const runningTests = new AsyncLocalStorage<RunningTest>()
