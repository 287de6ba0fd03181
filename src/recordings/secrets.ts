import { RecordingError, RecordingSecretError } from '../errors/index.js'
import { tooDeep } from '../internal/json-depth.js'
import { allowList, guardStrings } from '../secrets/guard-strings.js'
import type { SecretRule } from '../secrets/secret-rules.js'
import type { McpInteraction } from './mcp-interaction.js'
import type { RedactHook } from './normalize-request.js'
import type { RecordedResponse } from './recorded-response.js'
import type { RecordingFile } from './recording-file.js'
import type { RecordedEvent } from './sse.js'
import { streamTexts } from './stream-texts.js'

export { secretRules } from '../secrets/secret-rules.js'

/** Options of the scan before a recording is written. */
export interface ScanOptions {
  file: string
  rules: readonly SecretRule[]
  redact?: RedactHook | undefined
  /** Paths (interaction-relative, `*` for one segment) whose values may look like secrets. */
  allowSecrets?: readonly string[] | undefined
}

/**
 * Runs `redact` over every string of the recording's interactions, then refuses the recording
 * (`RecordingSecretError`, naming the JSON path and the rule, never the value) when a string
 * still matches a secret rule and its path is not in `allowSecrets` — or when the text a stream
 * sent in pieces does, assembled per choice, output item or content block. Returns the redacted
 * file.
 */
export function redactRecording(recording: RecordingFile, options: ScanOptions): RecordingFile {
  const allowed = allowList(options.allowSecrets)
  const guard = (value: unknown, path: string, fullPath: string) =>
    guardStrings(value, fullPath, {
      rules: options.rules,
      // A request or response sits 3 levels into the file (the file, its list, the interaction):
      // the limit is the file's, as `serializeRecording` and `parseRecording` count it.
      depth: 3,
      // The hook sees interaction-relative paths (`request.body…`), as documented.
      redact:
        options.redact === undefined
          ? undefined
          : (text, at) => (options.redact as RedactHook)(text, relative(at, fullPath, path)),
      allowed: (at) => allowed(relative(at, fullPath, path), at),
      onTooDeep: (at) => {
        throw new RecordingError(
          {
            what: `Recording not written: ${tooDeep(at)}`,
            subjects: [`file: ${options.file}`],
            fix: 'A response (or request) this deep is no model answer: check the endpoint the call went to.',
          },
          options.file,
        )
      },
      onSecret: ({ path: at, rule }) => {
        throw new RecordingSecretError(
          {
            what: `Recording not written: the value at ${at} looks like a secret (${rule})`,
            subjects: [`file: ${options.file}`, `path: ${at}`],
            fix: 'Replace it with recordings.redact(value, jsonPath) in scenarioPlugin(), or list the path in recordings.allowSecrets if it is not a secret.',
          },
          { file: options.file, jsonPath: at, pattern: rule },
        )
      },
    })
  const interactions = recording.interactions.map((interaction, i) => {
    const request = guard(interaction.request, 'request', `interactions.${i}.request`)
    const response = guard(
      interaction.response,
      'response',
      `interactions.${i}.response`,
    ) as RecordedResponse
    if (response.stream !== undefined) {
      scanStreamTexts(response.stream, `interactions.${i}.response.stream`, options, allowed)
    }
    return {
      request,
      response,
      durationMs: interaction.durationMs,
    } as RecordingFile['interactions'][number]
  })
  // An MCP request's server, tool, arguments and its result or error, at paths relative to the
  // request (`arguments.city`, `result.content.0.text`), as `redact` and `allowSecrets` see them.
  const mcp = recording.mcp?.map((interaction, i) => {
    const out: McpInteraction = { ...interaction }
    for (const part of ['server', 'tool', 'arguments', 'result', 'error'] as const) {
      if (interaction[part] === undefined) continue
      ;(out as unknown as Record<string, unknown>)[part] = guard(
        interaction[part],
        part,
        `mcp.${i}.${part}`,
      )
    }
    return out
  })
  const test = guard(recording.test, 'test', 'test') as string
  return mcp === undefined
    ? { ...recording, test, interactions }
    : { ...recording, test, interactions, mcp }
}

/**
 * Refuses a stream whose assembled texts (see `streamTexts`) match a rule: a secret split across
 * events is in no single string the walk above checks. The events are the redacted ones, and
 * the assembled text is not redacted again: the file stores the events, so only what `redact`
 * made of them counts. Its path is the stream part (`interactions.0.response.stream[choice
 * 0].content`), allowed by `allowSecrets` as `response.stream[choice 0].content`.
 */
function scanStreamTexts(
  events: readonly RecordedEvent[],
  fullRoot: string,
  options: ScanOptions,
  allowed: (path: string, fullPath?: string) => boolean,
): void {
  for (const { part, text } of streamTexts(events)) {
    const at = fullRoot + part
    const rule = options.rules.find((r) => r.test(text))
    if (rule === undefined || allowed(relative(at, fullRoot, 'response.stream'), at)) continue
    throw new RecordingSecretError(
      {
        what: `Recording not written: the text streamed at ${at} (its events joined) looks like a secret (${rule.name})`,
        subjects: [`file: ${options.file}`, `path: ${at}`],
        fix: 'Replace each piece with recordings.redact(value, jsonPath) in scenarioPlugin() (it sees every event, at response.stream.<n>.data…), or list the path in recordings.allowSecrets if it is not a secret.',
      },
      { file: options.file, jsonPath: at, pattern: rule.name },
    )
  }
}

/** `fullPath` (`interactions.0.request.body`) as the interaction-relative path (`request.body`). */
function relative(at: string, fullRoot: string, root: string): string {
  return at.startsWith(fullRoot) ? root + at.slice(fullRoot.length) : at
}

// Masking for messages (miss reports quote requests) is the shared one.
export { maskSecrets } from '../secrets/mask-secrets.js'
