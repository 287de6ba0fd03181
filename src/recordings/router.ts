import type { SecretSettings } from '../secrets/redact-hook.js'
import type { Recorder } from './recorder.js'

/**
 * What the Vitest layer installs so clients can find the current test's recorder. It lives on
 * `globalThis` under a registered symbol, so two copies of the package in one worker (the setup
 * file's and a test's) still share it.
 */
export interface RecordingRouter {
  /** The recorder of the test that is running in this async context, if any. */
  current(): Recorder | undefined
  /** Whether calls outside any test must fail (replay mode) rather than go out unrecorded. */
  outsideTest(): 'fail' | 'live'
  /**
   * The `redact` hook and `allowSecrets` in effect, whatever the recording mode: every artifact
   * (snapshots, task meta, printed messages) passes the same ones as the recordings.
   */
  secrets?(): SecretSettings
}

const ROUTER = Symbol.for('vitest-scenario.recording-router')

type WithRouter = typeof globalThis & { [ROUTER]?: RecordingRouter | undefined }

/** Installs (or, with `undefined`, removes) the router for this process. */
export function installRecordingRouter(router: RecordingRouter | undefined): void {
  ;(globalThis as WithRouter)[ROUTER] = router
}

/** The installed router, when the Vitest layer is active. */
export function recordingRouter(): RecordingRouter | undefined {
  return (globalThis as WithRouter)[ROUTER]
}
