import { ScenarioError } from './scenario-error.js'

/** The test runners a host layer exists for. */
export type HostRunner = 'Vitest' | 'Jest'

/**
 * A scenario test was about to make a model call under CI (where it must replay), but the test
 * runner's host layer is not installed — no `scenarioPlugin()` in `vitest.config.ts`, no setup
 * entry under Jest — so there is no recording to replay and the call would go live. Thrown before
 * the call, naming the config line to add. Outside CI the same situation is one warning, and the
 * calls go live unrecorded.
 */
export class HostMissingError extends ScenarioError {
  override name = 'HostMissingError'
  /** The runner whose host layer is missing. */
  readonly runner: HostRunner
  /** The call that would have reached a model, e.g. `runScenario()` or `recordedFetch`. */
  readonly call: string
  /** The config line that installs the host layer. */
  readonly configLine: string

  constructor(parts: { runner: HostRunner; call: string; configLine: string; configFile: string }) {
    super('host_missing', {
      what: `${parts.call} would call a model in CI, but vitest-scenario's ${parts.runner} host layer is not installed, so the test cannot replay: the call was not made`,
      subjects: [`call: ${parts.call}`, `config: ${parts.configFile}`],
      fix: `Add ${parts.configLine} to ${parts.configFile}, record once locally, and commit the recordings. To call models live on purpose, set VITEST_SCENARIO_RECORD=off.`,
    })
    this.runner = parts.runner
    this.call = parts.call
    this.configLine = parts.configLine
  }
}
