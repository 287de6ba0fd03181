// The plugin's options as every host hands them to its test files, resolved once in the main
// process: the Vitest plugin through `provide`/`inject`, Jest's `withScenario` through the config's
// `globals`. JSON only, since they cross processes; nothing here is recomputed in a worker.
import type { RecordingMode } from '../recordings/mode.js'
import type { Budget } from '../runner/budget.js'
import type { ModelPrice } from '../runner/usage.js'
import type { CheckedPluginOptions, OptionsHost, PluginModelConfig } from './plugin-options.js'
import { redactModulePath } from './redact-module-path.js'

/** The resolved options both hosts hand to their test files. */
export interface HostOptions {
  /** The project root (Vitest's root, Jest's rootDir): `recordings.dir` and messages' paths. */
  root: string
  recordings: {
    dir?: string | undefined
    allowSecrets?: string[] | undefined
    /** The absolute path of the `redact` module, which the setup entry imports in each worker. */
    redactModule?: string | undefined
  }
  /** The default answering model of `scenario()` tests. */
  model?: PluginModelConfig | undefined
  /** The default parsing model (judge) of `scenario()` tests. */
  parsingModel?: PluginModelConfig | undefined
  /** The default model of simulated users in `scenario()` tests. */
  userModel?: PluginModelConfig | undefined
  /** Model calls in flight at once in each worker (the setup entry sizes the worker's limiter). */
  maxConcurrentCalls: number
  turnTimeoutMs?: number | undefined
  prices?: Record<string, ModelPrice> | undefined
  /** The default budget of each run (a scenario's or run()'s own replaces it). */
  budget?: Budget | undefined
  /** The hosts a sealed test may reach (`undefined`: loopback only). */
  allowNetwork?: string[] | undefined
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
    modeOverride: context.modeOverride,
  }
}
