import { setTimeout as delay } from 'node:timers/promises'
import { type GithubClient, githubClient } from '../../src/github/github-client.js'
import type { GithubApi } from '../support/github-api/index.js'

/** A fake workflow token: shaped like GitHub's, accepted only by the fake API. */
export const TOKEN = 'ghs_fakeTokenForTheTests0123456789abcdef'
/** The repository the fake API serves. */
export const REPO = 'acme/widgets'
/** A pull request head, 40 hex digits. */
export const HEAD_SHA = '0123456789abcdef0123456789abcdef01234567'

/** A client of `api` whose waits are recorded and, below `realBelowMs`, really waited. */
export interface RecordingClient {
  readonly client: GithubClient
  /** Every wait the client asked for, in ms. */
  readonly waits: number[]
  /** Every log line. */
  readonly logs: string[]
}

/**
 * A client of the fake API with the test token. Waits up to `realBelowMs` (default 0: none) are
 * waited for real, so a test can measure them against the server's clock; longer ones are only
 * recorded, so a 60 s rate limit is checked without taking a minute.
 */
export function recordingClient(
  api: GithubApi,
  options: {
    token?: string
    maxAttempts?: number
    realBelowMs?: number
    apiUrl?: string
    timeoutMs?: number
  } = {},
): RecordingClient {
  const waits: number[] = []
  const logs: string[] = []
  const realBelow = options.realBelowMs ?? 0
  const client = githubClient({
    apiUrl: options.apiUrl ?? api.url,
    token: options.token ?? TOKEN,
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    sleep: async (ms) => {
      waits.push(ms)
      if (ms <= realBelow) await delay(ms)
    },
    log: (line) => logs.push(line),
  })
  return { client, waits, logs }
}
