// Secrets in everything the library stores or prints: the rules (shapes, live keys, secret-named
// environment values), the guard that refuses committed artifacts holding one, masking for
// printed and reported text, and control-character neutralization.
export {
  neutralizeControl,
  neutralizeControlKeepColours,
  stripControl,
} from './control-characters.js'
export { currentSecretSettings, withSecretSettings } from './current-settings.js'
export {
  allowList,
  type GuardOptions,
  guardString,
  guardStrings,
  type SecretHit,
} from './guard-strings.js'
export { isKeyShaped, MIN_KEY_LENGTH } from './key-shape.js'
export { liveKeys, rememberLiveKey } from './live-keys.js'
export { maskPrinted, maskSecrets, maskWith, printable } from './mask-secrets.js'
export type { RedactHook, SecretSettings } from './redact-hook.js'
export { SECRET_MASK, type SecretRule, secretRules } from './secret-rules.js'
