import type { GithubValidationError } from './github-json.js'

/** The longest comment body GitHub takes, in characters. */
export const MAX_COMMENT_BODY = 65_536
/** The longest Check Run `output.summary` and `output.text` GitHub takes, in characters. */
export const MAX_CHECK_OUTPUT = 65_535

const STATUSES = ['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending']
const CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out',
]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What is wrong with a comment body (create or update), as GitHub's 422 lists it. */
export function commentProblems(
  body: unknown,
  marker: RegExp | undefined,
): GithubValidationError[] {
  const problem = (code: GithubValidationError['code'], message?: string) => [
    {
      resource: 'IssueComment',
      field: 'body',
      code,
      ...(message === undefined ? {} : { message }),
    },
  ]
  if (!isRecord(body) || body.body === undefined) return problem('missing_field')
  const text = body.body
  if (typeof text !== 'string' || text.trim() === '') return problem('invalid', 'body is empty')
  if (text.length > MAX_COMMENT_BODY) {
    return problem('custom', `Body is too long (maximum is ${MAX_COMMENT_BODY} characters)`)
  }
  // Not GitHub's rule: the tests' own check that the sticky comment carries its hidden marker.
  const firstLine = text.split('\n', 1)[0] ?? ''
  if (marker !== undefined && !marker.test(firstLine)) {
    return problem(
      'custom',
      `the first line is not the review marker: ${JSON.stringify(firstLine)}`,
    )
  }
  return []
}

/** What is wrong with a `POST /repos/{o}/{r}/check-runs` body, as GitHub's 422 lists it. */
export function checkRunProblems(body: unknown): GithubValidationError[] {
  const found: GithubValidationError[] = []
  const add = (field: string, code: GithubValidationError['code'], message?: string) =>
    found.push({ resource: 'CheckRun', field, code, ...(message === undefined ? {} : { message }) })
  if (!isRecord(body)) {
    add('name', 'missing_field')
    add('head_sha', 'missing_field')
    return found
  }
  if (body.name === undefined) add('name', 'missing_field')
  else if (typeof body.name !== 'string' || body.name.trim() === '') add('name', 'invalid')
  if (body.head_sha === undefined) add('head_sha', 'missing_field')
  else if (typeof body.head_sha !== 'string' || !/^[0-9a-f]{40}$/.test(body.head_sha)) {
    add('head_sha', 'invalid', 'head_sha must be a full 40-character commit SHA')
  }
  const { status, conclusion } = body
  if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status))) {
    add('status', 'invalid')
  }
  if (conclusion !== undefined) {
    if (typeof conclusion !== 'string' || !CONCLUSIONS.includes(conclusion)) {
      add('conclusion', 'invalid')
    } else if (status !== undefined && status !== 'completed') {
      add('conclusion', 'custom', 'conclusion can only be set with status completed')
    }
  } else if (status === 'completed') {
    add('conclusion', 'missing_field', 'a completed check run needs a conclusion')
  }
  if (body.details_url !== undefined && !isUrl(body.details_url)) add('details_url', 'invalid')
  if (body.output !== undefined) outputProblems(body.output, add)
  return found
}

function outputProblems(
  output: unknown,
  add: (field: string, code: GithubValidationError['code'], message?: string) => void,
): void {
  if (!isRecord(output)) {
    add('output', 'invalid')
    return
  }
  for (const field of ['title', 'summary'] as const) {
    const value = output[field]
    if (value === undefined) add(`output.${field}`, 'missing_field')
    else if (typeof value !== 'string' || value === '') add(`output.${field}`, 'invalid')
  }
  for (const field of ['summary', 'text'] as const) {
    const value = output[field]
    if (typeof value === 'string' && value.length > MAX_CHECK_OUTPUT) {
      add(`output.${field}`, 'custom', `is too long (maximum is ${MAX_CHECK_OUTPUT} characters)`)
    }
  }
  if (output.text !== undefined && typeof output.text !== 'string') add('output.text', 'invalid')
}

function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}
