import type { RecordingError } from '../errors/index.js'
import { recordingFileError } from './file-system-error.js'
import { type McpInteraction, mcpKey } from './mcp-interaction.js'
import { parseRecording, type RecordedInteraction, type RecordingFile } from './recording-file.js'
import type { RequestKeys } from './request-key.js'
import type { CheckedSessionOptions } from './session-options.js'

/** A test's recording as a session matches calls against it. */
export interface LoadedRecording {
  /** The recording file, or `undefined` when the test has none (or a broken one to replace). */
  existing: RecordingFile | undefined
  /** Its interactions by request key, in recorded order. */
  byKey: ReadonlyMap<string, readonly RecordedInteraction[]>
  /** The request key of each interaction, by index: a call equal to one of them has its key. */
  keys: readonly string[]
  /** Its MCP requests by key (server, request, tool, arguments), in recorded order. */
  mcpByKey: ReadonlyMap<string, readonly McpInteraction[]>
}

/**
 * Reads a test's recording file; a broken file is an error in the modes that would use it (under
 * -u and `rerecord` it is replaced anyway), and so is a file the store cannot read (EACCES,
 * ENOTDIR: in words, with the fix).
 */
export function loadRecording(
  options: CheckedSessionOptions,
  keys: RequestKeys,
): LoadedRecording | RecordingError {
  const { file, displayFile, mode, store } = options
  let text: string | undefined
  try {
    text = store.read(file)
  } catch (error) {
    return recordingFileError('read', file, displayFile, error)
  }
  let existing: RecordingFile | undefined
  if (text !== undefined) {
    try {
      existing = parseRecording(text, displayFile)
    } catch (error) {
      if (mode !== 'all' && mode !== 'rerecord') return error as RecordingError
    }
  }
  const byKey = new Map<string, RecordedInteraction[]>()
  const interactions = existing?.interactions ?? []
  const keyList: string[] = new Array(interactions.length)
  for (let i = 0; i < interactions.length; i++) {
    const interaction = interactions[i] as RecordedInteraction
    const key = keys.of(interaction.request)
    keyList[i] = key
    const list = byKey.get(key) ?? []
    list.push(interaction)
    byKey.set(key, list)
  }
  const mcpByKey = new Map<string, McpInteraction[]>()
  for (const interaction of existing?.mcp ?? []) {
    const key = mcpKey(interaction)
    const list = mcpByKey.get(key) ?? []
    list.push(interaction)
    mcpByKey.set(key, list)
  }
  return { existing, byKey, keys: keyList, mcpByKey }
}
