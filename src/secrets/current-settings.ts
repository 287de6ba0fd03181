import { AsyncLocalStorage } from 'node:async_hooks'
import type { SecretSettings } from './redact-hook.js'

/** The settings of the test running in this async context, as its host runs it. */
const settings = new AsyncLocalStorage<() => SecretSettings>()

/**
 * Runs `fn` with the host's secret settings for the test it runs: the `redact` hook and
 * `allowSecrets` its recordings use. A host wraps each test in it (Vitest's `aroundEach`, Jest's
 * scenario body), so snapshots, reporter meta and messages read the settings of their own test.
 *
 * @example
 * withSecretSettings(() => ({ redact, allowSecrets }), runTest)
 */
export function withSecretSettings<T>(source: () => SecretSettings, fn: () => T): T {
  return settings.run(source, fn)
}

/**
 * The `redact` hook and `allowSecrets` of the test that is running, as its host gave them with
 * `withSecretSettings`; none outside a host's test. Snapshots, task meta and matcher messages use
 * the same ones as the recordings, so no artifact keeps what a recording would redact.
 */
export function currentSecretSettings(): SecretSettings {
  return settings.getStore()?.() ?? {}
}
