import { RecordingMissingError } from '../errors/index.js'
import { liveKeys } from '../secrets/live-keys.js'
import type { CallLog } from './call-log.js'
import { recordingFileError } from './file-system-error.js'
import type { McpLog } from './mcp-log.js'
import type { RecordingMode } from './mode.js'
import {
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordingFile,
  serializeRecording,
} from './recording-file.js'
import { redactRecording, secretRules } from './secrets.js'
import type { CheckedSessionOptions } from './session-options.js'

/** What a test's recording did, for the reporter and for task meta. */
export interface RecordingSummary {
  file: string
  mode: RecordingMode
  replayed: number
  recorded: number
  misses: number
  written: boolean
  deleted: boolean
  /** How many samples the test ran, each with its own recording (`samples: n` scenarios). */
  samples?: number
}

/** What a session hands over when its test ends. */
export interface FinishInput {
  options: CheckedSessionOptions
  log: CallLog
  /** The session's MCP requests. */
  mcpLog: McpLog
  failures: readonly Error[]
  /** The recording file the session read, if any. */
  existing: RecordingFile | undefined
  /** The keys the session's live calls carried: the secret scan looks for them. */
  liveKeys: ReadonlySet<string>
  testFailed: boolean
}

/**
 * Writes (or deletes) a test's recording after the test, by the rules of docs/design.md,
 * Recordings, "Store and finish"; returns what happened. Streams still being recorded were
 * awaited by the caller.
 */
export function finishRecording(input: FinishInput): RecordingSummary {
  const { options, log, mcpLog, failures, existing, testFailed } = input
  const { mode, file, displayFile, store } = options
  const interactions = log.interactions()
  const mcp = mcpLog.interactions()
  const calls = log.counts()
  const requests = mcpLog.counts()
  const summary: RecordingSummary = {
    file: displayFile,
    mode,
    replayed: calls.replayed + requests.replayed,
    recorded: calls.recorded + requests.recorded,
    misses: failures.filter((f) => f instanceof RecordingMissingError).length,
    written: false,
    deleted: false,
  }
  if (mode === 'replay') return summary
  // After a miss nothing is written, unless calls were recorded live before it: those were paid
  // for, and are kept as a partial recording the next run continues.
  if (failures.length > 0 && summary.recorded === 0) return summary
  if (interactions.length === 0 && mcp.length === 0) {
    // A test that now makes no model call: under -u its old recording goes; otherwise it stays.
    // A test whose only calls were discarded did make calls: its recording stays.
    if (mode === 'all' && !testFailed && log.discarded === 0 && existing !== undefined) {
      try {
        store.remove(file)
      } catch (error) {
        throw recordingFileError('deleted', file, displayFile, error)
      }
      summary.deleted = true
    }
    return summary
  }
  const recordedLive = summary.recorded > 0
  if (mode === 'new' && !recordedLive && !(existing?.status === 'partial' && !testFailed)) {
    return summary
  }
  // `new` completing a partial file that was only replayed keeps it as it was.
  const keepExisting = mode === 'new' && existing !== undefined && !recordedLive
  const next: RecordingFile = {
    kind: RECORDING_KIND,
    // A file is written in the current format when a call was recorded; an older file that was
    // only replayed (pruned under -u, or a partial one completed) keeps its format and bytes.
    formatVersion:
      recordedLive || existing === undefined ? RECORDING_FORMAT_VERSION : existing.formatVersion,
    keyVersion: RECORDING_KEY_VERSION,
    test: options.test,
    status: testFailed || failures.length > 0 || log.discarded > 0 ? 'partial' : 'complete',
    interactions: keepExisting ? existing.interactions : interactions,
  }
  const mcpKept = keepExisting ? (existing.mcp ?? []) : mcp
  if (mcpKept.length > 0) next.mcp = mcpKept
  const redacted = redactRecording(next, {
    file: displayFile,
    rules: secretRules([...input.liveKeys, ...liveKeys()]),
    redact: options.redact,
    allowSecrets: options.allowSecrets,
  })
  // Serialized before the write: what it refuses is no file-system error.
  const text = serializeRecording(redacted)
  try {
    summary.written = store.write(file, text)
  } catch (error) {
    // A read-only folder or a full disk: the old file (if any) is intact, the test fails.
    throw recordingFileError('written', file, displayFile, error)
  }
  return summary
}
