import { expect } from 'vitest'
import { RECORD_ENV, resolveRecordingMode } from '../../../recordings/mode.js'
import { type HostGate, hostGate } from '../../core/host-gate.js'
import { hostInstalled } from './recording-hooks.js'

/**
 * The Vitest host's gate: its layer is the plugin (`scenarioPlugin()`), which adds the setup
 * entry and hands it its options. The mode is the one the plugin would resolve: Vitest's snapshot
 * update state (`none` in CI, its own rule) under `VITEST_SCENARIO_RECORD`.
 */
export const vitestGate: HostGate = hostGate({
  runner: 'Vitest',
  configFile: 'vitest.config.ts',
  configLine:
    "`plugins: [scenarioPlugin()]` (import { scenarioPlugin } from 'vitest-scenario/plugin')",
  installed: hostInstalled,
  mode: () => {
    const update = expect.getState().snapshotState?.snapshotUpdateState
    return update === undefined ? undefined : resolveRecordingMode(update, process.env[RECORD_ENV])
  },
})
