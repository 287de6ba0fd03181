// `vitest-scenario github`: this run's report against the base branch's, posted to the pull
// request as one sticky comment and a Check Run on its head commit (or printed, with --dry-run).
import { resolve } from 'node:path'
import { maskReviewText, outcomeLines } from '../github/outcome-lines.js'
import { DEFAULT_BASELINE_MAX_AGE_DAYS, runReview } from '../github/run-review.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { type CliResult, fail, ok } from './cli-failure.js'
import { DEFAULT_RESULTS_DIR } from './compare-command.js'
import { GATE_FLAGS, gateFlags } from './gate-flags.js'
import { numberFlag, parseCommandArgs } from './parse-command-args.js'

/** The base branch's report unless `--baseline` says otherwise. */
export const DEFAULT_GITHUB_BASELINE = 'test-results/baseline/results.json'

/** This run's report unless `--report` says otherwise. */
export const DEFAULT_GITHUB_REPORT = 'test-results/results.json'

/** Runs `github`; returns the exit code (1 when a gate failed or GitHub refused). */
export async function githubCommand(
  args: readonly string[],
  context: CliContext,
): Promise<ExitCode> {
  const result = await github(args, context)
  if (!result.ok) {
    context.stderr(`${mask(result.failure.message, context)}\n`)
    return result.failure.code
  }
  return result.value
}

async function github(args: readonly string[], context: CliContext): Promise<CliResult<ExitCode>> {
  const parsed = parseCommandArgs('github', args, {
    baseline: { type: 'string' },
    report: { type: 'string' },
    suite: { type: 'string' },
    out: { type: 'string' },
    'baseline-max-age-days': { type: 'string' },
    ...GATE_FLAGS,
    'dry-run': { type: 'boolean' },
    'no-color': { type: 'boolean' },
  })
  if (!parsed.ok) return parsed
  const { values, positionals } = parsed.value
  if (positionals.length > 0) {
    return fail(
      2,
      `\`vitest-scenario github\` takes no arguments besides its flags; got ${positionals.map((p) => `'${p}'`).join(', ')}`,
      'Name the reports with --report <results.json> and --baseline <results.json>.',
    )
  }
  const maxAge = numberFlag('baseline-max-age-days', values['baseline-max-age-days'], false)
  if (!maxAge.ok) return maxAge
  const gates = gateFlags(values)
  if (!gates.ok) return gates
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const { cwd } = context
  const review = await runReview({
    cwd,
    env: context.env,
    reportPath: resolve(cwd, text('report') ?? DEFAULT_GITHUB_REPORT),
    baselinePath: resolve(cwd, text('baseline') ?? DEFAULT_GITHUB_BASELINE),
    outDir: resolve(cwd, text('out') ?? DEFAULT_RESULTS_DIR),
    suite: text('suite'),
    baselineMaxAgeDays: maxAge.value ?? DEFAULT_BASELINE_MAX_AGE_DAYS,
    gates: gates.value,
    dryRun: values['dry-run'] === true,
    log: (line) => context.stderr(`${mask(line, context)}\n`),
  })
  if (!review.ok) return { ok: false, failure: { code: 2, message: review.message } }
  for (const line of outcomeLines(review.value, cwd)) context.stdout(`${mask(line, context)}\n`)
  for (const error of review.value.errors) context.stderr(`${mask(error, context)}\n`)
  const failed = review.value.errors.length > 0 || review.value.content.conclusion === 'failure'
  return ok(failed ? 1 : 0)
}

function mask(text: string, context: CliContext): string {
  return maskReviewText(text, context.env)
}
