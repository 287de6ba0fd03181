// What a host does when its own layer is missing: the test author's entry (`vitest-scenario`,
// `vitest-scenario/jest`) is imported, but the part that gives each test its recording (the
// plugin's setup entry, Jest's setup entry) never ran, so a model call can neither be recorded
// nor replayed. In CI that call would go live, with whatever key the machine has, and the test
// would pass on a live answer: it fails instead, before the call. Locally it goes live as it
// always did, after one warning.
import { formatMessage } from '../../errors/format-message.js'
import { HostMissingError, type HostRunner } from '../../errors/host-missing-error.js'
import { RECORD_ENV, type RecordingMode, readModeOverride } from '../../recordings/mode.js'

/** What a host tells its gate. */
export interface HostPresence {
  runner: HostRunner
  /** The config file and the line that installs the host layer. */
  configFile: string
  configLine: string
  /** Whether the host layer is installed in this test file's process. */
  installed(): boolean
  /**
   * The recording mode the host would be in now with its layer installed (Vitest's or Jest's
   * snapshot update state and `VITEST_SCENARIO_RECORD`): `replay` is CI. `undefined` where the
   * runner does not say (outside a test).
   */
  mode(): RecordingMode | undefined
}

/** Checks the host layer before a model call. */
export interface HostGate {
  /**
   * Returns when the host layer is installed, or recordings are `off` on purpose; otherwise
   * throws a `HostMissingError` in `replay` mode (CI), or warns once and returns (the call goes
   * live). `call` names what was about to call a model, e.g. `runScenario()`.
   */
  check(call: string): void
}

// Once per process (a Vitest worker; under Jest, whose test files each get a global object of
// their own, once per test file): the flag lives on the global object, not in this module, which
// a worker may evaluate more than once (one copy per entry bundle, or per isolated module graph).
const WARNED = Symbol.for('vitest-scenario.hostMissingWarned')

/** The gate of one host. */
export function hostGate(presence: HostPresence): HostGate {
  return {
    check(call) {
      if (presence.installed()) return
      const mode = modeOf(presence)
      if (mode === 'off') return
      const parts = {
        runner: presence.runner,
        call,
        configLine: presence.configLine,
        configFile: presence.configFile,
      }
      if (mode === 'replay') throw new HostMissingError(parts)
      const global = globalThis as Record<symbol, unknown>
      if (global[WARNED] === true) return
      global[WARNED] = true
      console.warn(
        formatMessage({
          what: `${call} calls a model, but vitest-scenario's ${presence.runner} host layer is not installed: model calls may go live unrecorded, and in CI these tests fail with host_missing`,
          subjects: [`config: ${presence.configFile}`],
          fix: `Add ${presence.configLine} to ${presence.configFile}. (This warning is printed once.)`,
        }),
      )
    },
  }
}

/**
 * The host's mode; where it cannot be read (outside a test, a runner state this does not know),
 * `VITEST_SCENARIO_RECORD`, else `CI` as both runners read it.
 */
function modeOf(presence: HostPresence): RecordingMode {
  const mode = presence.mode()
  if (mode !== undefined) return mode
  const override = readModeOverride(process.env[RECORD_ENV])
  if (override !== undefined) return override
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false' ? 'replay' : 'new'
}
