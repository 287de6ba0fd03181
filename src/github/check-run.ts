import { formatMessage } from '../errors/format-message.js'
import { fitToLimit } from './fit-limit.js'
import type { GithubClient, GithubResult } from './github-client.js'

/** How the review's Check Run concludes. */
export type CheckConclusion = 'success' | 'failure' | 'neutral'

/** The longest `output.summary` or `output.text` GitHub takes, in characters. */
export const MAX_CHECK_OUTPUT_LENGTH = 65_535

/** What a cut check output ends with. */
const CUT_NOTE =
  '_Cut here: over GitHub’s limit of 65,535 characters. The full comparison is in the run’s artifacts (compare.html, compare.md)._'

/** A completed Check Run to create. */
export interface CheckRunInput {
  /** The repository's owner. */
  owner: string
  /** The repository's name. */
  repo: string
  /** The Check Run's name: `vitest-scenario` or `vitest-scenario (<suite>)`. */
  name: string
  /** The commit it is on: the pull request's head (40 hex digits). */
  headSha: string
  /** How it concludes. */
  conclusion: CheckConclusion
  /** The output's title, one line. */
  title: string
  /** The output's summary (Markdown). */
  summary: string
  /** More detail below the summary (Markdown). */
  text?: string
  /** Where "Details" leads: the workflow run. */
  detailsUrl?: string
}

/**
 * Creates a completed Check Run on `headSha` (`POST /repos/{o}/{r}/check-runs`). Summary and text
 * over GitHub's limit are cut, each ending with a line saying where the full comparison is; a
 * title's line breaks become spaces. A head that is not a full commit SHA fails before any request.
 */
export async function createCheckRun(
  client: GithubClient,
  input: CheckRunInput,
): Promise<GithubResult<{ id: number; url: string }>> {
  if (!/^[0-9a-f]{40}$/i.test(input.headSha)) {
    return {
      ok: false,
      error: {
        message: formatMessage({
          what: `The Check Run's commit is not a full SHA: ${JSON.stringify(input.headSha)}`,
          fix: "Run the review on a pull_request event (its payload names the head commit), or set GITHUB_SHA to the commit's 40 hex digits.",
        }),
      },
    }
  }
  const path = `/repos/${encodeURIComponent(input.owner)}/${encodeURIComponent(input.repo)}/check-runs`
  const payload = {
    name: input.name,
    head_sha: input.headSha.toLowerCase(),
    status: 'completed',
    conclusion: input.conclusion,
    completed_at: new Date().toISOString(),
    ...(input.detailsUrl === undefined ? {} : { details_url: input.detailsUrl }),
    output: {
      title: input.title.replace(/\s*[\r\n]+\s*/g, ' '),
      summary: fitToLimit(input.summary, MAX_CHECK_OUTPUT_LENGTH, CUT_NOTE),
      ...(input.text === undefined
        ? {}
        : { text: fitToLimit(input.text, MAX_CHECK_OUTPUT_LENGTH, CUT_NOTE) }),
    },
  }
  const sent = await client.request<{ id?: unknown; html_url?: unknown }>('POST', path, payload)
  if (!sent.ok) return sent
  const { id, html_url: url } = sent.value.data ?? {}
  if (typeof id !== 'number' || typeof url !== 'string') {
    return {
      ok: false,
      error: {
        status: sent.value.status,
        message: formatMessage({
          what: `GitHub answered ${sent.value.status} to the Check Run without its id or URL`,
          subjects: [`check: ${input.name} on ${input.headSha}`],
          fix: 'Check that GITHUB_API_URL is the REST API (https://api.github.com, or https://<host>/api/v3).',
        }),
      },
    }
  }
  return { ok: true, value: { id, url } }
}
