// Host options for a runner with no config file (node:test): the options a call takes, checked
// and resolved in the test file's own process (each file has one), with the candidate the
// environment names read there.
import { InvalidArgumentError } from '../../errors/index.js'
import { readCandidateName } from './candidate-run.js'
import { type HostOptions, resolveHostOptions } from './host-options.js'
import {
  checkPluginOptions,
  type OptionsHost,
  type ScenarioPluginOptions,
} from './plugin-options.js'

/** The plugin options a runner without a config file can use: run defaults and candidates. */
export type InProcessOptions = Pick<
  ScenarioPluginOptions,
  'model' | 'parsingModel' | 'userModel' | 'turnTimeoutMs' | 'prices' | 'budget' | 'candidates'
>

const KEYS = [
  'model',
  'parsingModel',
  'userModel',
  'turnTimeoutMs',
  'prices',
  'budget',
  'candidates',
]

/** Why the other plugin options are refused: they configure what such a runner has no place for. */
const NOT_AVAILABLE = `It takes ${KEYS.join(', ')}; recordings.dir, redact and allowNetwork are not available without a config file`

/**
 * Checks `options` (taken by `where`) and resolves them against the working directory, with the
 * candidate `VITEST_SCENARIO_CANDIDATE` names. Any other plugin option is refused, by name.
 *
 * @example
 * inProcessHostOptions({ model: { model: 'gpt-4.1-mini' } }, 'scenarioWith(options)').model
 */
export function inProcessHostOptions(options: InProcessOptions, where: string): HostOptions {
  const host: OptionsHost = { where, fix: NOT_AVAILABLE }
  const checked = checkPluginOptions(options, host)
  const extra = Object.keys(options ?? {}).filter((key) => !KEYS.includes(key))
  if (extra.length > 0) {
    const named = extra.map((key) => `\`${key}\``).join(', ')
    throw new InvalidArgumentError(`${where} does not take ${named}`, NOT_AVAILABLE)
  }
  return resolveHostOptions(checked, { root: process.cwd(), modeOverride: undefined, host })
}

/**
 * The host options of a call that took none (`where`, e.g. node:test's plain `scenario()`):
 * `undefined`, unless a candidate run is asked for, which it refuses (it has no `candidates`).
 */
export function noHostOptions(where: string): HostOptions | undefined {
  if (readCandidateName() === undefined) return undefined
  // Throws, saying the call has no `candidates`.
  return inProcessHostOptions({}, where)
}
