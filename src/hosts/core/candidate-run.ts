// A candidate run: `VITEST_SCENARIO_CANDIDATE=<name>` picks one of the plugin's `candidates`, read
// once where the host options are resolved (the main process for Vitest and Jest). Its overrides
// apply at the host scope, the baseline's own defaults travel with it for a `fork`.
import { InvalidArgumentError } from '../../errors/index.js'
import type { CheckedPluginOptions, OptionsHost } from './plugin-options.js'

/** The environment variable that picks a candidate run. */
export const CANDIDATE_ENV = 'VITEST_SCENARIO_CANDIDATE'

/** The plugin's run defaults a candidate replaces: what the baseline ran with. */
export type BaselineDefaults = Pick<
  CheckedPluginOptions,
  'model' | 'parsingModel' | 'userModel' | 'prices'
>

/** The candidate a run is for, as the host options carry it to the test files. */
export interface CandidateRun {
  /** The candidate's name (its key in `candidates`). */
  name: string
  /** The turn (from 0) the candidate goes live at; the turns before replay the baseline. */
  fork?: number | undefined
  /** The baseline's defaults, which the forked turns before `fork` run with. */
  baseline: BaselineDefaults
}

/** The host options a candidate run changes: its run defaults, and the candidate itself. */
export interface CandidateDefaults extends BaselineDefaults {
  /** The candidate's system prompt: a host-level default of every run. */
  systemPrompt?: string | undefined
  candidate?: CandidateRun | undefined
}

/**
 * The candidate named in the environment, or `undefined` for a baseline run (unset or empty).
 *
 * @example
 * readCandidateName({ VITEST_SCENARIO_CANDIDATE: 'gpt-5' }) // 'gpt-5'
 */
export function readCandidateName(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const value = env[CANDIDATE_ENV]
  return value === undefined || value === '' ? undefined : value
}

/**
 * The run defaults of the baseline, or of candidate `name` (its overrides over the plugin's, and
 * the candidate with the baseline's defaults). An unknown name is refused, listing the names.
 *
 * @example
 * candidateDefaults(checked, 'gpt-5').model // the candidate's model, else the plugin's
 */
export function candidateDefaults(
  checked: CheckedPluginOptions,
  name: string | undefined,
  host: OptionsHost = { where: 'scenarioPlugin(options)', fix: '' },
): CandidateDefaults {
  const baseline: BaselineDefaults = {
    model: checked.model,
    parsingModel: checked.parsingModel,
    userModel: checked.userModel,
    prices: checked.prices,
  }
  if (name === undefined) return baseline
  const candidates = checked.candidates ?? {}
  const chosen = Object.hasOwn(candidates, name) ? candidates[name] : undefined
  if (chosen === undefined) throw unknownCandidate(name, Object.keys(candidates), host)
  return {
    model: chosen.model ?? baseline.model,
    parsingModel: chosen.parsingModel ?? baseline.parsingModel,
    userModel: chosen.userModel ?? baseline.userModel,
    prices: chosen.prices ?? baseline.prices,
    systemPrompt: chosen.systemPrompt,
    candidate: { name, fork: chosen.fork, baseline },
  }
}

function unknownCandidate(
  name: string,
  names: readonly string[],
  host: OptionsHost,
): InvalidArgumentError {
  const shown = JSON.stringify(name)
  if (names.length === 0) {
    return new InvalidArgumentError(
      `${CANDIDATE_ENV}=${shown} picks a candidate, but ${host.where} has no \`candidates\``,
      `Add it to the options, e.g. \`candidates: { ${shown}: { model: { model: 'gpt-5' } } }\`, or unset ${CANDIDATE_ENV} for a baseline run.`,
    )
  }
  return new InvalidArgumentError(
    `${CANDIDATE_ENV}=${shown} names no candidate of ${host.where}`,
    `Pick one of the configured candidates (listed below), add ${shown} to \`candidates\`, or unset ${CANDIDATE_ENV} for a baseline run.`,
    names.map((known) => `${CANDIDATE_ENV}=${known}`),
  )
}
