import { type RecordingMode, resolveRecordingMode } from '../../../recordings/mode.js'
import { resolveHostOptions } from '../../core/host-options.js'
import type { CheckedPluginOptions } from '../../core/plugin-options.js'
import type { ProvidedOptions } from './provided.js'

/** What the plugin reads of Vitest's resolved project config (the same in Vitest 4 and 5). */
export interface ProjectConfig {
  root: string
  testTimeout?: number | undefined
  snapshotOptions?: { updateSnapshot?: unknown } | undefined
}

/**
 * Resolves everything the workers need, once, in the main process: paths against the Vitest
 * root, the recording mode (Vitest's update state, which already says `none` in CI, and the
 * checked `VITEST_SCENARIO_RECORD`), and the defaults.
 *
 * @example
 * resolveProvidedOptions(checked, { root: '/p', snapshotOptions: { updateSnapshot: 'none' } }, undefined).mode // 'replay'
 */
export function resolveProvidedOptions(
  checked: CheckedPluginOptions,
  config: ProjectConfig,
  modeOverride: RecordingMode | undefined,
): ProvidedOptions {
  const updateState = readUpdateState(config.snapshotOptions?.updateSnapshot)
  return {
    ...resolveHostOptions(checked, { root: config.root, modeOverride }),
    updateState,
    mode: resolveRecordingMode(updateState, modeOverride),
    testTimeout: config.testTimeout,
  }
}

/** Vitest 4.0 stored the update state as a boolean; 4.1+ and 5 as `new`, `all` or `none`. */
function readUpdateState(value: unknown): ProvidedOptions['updateState'] {
  if (value === 'new' || value === 'all' || value === 'none') return value
  if (value === true) return 'all'
  return 'new'
}
