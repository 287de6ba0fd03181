import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'

/**
 * How recordings are used: `replay` (replay only, a miss fails), `new` (record what is missing),
 * `all` (re-record from the first divergence, prune the rest), `rerecord` (call live, rewrite
 * everything touched), `off` (no recordings).
 */
export type RecordingMode = 'replay' | 'new' | 'all' | 'rerecord' | 'off'

/** Every mode, in the order messages list them. */
export const RECORDING_MODES: readonly RecordingMode[] = ['replay', 'new', 'all', 'rerecord', 'off']

/** The environment variable that overrides the mode Vitest's update state gives. */
export const RECORD_ENV = 'VITEST_SCENARIO_RECORD'

/**
 * The mode in effect: `VITEST_SCENARIO_RECORD` when set (`none` is an alias of `replay`), else
 * Vitest's snapshot update state (`none` → `replay`, `new` → `new`, `all` → `all`). An unknown
 * value is an error listing the valid ones.
 *
 * @example
 * resolveRecordingMode('none', undefined) // 'replay' (CI)
 * resolveRecordingMode('new', 'rerecord') // 'rerecord'
 */
export function resolveRecordingMode(
  updateState: string | undefined,
  override: string | undefined,
): RecordingMode {
  for (const [name, value] of [
    ['updateState', updateState],
    ['override', override],
  ] as const) {
    if (value !== undefined && typeof value !== 'string') {
      throw new InvalidArgumentError(
        `resolveRecordingMode() needs \`${name}\` as a string or undefined, got ${describeValue(value)}`,
      )
    }
  }
  const mode = readModeOverride(override)
  if (mode !== undefined) return mode
  switch (updateState) {
    case 'all':
      return 'all'
    case 'none':
      return 'replay'
    default:
      return 'new'
  }
}

/**
 * The mode `VITEST_SCENARIO_RECORD` asks for (`none` is an alias of `replay`), `undefined` when it
 * is unset or empty; an unknown value is an error listing the valid ones. The plugin reads the
 * variable once, in the main process, and hands the result to the workers.
 *
 * @example
 * readModeOverride(process.env[RECORD_ENV]) // 'rerecord' for VITEST_SCENARIO_RECORD=rerecord
 */
export function readModeOverride(override: string | undefined): RecordingMode | undefined {
  if (override === undefined || override === '') return undefined
  const mode = override === 'none' ? 'replay' : override
  if (!isRecordingMode(mode)) {
    throw new InvalidArgumentError(
      `Unknown recording mode '${override}' in ${RECORD_ENV}`,
      `Set ${RECORD_ENV} to one of ${quoteList(RECORDING_MODES)} ('none' means 'replay'), or unset it.`,
    )
  }
  return mode
}

/** Whether `value` names a recording mode. */
export function isRecordingMode(value: unknown): value is RecordingMode {
  return (RECORDING_MODES as readonly unknown[]).includes(value)
}
