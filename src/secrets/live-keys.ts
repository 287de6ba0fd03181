import { isKeyShaped } from './key-shape.js'

// The API keys this process has sent or been given. Masking must find them wherever text is
// printed or stored — in a matcher message, task meta, a snapshot — also where no recorder is in
// reach (recordings off, a model config's own `apiKey`), so they are kept per process. Only
// key-shaped values are kept: a placeholder such as `none` is not a secret.
const keys = new Set<string>()

/**
 * Remembers an API key the library used (a model config's `apiKey`, a client's key, the
 * credential of a recorded call), so every later artifact and printed text is checked for it.
 */
export function rememberLiveKey(key: string | undefined | null): void {
  if (typeof key === 'string' && isKeyShaped(key)) keys.add(key)
}

/** The key-shaped API keys this process has used so far. */
export function liveKeys(): ReadonlySet<string> {
  return keys
}
