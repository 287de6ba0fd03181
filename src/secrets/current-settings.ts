import type { SecretSettings } from './redact-hook.js'

/** Where the settings come from: installed by the host, none until then. */
let source: (() => SecretSettings) | undefined

/**
 * Hands the library the host's secret settings: the `redact` hook and `allowSecrets` of the test
 * that is running (the Vitest setup installs its own; `undefined` takes them out again). Called
 * once by the host when it starts, never per test or per call.
 */
export function useSecretSettings(settings: (() => SecretSettings) | undefined): void {
  source = settings
}

/**
 * The `redact` hook and `allowSecrets` of the test that is running, as the host gave them with
 * `useSecretSettings`; none without a host. Snapshots, task meta and matcher messages use the
 * same ones as the recordings, so no artifact keeps what a recording would redact.
 */
export function currentSecretSettings(): SecretSettings {
  return source?.() ?? {}
}
