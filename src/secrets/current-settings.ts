import { recordingRouter } from '../recordings/router.js'
import type { SecretSettings } from './redact-hook.js'

/**
 * The `redact` hook and `allowSecrets` of the test that is running, as the host layer (the
 * Vitest setup) configured them; none outside it. Snapshots, task meta and matcher messages use
 * the same ones as the recordings, so no artifact keeps what a recording would redact.
 */
export function currentSecretSettings(): SecretSettings {
  return recordingRouter()?.secrets?.() ?? {}
}
