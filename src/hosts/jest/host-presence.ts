import { type HostGate, hostGate } from '../core/host-gate.js'
import { setupRan } from './jest-globals.js'
import { jestModeNow } from './recordings.js'

/**
 * The Jest host's gate: its layer is the setup entry (`vitest-scenario/jest/setup`), which
 * `withScenario` adds to `setupFilesAfterEnv`. The mode is Jest's snapshot update state (`--ci`,
 * which Jest turns on on CI machines, replays) under `VITEST_SCENARIO_RECORD`.
 */
export const jestGate: HostGate = hostGate({
  runner: 'Jest',
  configFile: 'jest.config.js',
  configLine:
    "`export default withScenario({ … })` (import { withScenario } from 'vitest-scenario/jest'), or `setupFilesAfterEnv: ['vitest-scenario/jest/setup']`",
  installed: setupRan,
  mode: () => {
    try {
      return jestModeNow()
    } catch {
      // No Jest test environment here: the gate falls back on the environment variables.
      return undefined
    }
  },
})
