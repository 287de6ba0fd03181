// The reporters' `github` option: once a run has written its JSON report, the same review as
// `vitest-scenario github` — but only in GitHub Actions, never for one shard of a run or for a
// candidate run, and never thrown: a review that cannot be posted is a message, and a failed gate
// is the Check Run's `failure`, not the test run's exit code.
import { dirname, resolve } from 'node:path'
import { formatMessage } from '../errors/index.js'
import { resultsTarget } from '../results/results-path.js'
import type { GithubEnvironment } from './github-environment.js'
import { maskReviewText, outcomeLines } from './outcome-lines.js'
import { DEFAULT_BASELINE_MAX_AGE_DAYS, runReview } from './run-review.js'

/** The reporters' `github` option. */
export type GithubReporterOption =
  | boolean
  | {
      /** The base branch's report, relative to the root (default `test-results/baseline/results.json`). */
      baseline?: string | undefined
      /** Names the comment's marker and the Check Run. */
      suite?: string | undefined
      /** An older baseline makes the check `neutral` (default 7). */
      baselineMaxAgeDays?: number | undefined
    }

/** The base branch's report unless the option says otherwise, relative to the root. */
export const DEFAULT_REPORTER_BASELINE = 'test-results/baseline/results.json'

/** What a reporter knows when its run has ended. */
export interface AfterRun {
  /** The reporter's `github` option. */
  option: GithubReporterOption | undefined
  /** What report paths are relative to (the runner's root). */
  root: string
  /** The reporter's `json` option: where the run's JSON report went. */
  json: string | false | undefined
  /** Whether this run wrote the JSON report at `file` (absolute). */
  wrote: (file: string) => boolean
  /** `i/n` when the run is one shard of several. */
  shard?: string | undefined
  /** The environment (default `process.env`). */
  env?: GithubEnvironment | undefined
  /** Prints a line the user reads (what was posted, or why nothing was). */
  print: (line: string) => void
  /** Prints a `[vitest-scenario]` message (the review could not be posted). */
  printError: (message: string) => void
}

/**
 * Runs the review the reporter's `github` option asks for; resolves when it is posted (or not),
 * never rejects.
 *
 * @example
 * await reviewAfterRun({ option: true, root, json: undefined, wrote: () => true, print: console.log, printError: console.error })
 */
export async function reviewAfterRun(run: AfterRun): Promise<void> {
  const env = run.env ?? process.env
  const mask = (text: string) => maskReviewText(text, env)
  try {
    const { option } = run
    if (option === undefined || option === false) return
    const skip = (why: string) =>
      run.print(mask(`vitest-scenario: the reporter's github option posted nothing: ${why}.`))
    if (env.GITHUB_ACTIONS !== 'true') {
      skip(
        "this run is not in GitHub Actions (GITHUB_ACTIONS is not 'true'); `npx vitest-scenario github --dry-run` shows what it would post",
      )
      return
    }
    if (run.shard !== undefined) {
      skip(
        `this is shard ${run.shard} of the run; merge the shards' reports first (\`vitest --merge-reports\` or \`npx vitest-scenario merge\`), then post once with \`npx vitest-scenario github\``,
      )
      return
    }
    const target = resultsTarget(run.json, run.root, env)
    if ('problem' in target) return // The JSON report's own failure says it.
    if (target.candidate !== undefined) {
      skip(
        `this is a run of candidate '${target.candidate}'; the review compares the pull request's own run with the base branch's (compare a candidate with \`npx vitest-scenario compare\`)`,
      )
      return
    }
    if (target.file === undefined || !run.wrote(target.file)) {
      run.printError(
        mask(
          formatMessage({
            what: "The reporter's github option posted nothing: this run wrote no JSON report to compare (the reporter's `json` is false, or no test ran)",
            fix: "Leave the reporter's `json` option unset (or a path) so the run writes test-results/results.json.",
          }),
        ),
      )
      return
    }
    const settings = typeof option === 'object' ? option : {}
    const review = await runReview({
      cwd: run.root,
      env,
      reportPath: target.file,
      baselinePath: resolve(run.root, settings.baseline ?? DEFAULT_REPORTER_BASELINE),
      outDir: dirname(target.file),
      suite: settings.suite,
      baselineMaxAgeDays: settings.baselineMaxAgeDays ?? DEFAULT_BASELINE_MAX_AGE_DAYS,
      log: (line) => run.printError(mask(line)),
    })
    if (!review.ok) {
      run.printError(mask(review.message))
      return
    }
    for (const line of outcomeLines(review.value, run.root)) run.print(mask(line))
    for (const error of review.value.errors) run.printError(mask(error))
  } catch (error) {
    // A reporter never fails the run: whatever went wrong is said, masked.
    const reason = error instanceof Error ? error.message : String(error)
    run.printError(
      mask(
        formatMessage({
          what: `The reporter's github option failed: ${reason}`,
          fix: 'Post the review with `npx vitest-scenario github` in a later step instead; if this persists, report it.',
        }),
      ),
    )
  }
}
