// Shared by the model calls (messages, the limiter's keys) and the recording `fetch` (a cut
// stream names its endpoint): it reads only the URL.

/**
 * The endpoint a base URL names, safe to print and to key on: scheme, host, port and the base
 * path, without a trailing slash. Credentials (`user:pass@`), the query and the fragment are never
 * part of it, since messages and reports show it.
 *
 * @example
 * endpointOf('https://user:secret@proxy.example:8443/v1/?key=abc') // 'https://proxy.example:8443/v1'
 */
export function endpointOf(baseURL: string): string {
  let url: URL
  try {
    url = new URL(baseURL)
  } catch {
    // Not a URL the SDK could call either; show it without anything that may hold a secret.
    return baseURL.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//')
  }
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.protocol}//${url.host}${path}`
}
