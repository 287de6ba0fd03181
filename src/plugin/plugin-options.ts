import { InvalidArgumentError } from '../errors/index.js'
import { readOptions } from '../internal/read-options.js'
import { MODEL_CONFIG_KEYS } from '../models/model-config-keys.js'
import type { ModelConfig } from '../models/types.js'
import type { RedactHook } from '../recordings/normalize-request.js'

/** Options of `scenarioPlugin()` for recordings (SPEC section 10). */
export interface RecordingsOptions {
  /**
   * Where recordings go, against the Vitest root: `<dir>/<test file path>/<test id>.json`.
   * By default they sit beside each test file in `__recordings__/<test file name>/`.
   */
  dir?: string
  /**
   * Replaces a string before it is stored or matched, e.g. to mask a secret the scan flags. It is
   * sent to the workers as source text, so it must not use imports or outer variables; for one
   * that does, call `configureRecordings({ redact })` from a setup file of your own.
   */
  redact?: RedactHook
  /** JSON paths (`response.body.id`, `*` for one segment) whose values may look like secrets. */
  allowSecrets?: string[]
}

/** Options of `scenarioPlugin()`. */
export interface ScenarioPluginOptions {
  recordings?: RecordingsOptions
  /** The model `scenario()` tests use unless they say otherwise (JSON fields; no `client`). */
  model?: Omit<ModelConfig, 'client'>
}

const PLUGIN_KEYS = ['recordings', 'model']
const RECORDINGS_KEYS = ['dir', 'redact', 'allowSecrets']

/** Checks the plugin's options once, in the main process, with messages that say what to fix. */
export function checkPluginOptions(options: unknown): ScenarioPluginOptions {
  const read = readOptions(options, PLUGIN_KEYS, 'scenarioPlugin(options)')
  const recordings = readOptions(read.recordings, RECORDINGS_KEYS, 'scenarioPlugin({ recordings })')
  if (
    recordings.dir !== undefined &&
    (typeof recordings.dir !== 'string' || recordings.dir === '')
  ) {
    throw new InvalidArgumentError(
      '`recordings.dir` must be a non-empty path (relative to the Vitest root)',
    )
  }
  if (recordings.redact !== undefined && typeof recordings.redact !== 'function') {
    throw new InvalidArgumentError(
      '`recordings.redact` must be a function (value, jsonPath) => string',
    )
  }
  const allow = recordings.allowSecrets
  if (allow !== undefined && !(Array.isArray(allow) && allow.every((p) => typeof p === 'string'))) {
    throw new InvalidArgumentError(
      '`recordings.allowSecrets` must be an array of JSON paths',
      "For example ['response.body.id', 'request.body.messages.*.content'].",
    )
  }
  if (read.model !== undefined) {
    const model = readOptions(
      read.model,
      MODEL_CONFIG_KEYS.filter((k) => k !== 'client'),
      'scenarioPlugin({ model })',
    )
    if (typeof model.model !== 'string' || model.model === '') {
      throw new InvalidArgumentError(
        '`model` in scenarioPlugin() needs `model`: the model name the endpoint serves',
      )
    }
  }
  return read as ScenarioPluginOptions
}
