// Where a run's JSON report goes: the reporter's `json` option, a candidate run's own folder beside
// it (a candidate never overwrites the baseline's report), or the path `VITEST_SCENARIO_RESULTS`
// names, which wins over both (`compare` points the baseline's replay there).
import { dirname, join, resolve } from 'node:path'
import { candidateNameSchema } from '../hosts/core/plugin-options.js'
import { DEFAULT_RESULTS_PATH } from './results-report.js'
import type { Environment } from './run-context.js'

/** The variable that names the JSON report's path (relative to the root), over every option. */
export const RESULTS_PATH_ENV = 'VITEST_SCENARIO_RESULTS'

/** The variable that picks the candidate a run runs. */
export const CANDIDATE_ENV = 'VITEST_SCENARIO_CANDIDATE'

/** Where the JSON report goes, or why it cannot go anywhere. */
export type ResultsTarget =
  | { file: string; candidate: string | undefined }
  | { file: undefined; candidate: string | undefined }
  | { problem: string; fix: string }

/**
 * The JSON report's absolute path: `VITEST_SCENARIO_RESULTS` (relative to `root`) when set, else
 * `json` (default `test-results/results.json`), in a candidate run `<its folder>/candidates/<name>/
 * results.json`; no file when `json` is `false` and the variable is unset. A candidate name that
 * could not name a folder is a problem, not a path (it would climb out of the reports' folder).
 *
 * @example
 * resultsTarget(undefined, '/p', { VITEST_SCENARIO_CANDIDATE: 'gpt-5' })
 * // { file: '/p/test-results/candidates/gpt-5/results.json', candidate: 'gpt-5' }
 */
export function resultsTarget(
  json: string | false | undefined,
  root: string,
  env: Environment = process.env,
): ResultsTarget {
  const name = env[CANDIDATE_ENV]
  const candidate = name === undefined || name === '' ? undefined : name
  if (candidate !== undefined && !candidateNameSchema.safeParse(candidate).success) {
    return {
      problem: `${CANDIDATE_ENV} is '${candidate.slice(0, 80)}', which cannot name a candidate's folder`,
      fix: `Set ${CANDIDATE_ENV} to the name of a candidate in your config's \`candidates\` (letters, digits, '.', '_' and '-').`,
    }
  }
  const override = env[RESULTS_PATH_ENV]
  if (override !== undefined && override.trim() !== '') {
    return { file: resolve(root, override), candidate }
  }
  if (json === false) return { file: undefined, candidate }
  const file = resolve(root, json ?? DEFAULT_RESULTS_PATH)
  if (candidate === undefined) return { file, candidate }
  return { file: join(dirname(file), 'candidates', candidate, 'results.json'), candidate }
}
