// What a review did, as the lines the bin and the reporters print: what was posted where (or
// would be, in a dry run) and the files written. The token never reaches them.
import { relative } from 'node:path'
import type { GithubEnvironment } from './github-environment.js'
import { maskToken } from './mask-token.js'
import type { ReviewOutcome } from './run-review.js'

/** What the review did, one line each (a dry run adds the comment's body). */
export function outcomeLines(outcome: ReviewOutcome, cwd: string): string[] {
  const { content } = outcome
  const lines: string[] = []
  const check = `Check Run '${content.checkName}' on ${outcome.headSha ?? '(no head commit known)'}: ${content.conclusion} — ${content.title}`
  if (outcome.dryRun) {
    lines.push('Dry run: nothing was posted.', `Would post the ${check}`)
    lines.push(
      outcome.pullRequest === undefined
        ? `No comment would be posted: ${outcome.noComment ?? 'no pull request'}.`
        : `Would post this comment to pull request #${outcome.pullRequest}:`,
    )
    if (outcome.pullRequest !== undefined) lines.push('', content.body)
  } else {
    if (outcome.comment !== undefined) {
      lines.push(
        `${outcome.comment.action === 'created' ? 'Created' : 'Updated'} the comment on pull request #${outcome.pullRequest}: ${outcome.comment.url}`,
      )
    } else if (outcome.pullRequest === undefined) {
      lines.push(`No comment was posted: ${outcome.noComment ?? 'no pull request'}.`)
    }
    if (outcome.check !== undefined) lines.push(`Posted the ${check}: ${outcome.check.url}`)
  }
  if (outcome.written.length > 0) {
    lines.push(`Wrote ${outcome.written.map((path) => relative(cwd, path) || path).join(', ')}`)
  }
  return lines
}

/**
 * `text` with `GITHUB_TOKEN`'s value masked, and every secret the library masks: a line the
 * review prints never holds the token, whatever put it there.
 */
export function maskReviewText(text: string, env: GithubEnvironment): string {
  return maskToken(text, env.GITHUB_TOKEN?.trim() ?? '')
}
