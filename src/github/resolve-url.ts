import { formatMessage } from '../errors/format-message.js'

/** A request target resolved: the URL to fetch and the path a message names. */
export type ResolvedUrl = { ok: true; url: string; path: string } | { ok: false; message: string }

/**
 * The URL of `target` under `apiUrl`: a path (`/repos/o/r/…`) is appended to the API URL (which
 * may itself have a path, `/api/v3`); a full URL (a `Link` header's next page) is taken only on
 * the API's own origin, so the token is never sent anywhere else.
 */
export function resolveUrl(apiUrl: string, target: string): ResolvedUrl {
  let base: URL
  try {
    base = new URL(apiUrl)
  } catch {
    return {
      ok: false,
      message: formatMessage({
        what: `The GitHub API URL is not a URL: ${JSON.stringify(apiUrl)}`,
        fix: 'Set GITHUB_API_URL to the REST API: https://api.github.com, or https://<host>/api/v3 on GitHub Enterprise Server (Actions sets it).',
      }),
    }
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    return {
      ok: false,
      message: formatMessage({
        what: `The GitHub API URL is not http(s): ${JSON.stringify(apiUrl)}`,
        fix: 'Set GITHUB_API_URL to the REST API: https://api.github.com, or https://<host>/api/v3 on GitHub Enterprise Server.',
      }),
    }
  }
  if (!/^https?:\/\//i.test(target)) {
    const path = target.startsWith('/') ? target : `/${target}`
    return { ok: true, url: `${apiUrl}${path}`, path }
  }
  const url = new URL(target)
  if (url.origin !== base.origin) {
    return {
      ok: false,
      message: formatMessage({
        what: `GitHub pointed the next page at another host: ${url.origin}`,
        subjects: [`API: ${apiUrl}`],
        fix: 'The token is only sent to the API itself. Check GITHUB_API_URL; if it is right, report this.',
      }),
    }
  }
  const basePath = base.pathname.replace(/\/+$/, '')
  const full = `${url.pathname}${url.search}`
  return {
    ok: true,
    url: url.toString(),
    path: full.startsWith(basePath) ? full.slice(basePath.length) : full,
  }
}
