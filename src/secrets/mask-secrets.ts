import { neutralizeControlKeepColours } from './control-characters.js'
import { liveKeys } from './live-keys.js'
import type { SecretSettings } from './redact-hook.js'
import { type SecretRule, secretRules } from './secret-rules.js'

/**
 * `text` with every secret replaced by `[secret]`: the keys this process used (and `keys`), the
 * values of secret-named environment variables, `sk-` keys, Bearer tokens, JWTs and the
 * user-info of a URL with a password (`http://user:pass@host` → `http://[secret]@host`). For text
 * that is printed or reported, never refused: an error message must still be shown.
 *
 * @example
 * maskSecrets('401: Incorrect API key provided: sk-abc…xyz') // '401: Incorrect API key provided: [secret]'
 */
export function maskSecrets(text: string, keys: Iterable<string> = []): string {
  return maskWith(text, secretRules([...liveKeys(), ...keys]))
}

/** `text` with every match of `rules` replaced by `[secret]`. */
export function maskWith(text: string, rules: readonly SecretRule[]): string {
  let masked = text
  for (const rule of rules) masked = rule.mask(masked)
  return masked
}

/**
 * Text to be printed, before it is clipped or coloured: through the user's `redact` hook (at
 * `path`), then secrets masked. A hook that throws on printed text is skipped (the artifacts it
 * guards fail the test with its error): a message must still be shown, masked.
 */
export function maskPrinted(text: string, settings: SecretSettings = {}, path = 'message'): string {
  let out = text
  if (settings.redact !== undefined) {
    try {
      out = settings.redact(out, path)
    } catch {
      // See above: masking still runs.
    }
  }
  return maskSecrets(out)
}

/**
 * Text as the library prints it: `maskPrinted`, then control characters neutralized (the
 * library's own colours kept).
 */
export function printable(text: string, settings: SecretSettings = {}, path = 'message'): string {
  return neutralizeControlKeepColours(maskPrinted(text, settings, path))
}
