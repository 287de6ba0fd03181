import { RECORD_ENV, type RecordingMode, resolveRecordingMode } from '../../recordings/mode.js'

/**
 * The recording mode of a host whose runner says only whether it updates snapshots (node:test's
 * `--test-update-snapshots`): `VITEST_SCENARIO_RECORD` when set, else `all` while updating, else
 * `replay` on CI (`CI` set and not `0` or `false`, as the runners read it), else `new`.
 *
 * @example
 * runnerMode(process.execArgv.includes('--test-update-snapshots'))
 */
export function runnerMode(updating: boolean, env: NodeJS.ProcessEnv = process.env): RecordingMode {
  const ci = env.CI
  const onCi = ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false'
  return resolveRecordingMode(updating ? 'all' : onCi ? 'none' : 'new', env[RECORD_ENV])
}
