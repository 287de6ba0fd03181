// The plugin's options as every host hands them to its test files, resolved once in the main
// process: the Vitest plugin through `provide`/`inject`, Jest's `withScenario` through the config's
// `globals`. JSON only, since they cross processes; nothing here is recomputed in a worker.
import type { RecordingMode } from '../../recordings/mode.js'
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
}

/**
 * Resolves the checked options against the project root (the `redact` module must exist there)
 * with the checked `VITEST_SCENARIO_RECORD`.
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
  },
): HostOptions {
  const { root } = context
  const recordings = checked.recordings ?? {}
  return {
    root,
    recordings: {
      dir: recordings.dir,
      allowSecrets: recordings.allowSecrets,
      redactModule: redactModulePath(root, recordings.redact, context.host, context.rootName),
    },
    model: checked.model,
    parsingModel: checked.parsingModel,
    userModel: checked.userModel,
    maxConcurrentCalls: checked.maxConcurrentCalls,
    turnTimeoutMs: checked.turnTimeoutMs,
    prices: checked.prices,
    budget: checked.budget,
    allowNetwork: checked.allowNetwork,
    // Read by the reporters for the JSON report (a candidate's `fork`, the gates of `compare`).
    candidates: checked.candidates,
    failOn: checked.failOn,
    modeOverride: context.modeOverride,
  }
}
