/** What a credential in a printed URL is replaced with (the same mark as every masked secret). */
const MASK = '[secret]'

/**
 * Query parameters whose values are masked in a printed URL: the credential names recordings drop
 * (`key`, `api-key`, `token`, `sig`, `code`, `password`, …) and any name that contains one of the
 * words a credential's name does.
 */
const CREDENTIAL_PARAM =
  /key|token|secret|passw|pwd|auth|credential|session|cookie|signature|jwt|(^|[-_.])sig([-_.]|$)|^code$|^pass$/i

/**
 * `url` as a message may print it: user-info (`scheme://user:pass@host`) and the values of
 * credential query parameters replaced with `[secret]`.
 *
 * @example
 * maskedUrl(new URL('https://me:pw@api.example.com/v1?api_key=abc&v=2'))
 * // 'https://[secret]@api.example.com/v1?api_key=[secret]&v=2'
 */
export function maskedUrl(url: URL): string {
  const userInfo = url.username !== '' || url.password !== ''
  const query = url.search === '' ? '' : maskedQuery(url.search.slice(1))
  const auth = userInfo ? `${MASK}@` : ''
  return `${url.protocol}//${auth}${url.host}${url.pathname}${query}${url.hash === '' ? '' : '#…'}`
}

/** The query with each credential parameter's value masked, the rest as it was written. */
function maskedQuery(query: string): string {
  const parts = query.split('&').map((part) => {
    const at = part.indexOf('=')
    const name = decodeName(at === -1 ? part : part.slice(0, at))
    return CREDENTIAL_PARAM.test(name)
      ? `${part.slice(0, at === -1 ? part.length : at)}=${MASK}`
      : part
  })
  return `?${parts.join('&')}`
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '))
  } catch {
    return name
  }
}
