// The plugin's options as every host hands them to its test files, resolved once in the main
// process: the Vitest plugin through `provide`/`inject`, Jest's `withScenario` through the config's
// `globals`. JSON only, since they cross processes; nothing here is recomputed in a worker.
import type { RecordingMode } from '../../recordings/mode.js'
import { type CandidateRun, candidateDefaults, readCandidateName } from './candidate-run.js'
import type { CheckedPluginOptions, OptionsHost } from './plugin-options.js'
import { redactModulePath } from './redact-module-path.js'

/**
 * The plugin options every host hands over as they were checked (the schema's output): the run
 * defaults of `scenario()` tests (`model`, `parsingModel`, `userModel`, `turnTimeoutMs`, `prices`,
 * `budget`; a scenario's or run()'s own replaces each whole), `maxConcurrentCalls` (the setup entry
 * sizes each worker's limiter) and `allowNetwork` (the hosts a sealed test may reach).
 */
export type HandedOverPluginOptions = Pick<
  CheckedPluginOptions,
  | 'model'
  | 'parsingModel'
  | 'userModel'
  | 'maxConcurrentCalls'
  | 'turnTimeoutMs'
  | 'prices'
  | 'budget'
  | 'allowNetwork'
  | 'candidates'
  | 'failOn'
>

/** The resolved options both hosts hand to their test files. */
export interface HostOptions extends HandedOverPluginOptions {
  /** The project root (Vitest's root, Jest's rootDir): `recordings.dir` and messages' paths. */
  root: string
  recordings: {
    dir?: string | undefined
    allowSecrets?: string[] | undefined
    /** The absolute path of the `redact` module, which the setup entry imports in each worker. */
    redactModule?: string | undefined
  }
  /** `VITEST_SCENARIO_RECORD`, read and checked once (`none` already read as `replay`). */
  modeOverride?: RecordingMode | undefined
  /** A candidate run's system prompt: the default of every run (a scenario's or run()'s wins). */
  systemPrompt?: string | undefined
  /**
   * The candidate this run is for (`VITEST_SCENARIO_CANDIDATE`), whose overrides the run
   * defaults above already hold; `undefined` in a baseline run.
   */
  candidate?: CandidateRun | undefined
}

/**
 * Resolves the checked options against the project root (the `redact` module must exist there)
 * with the checked `VITEST_SCENARIO_RECORD` and the candidate `VITEST_SCENARIO_CANDIDATE` names
 * (read from the environment unless `context.candidate` is given; an unknown name throws).
 *
 * @example
 * resolveHostOptions(checked, { root: '/p', modeOverride: undefined }).root // '/p'
 */
export function resolveHostOptions(
  checked: CheckedPluginOptions,
  context: {
    root: string
    modeOverride: RecordingMode | undefined
    /** Who took the options and what the root is called, for a missing `redact` module. */
    host?: OptionsHost
    rootName?: string
    /** The candidate to run; read from `VITEST_SCENARIO_CANDIDATE` when the key is absent. */
    candidate?: string | undefined
  },
): HostOptions {
  const { root } = context
  const recordings = checked.recordings ?? {}
  const name = 'candidate' in context ? context.candidate : readCandidateName()
  const defaults = candidateDefaults(checked, name, context.host)
  return {
    root,
    recordings: {
      dir: recordings.dir,
      allowSecrets: recordings.allowSecrets,
      redactModule: redactModulePath(root, recordings.redact, context.host, context.rootName),
    },
    model: defaults.model,
    parsingModel: defaults.parsingModel,
    userModel: defaults.userModel,
    maxConcurrentCalls: checked.maxConcurrentCalls,
    turnTimeoutMs: checked.turnTimeoutMs,
    prices: defaults.prices,
    budget: checked.budget,
    allowNetwork: checked.allowNetwork,
    // Read by the reporters for the JSON report (a candidate's `fork`, the gates of `compare`).
    candidates: checked.candidates,
    failOn: checked.failOn,
    modeOverride: context.modeOverride,
    // Absent, not undefined, in a baseline run: the options are compared and printed as JSON.
    ...(defaults.systemPrompt === undefined ? {} : { systemPrompt: defaults.systemPrompt }),
    ...(defaults.candidate === undefined ? {} : { candidate: defaults.candidate }),
  }
}
