// One review of a pull request's run, shared by `vitest-scenario github` and the reporters'
// `github` option: read this run's report and the base branch's, compare them, write the
// comparison's files, then post the sticky comment and the Check Run. Everything it finds comes
// back as data; the caller prints it and picks the exit code.
import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import { compareCheckedReports } from '../compare/compare-reports.js'
import type { Comparison } from '../compare/comparison.js'
import { writeComparisonFiles } from '../compare/write-outputs.js'
import { formatMessage } from '../errors/index.js'
import { tryReadResultsReport } from '../results/read-results.js'
import type { FailOnGates, ResultsReport } from '../results/results-report.js'
import { createCheckRun } from './check-run.js'
import { githubClient } from './github-client.js'
import {
  type GithubContext,
  type GithubEnvironment,
  readGithubContext,
} from './github-environment.js'
import { type NeutralReason, type ReviewContent, reviewContent } from './review-content.js'
import { commentMarker, upsertStickyComment } from './sticky-comment.js'

/** What one review reads, writes and posts. */
export interface ReviewOptions {
  /** The project root: paths in messages are relative to it. */
  cwd: string
  /** The Actions environment (`GITHUB_TOKEN`, `GITHUB_REPOSITORY`, the event, …). */
  env: GithubEnvironment
  /** This run's JSON report (absolute path). */
  reportPath: string
  /** The base branch's JSON report (absolute path); a missing file makes the check `neutral`. */
  baselinePath: string
  /** Where compare.json, compare.md and compare.html go when there is a baseline. */
  outDir: string
  /** Names the comment's marker and the Check Run. */
  suite?: string | undefined
  /** A baseline older than this many days makes the check `neutral` (default 7). */
  baselineMaxAgeDays?: number | undefined
  /** Gates set by flags: they win over the report's `failOn`, gate by gate. */
  gates?: FailOnGates | undefined
  /** Work out what would be posted and post nothing (no token needed). */
  dryRun?: boolean | undefined
  /** The time the baseline's age is measured at (default now). */
  now?: Date | undefined
  /** The client's `fetch` and `sleep` (tests); default the global `fetch` and a timer. */
  fetch?: typeof fetch | undefined
  sleep?: ((ms: number) => Promise<void>) | undefined
  /** Receives one line per step worth telling while it happens (a retry, a wait, a reader's message). */
  log: (line: string) => void
}

/** What a review did. */
export interface ReviewOutcome {
  /** The words it posted (or would have, in a dry run). */
  content: ReviewContent
  /** The commit the Check Run went (or would go) on. */
  headSha?: string | undefined
  /** The pull request the comment went (or would go) to. */
  pullRequest?: number | undefined
  /** The comparison's files written (none without a baseline). */
  written: string[]
  /** The comment posted: created or updated in place. */
  comment?: { action: 'created' | 'updated'; id: number; url: string } | undefined
  /** Why no comment was posted, when the run is not a pull request's. */
  noComment?: string | undefined
  /** The Check Run created. */
  check?: { id: number; url: string } | undefined
  /** What failed while posting, one `[vitest-scenario]` message each. */
  errors: string[]
  /** Whether this was a dry run. */
  dryRun: boolean
}

/** A review's outcome, or why it could not start (bad input: exit code 2). */
export type ReviewResult = { ok: true; value: ReviewOutcome } | { ok: false; message: string }

/** `baselineMaxAgeDays` unless set. */
export const DEFAULT_BASELINE_MAX_AGE_DAYS = 7

const DAY_MS = 86_400_000
const SUITE = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/

/**
 * Runs one review: compares this run's report with the baseline's and posts the result.
 *
 * @example
 * const review = await runReview({ cwd, env: process.env, reportPath, baselinePath, outDir, log: console.error })
 * if (review.ok && review.value.errors.length > 0) process.exitCode = 1
 */
export async function runReview(options: ReviewOptions): Promise<ReviewResult> {
  const dryRun = options.dryRun === true
  const { suite, cwd } = options
  if (suite !== undefined && !SUITE.test(suite)) {
    return refuse(
      `The suite name '${suite}' cannot name a comment marker and a Check Run`,
      'Use letters, digits and . _ : / @ + - (at most 100), starting with a letter or digit, e.g. --suite e2e.',
    )
  }
  const context = readGithubContext(options.env, { dryRun })
  if (!context.ok) return context
  const read = tryReadResultsReport(options.reportPath)
  if (!read.ok) return { ok: false, message: read.error.message }
  const report = read.report
  const baseline = readBaseline(options, report)
  const written: string[] = []
  if (baseline.comparison !== undefined) {
    const files = writeComparisonFiles(baseline.comparison, options.outDir, cwd)
    if (!files.ok) return { ok: false, message: files.message }
    written.push(...files.paths)
  }
  const github = context.value
  const content = reviewContent({
    suite,
    marker: commentMarker(suite),
    report,
    comparison: baseline.comparison,
    neutral: baseline.neutral,
    notes: baseNotes(baseline.report, github),
  })
  const outcome: ReviewOutcome = { content, written, errors: [], dryRun }
  if (github.headSha !== undefined) outcome.headSha = github.headSha
  if (github.pullRequest !== undefined) outcome.pullRequest = github.pullRequest.number
  else {
    outcome.noComment =
      'the event is not a pull request (GITHUB_EVENT_NAME is not pull_request or pull_request_target), so there is no pull request to comment on'
  }
  if (dryRun) return { ok: true, value: outcome }
  await post(outcome, github, options)
  return { ok: true, value: outcome }
}

/** Posts the comment (for a pull request) and the Check Run, filling `outcome` in. */
async function post(
  outcome: ReviewOutcome,
  github: GithubContext,
  options: ReviewOptions,
): Promise<void> {
  const { token, owner, repo, headSha, pullRequest } = github
  // readGithubContext requires these outside a dry run.
  if (token === undefined || owner === undefined || repo === undefined || headSha === undefined) {
    return
  }
  const clientOptions: Parameters<typeof githubClient>[0] = {
    apiUrl: github.apiUrl,
    token,
    log: options.log,
  }
  if (options.fetch !== undefined) clientOptions.fetch = options.fetch
  if (options.sleep !== undefined) clientOptions.sleep = options.sleep
  const client = githubClient(clientOptions)
  const { content } = outcome
  if (pullRequest !== undefined) {
    const comment = await upsertStickyComment(client, {
      owner,
      repo,
      issue: pullRequest.number,
      marker: commentMarker(options.suite),
      body: content.body,
    })
    if (comment.ok) outcome.comment = comment.value
    else {
      outcome.errors.push(comment.error.message)
      // A refused token is refused for the check too: one message says it.
      if (comment.error.status === 401) return
    }
  }
  const input: Parameters<typeof createCheckRun>[1] = {
    owner,
    repo,
    name: content.checkName,
    headSha,
    conclusion: content.conclusion,
    title: content.title,
    summary: content.summary,
  }
  if (content.text !== undefined) input.text = content.text
  if (github.detailsUrl !== undefined) input.detailsUrl = github.detailsUrl
  const check = await createCheckRun(client, input)
  if (check.ok) outcome.check = check.value
  else outcome.errors.push(check.error.message)
}

/** The baseline read and compared, or why there is no verdict. */
interface BaselineFound {
  report?: ResultsReport | undefined
  comparison?: Comparison | undefined
  neutral?: NeutralReason | undefined
}

function readBaseline(options: ReviewOptions, report: ResultsReport): BaselineFound {
  const { cwd } = options
  const where = relative(cwd, options.baselinePath) || options.baselinePath
  if (!existsSync(options.baselinePath)) {
    return {
      neutral: {
        title: 'No baseline',
        detail: `There is no baseline report at ${where}: the base branch's workflow has not saved one yet, or this job did not download it. This run is shown alone.`,
      },
    }
  }
  const read = tryReadResultsReport(options.baselinePath)
  if (!read.ok) {
    options.log(read.error.message)
    return {
      neutral: {
        title: 'Baseline unreadable',
        detail: `The baseline report ${where} cannot be read: ${read.error.what.replace(/^The results report cannot be read: /, '')}. Run the base branch's workflow again to save a new one.`,
      },
    }
  }
  const baseline = read.report
  const comparison = compareCheckedReports(baseline, report, {
    baselineSource: where,
    candidateSource: relative(cwd, options.reportPath) || options.reportPath,
    failOn: { ...report.failOn, ...options.gates },
    now: options.now,
  })
  const maxDays = options.baselineMaxAgeDays ?? DEFAULT_BASELINE_MAX_AGE_DAYS
  const created = Date.parse(baseline.createdAt)
  const ageDays = ((options.now ?? new Date()).getTime() - created) / DAY_MS
  if (Number.isNaN(created)) {
    return {
      report: baseline,
      comparison,
      neutral: {
        title: 'Baseline of unknown age',
        detail: `The baseline report ${where} has no readable creation time ('${baseline.createdAt}'), so its age cannot be held to baselineMaxAgeDays (${maxDays}). Run the base branch's workflow again to save a new one.`,
      },
    }
  }
  if (ageDays > maxDays) {
    return {
      report: baseline,
      comparison,
      neutral: {
        title: `Baseline ${Math.floor(ageDays)} days old`,
        detail: `The baseline report ${where} was written ${baseline.createdAt.slice(0, 10)}, ${ageDays.toFixed(1)} days ago, more than baselineMaxAgeDays (${maxDays}): the comparison is shown but gives no verdict. Run the base branch's workflow again to refresh it.`,
      },
    }
  }
  return { report: baseline, comparison }
}

/** A note when the baseline was not written at the pull request's base commit. */
function baseNotes(baseline: ResultsReport | undefined, github: GithubContext): string[] {
  const baseSha = github.pullRequest?.baseSha
  const commit = baseline?.commit
  if (baseSha === undefined || commit === undefined || commit === baseSha) return []
  const branch = github.pullRequest?.baseRef
  return [
    `The baseline was written at commit ${commit.slice(0, 7)}; this pull request's base${branch === undefined ? '' : ` (${branch})`} is ${baseSha.slice(0, 7)}, so the comparison may include changes made on the base branch since.`,
  ]
}

function refuse(what: string, fix: string): { ok: false; message: string } {
  return { ok: false, message: formatMessage({ what, fix }) }
}
