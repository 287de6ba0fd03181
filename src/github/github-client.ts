import { sleep as wait } from '../internal/sleep.js'
import {
  errorBodyOf,
  exhaustedMessage,
  type FailedRequest,
  refusedMessage,
  unreachableMessage,
  unreadableMessage,
  waitTooLongMessage,
} from './github-failure.js'
import { nextLink } from './link-header.js'
import { maskToken } from './mask-token.js'
import { resolveUrl } from './resolve-url.js'
import { backoffMs, isRateLimit, retryDecision } from './retry-policy.js'

/** How a GitHub REST client is made. */
export interface GithubClientOptions {
  /** The REST API's URL: `GITHUB_API_URL`, `https://api.github.com` on github.com. */
  apiUrl: string
  /** The token sent as `Authorization: Bearer <token>`; masked in every message and log line. */
  token: string
  /** The `fetch` to use (default the global one). */
  fetch?: typeof fetch
  /** How to wait between attempts (default a timer); tests pass one that records the waits. */
  sleep?: (ms: number) => Promise<void>
  /** Attempts per request in all, the first included (default 5). */
  maxAttempts?: number
  /** Where one line per retry or rate-limit wait goes (default nowhere). */
  log?: (line: string) => void
  /** How long one attempt may take before it counts as a network failure (default 30 s). */
  timeoutMs?: number
}

/** Why a request failed: GitHub's status when it answered, and the message to show. */
export interface GithubError {
  /** The HTTP status of the last answer; `undefined` when GitHub was never reached. */
  status?: number | undefined
  /** A `[vitest-scenario]` message: what happened, to which request, what to do. Token masked. */
  message: string
}

/** A request's outcome as data: the value, or the error. */
export type GithubResult<T> = { ok: true; value: T } | { ok: false; error: GithubError }

/** A successful answer: its status, its JSON body and its headers. */
export interface GithubResponse<T> {
  /** The 2xx status. */
  status: number
  /** The parsed JSON body (`undefined` for an empty body). */
  data: T
  /** The answer's headers. */
  headers: Headers
}

/** A client of the GitHub REST API with retries, rate-limit waits and clear failures. */
export interface GithubClient {
  /**
   * Sends one request to `path` under the API URL (`/repos/o/r/check-runs`) with `body` as
   * JSON, retrying server errors and network failures with backoff and waiting out rate limits.
   */
  request<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<GithubResult<GithubResponse<T>>>
  /** Every item of a listing: `GET path` with `per_page=100`, following `Link: rel="next"`. */
  paginate<T>(path: string): Promise<GithubResult<T[]>>
}

/** The API version the client speaks (GitHub's header; the payloads are of that version). */
const API_VERSION = '2022-11-28'
/** The most pages a listing follows: 100 pages of 100 is more than any pull request holds. */
const MAX_PAGES = 100
/** How long one attempt may take by default: GitHub answers in well under a second. */
const DEFAULT_TIMEOUT_MS = 30_000

/**
 * A GitHub REST client: sends `Authorization: Bearer <token>`, `Accept: application/vnd.github+json`,
 * `X-GitHub-Api-Version: 2022-11-28` and `User-Agent: vitest-scenario`. 500/502/503/504 and
 * network errors (an attempt over `timeoutMs` among them) are tried again after 1 s, 2 s, 4 s, … (at most 30 s; a `retry-after` wins);
 * rate limits (403/429) wait what GitHub says, unless over two minutes; 401/403/404/422 fail at
 * once with a message naming the fix. Never throws; the token never appears in what it returns
 * or logs.
 *
 * @example
 * const client = githubClient({ apiUrl: 'https://api.github.com', token: process.env.GITHUB_TOKEN ?? '' })
 * const result = await client.request('POST', '/repos/o/r/check-runs', { name: 'ci', head_sha: sha })
 */
export function githubClient(options: GithubClientOptions): GithubClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '')
  const token = options.token
  const doFetch = options.fetch ?? globalThis.fetch
  const sleep = options.sleep ?? ((ms: number) => wait(ms))
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 5))
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const mask = (text: string) => maskToken(text, token)
  const log = (line: string) => options.log?.(mask(line))
  const failure = <T>(message: string, status?: number): GithubResult<T> => ({
    ok: false,
    error: { status, message: mask(message) },
  })

  const send = async <T>(
    method: 'GET' | 'POST' | 'PATCH',
    target: string,
    body: unknown,
  ): Promise<GithubResult<GithubResponse<T>>> => {
    const resolved = resolveUrl(apiUrl, target)
    if (!resolved.ok) return failure(resolved.message)
    const request: FailedRequest = { method, path: resolved.path, apiUrl }
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': API_VERSION,
        'user-agent': 'vitest-scenario',
        ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }
    for (let attempt = 1; ; attempt++) {
      const answer = await attemptOnce(doFetch, resolved.url, init, timeoutMs)
      const last = attempt >= maxAttempts
      if (answer.kind === 'network') {
        if (last) return failure(unreachableMessage(request, answer.cause, attempt))
        const ms = backoffMs(attempt)
        log(
          retryLine(request, `the request failed (${answer.cause})`, ms, attempt + 1, maxAttempts),
        )
        await sleep(ms)
        continue
      }
      const { response, data, text } = answer
      if (response.ok) {
        if (data === undefined && text !== '') {
          return failure(
            unreadableMessage(request, response.status, 'a body that is not JSON'),
            response.status,
          )
        }
        return {
          ok: true,
          value: { status: response.status, data: data as T, headers: response.headers },
        }
      }
      const errorBody = errorBodyOf(data ?? text)
      const now = Date.now()
      const decision = retryDecision(
        response.status,
        response.headers,
        errorBody.message,
        attempt,
        now,
      )
      if (decision.kind === 'too-long') {
        return failure(
          waitTooLongMessage(request, response.status, decision.rateLimit, decision.until),
          response.status,
        )
      }
      if (decision.kind === 'fail') {
        return failure(refusedMessage(request, response.status, errorBody), response.status)
      }
      if (last) {
        const rateLimited = isRateLimit(response.status, response.headers, errorBody.message, now)
        return failure(
          exhaustedMessage(request, response.status, errorBody, attempt, rateLimited),
          response.status,
        )
      }
      log(retryLine(request, decision.reason, decision.ms, attempt + 1, maxAttempts))
      await sleep(decision.ms)
    }
  }

  return {
    request: (method, path, body) => send(method, path, body),
    async paginate<T>(path: string): Promise<GithubResult<T[]>> {
      const items: T[] = []
      const separator = path.includes('?') ? '&' : '?'
      let target: string | undefined = /[?&]per_page=/.test(path)
        ? path
        : `${path}${separator}per_page=100`
      const seen = new Set<string>()
      for (let page = 0; target !== undefined && page < MAX_PAGES && !seen.has(target); page++) {
        seen.add(target)
        const result: GithubResult<GithubResponse<unknown>> = await send('GET', target, undefined)
        if (!result.ok) return result
        if (!Array.isArray(result.value.data)) {
          const request = { method: 'GET', path: target, apiUrl }
          return failure(
            unreadableMessage(request, result.value.status, 'a body that is not a list'),
          )
        }
        items.push(...(result.value.data as T[]))
        target = nextLink(result.value.headers.get('link'))
      }
      return { ok: true, value: items }
    },
  }
}

/** One attempt's outcome: an answer with its body read, or a network failure. */
type Attempt =
  | { kind: 'answer'; response: Response; data: unknown; text: string }
  | { kind: 'network'; cause: string }

async function attemptOnce(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Attempt> {
  // The body is read under the same deadline: a server may send headers and then stall.
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const response = await doFetch(url, { ...init, signal })
    const text = await response.text()
    return { kind: 'answer', response, data: parseJson(text), text }
  } catch (error) {
    if (signal.aborted) return { kind: 'network', cause: `no answer within ${timeoutMs / 1000} s` }
    return { kind: 'network', cause: causeOf(error) }
  }
}

/** The JSON of `text`, or `undefined` when it is empty or not JSON. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** What failed, from a fetch error: its cause's code or message (`ECONNREFUSED`), else its own. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message
  }
  return error.message
}

function retryLine(
  request: FailedRequest,
  reason: string,
  ms: number,
  next: number,
  of: number,
): string {
  const seconds = Math.round(ms / 100) / 10
  return `[vitest-scenario] ${reason} to ${request.method} ${request.path}; trying again in ${seconds} s (attempt ${next} of ${of})`
}
