import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import { isRecordingMode, type RecordingMode } from './mode.js'
import type { RedactHook } from './normalize-request.js'
import { fileSystemStore, type RecordingStore } from './store.js'

/** What a host gives a session: one test's recording (or one sample's) and how it is used. */
export interface RecordingSessionOptions {
  /** The recording file's path, as the store knows it (absolute for the file-system store). */
  file: string
  /** The file as messages show it (relative to the test runner's root). */
  displayFile: string
  /** The test's full name: describe chain and name joined with ` > `. */
  test: string
  /** How the recording is used; `off` means no session at all. */
  mode: Exclude<RecordingMode, 'off'>
  /** The command that re-records this test, for miss reports. */
  command: string
  redact?: RedactHook | undefined
  allowSecrets?: readonly string[] | undefined
  /**
   * When set, every call fails with this error and nothing is replayed or written: the test may
   * not use its recording (another test of its file has the same full name), or the call was
   * made outside any test.
   */
  refuse?: Error | undefined
  /** Where recordings are read and written. @default fileSystemStore */
  store?: RecordingStore | undefined
  /**
   * The recording ids (`recordingTestId`) of every test of this test file, run or not, or
   * `undefined` when the host cannot tell. Asked only when a call finds no recording file to
   * replay: the `.json` files of the recording's folder that none of these tests owns are named
   * in the miss report as this test's recording under an old name (a renamed test). Without it
   * the report names none.
   *
   * @example
   * fileTestIds: () => new Set(testsOfFile.map((names) => recordingTestId(names)))
   */
  fileTestIds?: (() => ReadonlySet<string> | undefined) | undefined
}

/** The options as a session keeps them: checked, with the store resolved. */
export type CheckedSessionOptions = Readonly<RecordingSessionOptions & { store: RecordingStore }>

const MODES = ['replay', 'new', 'all', 'rerecord'] as const

const OPTION_KEYS = [
  'file',
  'displayFile',
  'test',
  'mode',
  'command',
  'redact',
  'allowSecrets',
  'refuse',
  'store',
  'fileTestIds',
] as const

/** The session's options, checked: a host passes them once per test. */
export function checkSessionOptions(options: RecordingSessionOptions): CheckedSessionOptions {
  const read = parseOptionKeys(options, OPTION_KEYS, {
    where: 'new RecordingSession(options)',
    fix: OPTIONS_FIX,
  })
  const { mode, redact, allowSecrets, refuse, store, fileTestIds } = read
  if (!isRecordingMode(mode) || mode === 'off') {
    throw new InvalidArgumentError(
      `\`mode\` in new RecordingSession(options) must be one of ${MODES.map((m) => `'${m}'`).join(', ')}, got ${describeValue(mode)}`,
      "With mode 'off' nothing is recorded: give the run no session.",
    )
  }
  if (redact !== undefined && typeof redact !== 'function') {
    throw new InvalidArgumentError(
      `\`redact\` in new RecordingSession(options) must be a function (value, jsonPath) => string, got ${describeValue(redact)}`,
    )
  }
  if (
    allowSecrets !== undefined &&
    !(Array.isArray(allowSecrets) && allowSecrets.every((p) => typeof p === 'string'))
  ) {
    throw new InvalidArgumentError(
      `\`allowSecrets\` in new RecordingSession(options) must be an array of JSON paths, got ${describeValue(allowSecrets)}`,
    )
  }
  if (refuse !== undefined && !(refuse instanceof Error)) {
    throw new InvalidArgumentError(
      `\`refuse\` in new RecordingSession(options) must be an Error, got ${describeValue(refuse)}`,
    )
  }
  if (fileTestIds !== undefined && typeof fileTestIds !== 'function') {
    throw new InvalidArgumentError(
      `\`fileTestIds\` in new RecordingSession(options) must be a function () => Set of test ids, got ${describeValue(fileTestIds)}`,
    )
  }
  if (store !== undefined && !isStore(store)) {
    throw new InvalidArgumentError(
      `\`store\` in new RecordingSession(options) must be a RecordingStore { read, write, remove, list }, got ${describeValue(store)}`,
    )
  }
  return {
    file: text(read, 'file'),
    displayFile: text(read, 'displayFile'),
    test: text(read, 'test'),
    mode,
    command: text(read, 'command'),
    redact: redact as RedactHook | undefined,
    allowSecrets: allowSecrets as readonly string[] | undefined,
    refuse,
    store: store ?? fileSystemStore,
    fileTestIds: fileTestIds as (() => ReadonlySet<string> | undefined) | undefined,
  }
}

function text(options: Record<string, unknown>, name: string): string {
  const value = options[name]
  if (typeof value !== 'string') {
    throw new InvalidArgumentError(
      `\`${name}\` in new RecordingSession(options) must be a string, got ${describeValue(value)}`,
    )
  }
  return value
}

function isStore(value: unknown): value is RecordingStore {
  if (typeof value !== 'object' || value === null) return false
  const store = value as Partial<Record<keyof RecordingStore, unknown>>
  return (
    typeof store.read === 'function' &&
    typeof store.write === 'function' &&
    typeof store.remove === 'function' &&
    typeof store.list === 'function'
  )
}
