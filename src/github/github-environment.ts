// What a review needs from GitHub Actions' environment: the token, the repository, the API's
// address, and the pull request the run is for (from the event payload, whose head SHA is the
// commit the Check Run belongs on; `GITHUB_SHA` of a pull_request event is the merge commit).
// Reading it is pure apart from the event file: problems come back as messages, never thrown.
import { readFileSync } from 'node:fs'
import { formatMessage } from '../errors/index.js'

/** The environment the review reads (`process.env` for the bin). */
export type GithubEnvironment = Readonly<Record<string, string | undefined>>

/** The pull request a run reviews, from the event payload. */
export interface PullRequestTarget {
  number: number
  /** The pull request's head commit: where the Check Run goes. */
  headSha: string
  /** The base branch's name, e.g. `main`. */
  baseRef?: string | undefined
  /** The base branch's commit the pull request was opened against (or last synchronized with). */
  baseSha?: string | undefined
}

/** Where and as whom a review posts. */
export interface GithubContext {
  /** `GITHUB_TOKEN`; absent only for a dry run. */
  token?: string | undefined
  /** `GITHUB_REPOSITORY`'s owner; absent only for a dry run outside Actions. */
  owner?: string | undefined
  repo?: string | undefined
  /** `GITHUB_API_URL` without a trailing slash (default `https://api.github.com`). */
  apiUrl: string
  /** The pull request, when the event is one (`pull_request`, `pull_request_target`). */
  pullRequest?: PullRequestTarget | undefined
  /** The commit the Check Run goes on: the pull request's head, else `GITHUB_SHA`. */
  headSha?: string | undefined
  /** The workflow run's page (`GITHUB_SERVER_URL/<repo>/actions/runs/GITHUB_RUN_ID`), when known. */
  detailsUrl?: string | undefined
}

/** The context, or the message saying what is missing and how to set it. */
export type GithubContextResult =
  | { ok: true; value: GithubContext }
  | { ok: false; message: string }

/** The GitHub API a review posts to unless `GITHUB_API_URL` says otherwise. */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com'

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target'])
const SHA = /^[0-9a-f]{40}$/i

/**
 * Reads the Actions environment. Without `dryRun`, `GITHUB_TOKEN`, `GITHUB_REPOSITORY` and a
 * head commit (the event's pull request, else `GITHUB_SHA`) are required.
 *
 * @example
 * const context = readGithubContext(process.env, { dryRun: false })
 * if (!context.ok) console.error(context.message)
 */
export function readGithubContext(
  env: GithubEnvironment,
  options: { dryRun: boolean },
): GithubContextResult {
  const token = set(env.GITHUB_TOKEN)
  if (token === undefined && !options.dryRun) {
    return problem(
      'GITHUB_TOKEN is not set, so nothing can be posted to GitHub',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow's own expression, quoted
      'Give the step the token: `env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}`, or pass --dry-run to print what would be posted.',
    )
  }
  const repository = set(env.GITHUB_REPOSITORY)
  const parts = repository?.split('/')
  const [owner, repo] = parts ?? []
  if (
    repository !== undefined &&
    (parts?.length !== 2 ||
      owner === undefined ||
      owner === '' ||
      repo === undefined ||
      repo === '')
  ) {
    return problem(
      `GITHUB_REPOSITORY is '${repository}', not <owner>/<repo>`,
      'Leave GITHUB_REPOSITORY as GitHub Actions sets it, e.g. octo-org/octo-repo.',
    )
  }
  if (repository === undefined && !options.dryRun) {
    return problem(
      'GITHUB_REPOSITORY is not set, so the repository to post to is unknown',
      'Run the command in a GitHub Actions job (it sets GITHUB_REPOSITORY), or set it to <owner>/<repo>.',
    )
  }
  const apiUrl = (set(env.GITHUB_API_URL) ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/\s]+/.test(apiUrl)) {
    return problem(
      `GITHUB_API_URL is '${apiUrl}', not an http(s) address`,
      'Leave GITHUB_API_URL as GitHub Actions sets it (https://api.github.com, or your GitHub Enterprise server /api/v3).',
    )
  }
  const event = readPullRequest(env)
  if (!event.ok) return event
  const headSha = event.value?.headSha ?? set(env.GITHUB_SHA)
  if (headSha === undefined && !options.dryRun) {
    return problem(
      'No commit to put the Check Run on: the event has no pull request and GITHUB_SHA is not set',
      'Run the command in a GitHub Actions job triggered by pull_request (or set GITHUB_SHA).',
    )
  }
  const context: GithubContext = { apiUrl }
  if (token !== undefined) context.token = token
  if (owner !== undefined && repo !== undefined) {
    context.owner = owner
    context.repo = repo
  }
  if (event.value !== undefined) context.pullRequest = event.value
  if (headSha !== undefined) context.headSha = headSha
  const server = set(env.GITHUB_SERVER_URL)?.replace(/\/+$/, '')
  const runId = set(env.GITHUB_RUN_ID)
  if (server !== undefined && runId !== undefined && repository !== undefined) {
    context.detailsUrl = `${server}/${repository}/actions/runs/${runId}`
  }
  return { ok: true, value: context }
}

/** The event's pull request: `undefined` for other events or without an event file. */
function readPullRequest(
  env: GithubEnvironment,
): { ok: true; value: PullRequestTarget | undefined } | { ok: false; message: string } {
  const name = set(env.GITHUB_EVENT_NAME)
  const path = set(env.GITHUB_EVENT_PATH)
  if (name === undefined || !PULL_REQUEST_EVENTS.has(name) || path === undefined) {
    return { ok: true, value: undefined }
  }
  let payload: unknown
  try {
    payload = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return problem(
      `The ${name} event's payload cannot be read (${error instanceof Error ? error.message : String(error)})`,
      'Leave GITHUB_EVENT_PATH as GitHub Actions sets it; it names the event payload file.',
      [`file: ${path}`],
    )
  }
  const pull = field(payload, 'pull_request')
  const number = field(pull, 'number')
  const head = field(field(pull, 'head'), 'sha')
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
    return problem(
      `The ${name} event's payload has no pull request number (pull_request.number)`,
      'Leave GITHUB_EVENT_PATH as GitHub Actions sets it for a pull_request event.',
      [`file: ${path}`],
    )
  }
  if (typeof head !== 'string' || !SHA.test(head)) {
    return problem(
      `The ${name} event's payload has no head commit (pull_request.head.sha)`,
      'Leave GITHUB_EVENT_PATH as GitHub Actions sets it for a pull_request event.',
      [`file: ${path}`],
    )
  }
  const target: PullRequestTarget = { number, headSha: head }
  const base = field(pull, 'base')
  const baseRef = field(base, 'ref')
  const baseSha = field(base, 'sha')
  if (typeof baseRef === 'string' && baseRef !== '') target.baseRef = baseRef
  if (typeof baseSha === 'string' && SHA.test(baseSha)) target.baseSha = baseSha
  return { ok: true, value: target }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined
}

function problem(
  what: string,
  fix: string,
  subjects: readonly string[] = [],
): { ok: false; message: string } {
  return { ok: false, message: formatMessage({ what, fix, subjects }) }
}

function set(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}
