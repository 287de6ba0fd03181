// Task meta is an artifact: Vitest's JSON reporter writes it, blobs of sharded runs keep it, and
// every report is drawn from it. So its strings pass the test's `redact` hook and secret masking
// in the worker, before they leave the test; the reporter masks again in the main process.
import { InvalidArgumentError } from '../../../errors/index.js'
import {
  currentSecretSettings,
  liveKeys,
  maskWith,
  type RedactHook,
  type SecretRule,
  type SecretSettings,
  secretRules,
} from '../../../secrets/index.js'
import type { MetaText } from './scenario-meta.js'

/** Where the `redact` hook is told a string of task meta sits: `report.runs.0.turns.1.answer`. */
export const META_PATH_PREFIX = 'report.'

/**
 * The `text` option of `scenarioMeta()` for the running test: each string goes through the
 * test's `redact` hook (at `report.<path>`), then every secret in it is masked as `[secret]`
 * (the live keys, secret-named environment values, `sk-` keys, Bearer tokens, JWTs, URL
 * passwords); a hook
 * that throws or returns no string is an `InvalidArgumentError` (the test fails). Control
 * characters are kept: the meta is data, and each report neutralizes or strips them itself.
 * The rules are built once per call, so a whole meta costs one look at the environment.
 *
 * @example
 * meta.scenario = scenarioMeta(definition, results, { samples, text: metaText() })
 */
export function metaText(settings: SecretSettings = currentSecretSettings()): MetaText {
  const rules = secretRules(liveKeys())
  const redact = settings.redact
  return (value, path) => {
    const kept =
      redact === undefined ? value : redacted(redact, value, META_PATH_PREFIX + path, rules)
    return maskWith(kept, rules)
  }
}

// A failing hook is the user's bug: said loudly (the test fails) rather than passed over, since
// a hook that fails here may be the one meant to hide a secret masking does not know about.
function redacted(
  redact: RedactHook,
  value: string,
  path: string,
  rules: readonly SecretRule[],
): string {
  let out: unknown
  try {
    out = redact(value, path)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new InvalidArgumentError(
      `The recordings.redact hook threw on the report text at '${path}': ${maskWith(reason, rules)}`,
      FIX,
    )
  }
  if (typeof out === 'string') return out
  throw new InvalidArgumentError(
    `The recordings.redact hook returned ${out === null ? 'null' : typeof out}, not a string, for the report text at '${path}'`,
    FIX,
  )
}

const FIX =
  'Make redact(value, jsonPath) return a string for every value: return `value` unchanged for paths it does not handle (report text paths start with `report.`).'

/**
 * Masking for the reporter (main process): the same secret rules, built once per report. The
 * meta was masked in the worker already; this catches what an older writer or a blob let through,
 * and the test names and failure messages that never went through the worker's masking.
 */
export function reportMask(): (text: string) => string {
  const rules = secretRules(liveKeys())
  return (text) => maskWith(text, rules)
}
