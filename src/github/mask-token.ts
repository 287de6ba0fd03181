import { maskSecrets, SECRET_MASK } from '../secrets/index.js'

/**
 * `text` with every occurrence of `token` replaced by `[secret]`, then the library's secret masks
 * (secret-named environment variables, Bearer tokens, …). The token is masked by its value
 * whatever its shape: a GitHub token need not look like a key, and it must never be printed.
 */
export function maskToken(text: string, token: string): string {
  const literal = token === '' ? text : text.split(token).join(SECRET_MASK)
  return maskSecrets(literal)
}
