import { RecordingError, RecordingMissingError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { commonLines, lineDiff } from './line-diff.js'
import type { McpCall, McpInteraction } from './mcp-interaction.js'
import { maskSecrets } from './secrets.js'
import type { CheckedSessionOptions } from './session-options.js'
import { canonicalize, type Json } from './stable-json.js'

/** What an MCP miss is reported with, besides the session's options. */
export interface McpMiss {
  reason: string
  /** The request's place among the test's MCP requests (0-based). */
  index: number
  call: McpCall
  /** The recorded MCP requests no request of this test was handed yet. */
  unused: readonly McpInteraction[]
  liveKeys: ReadonlySet<string>
}

/**
 * The `RecordingMissingError` of an MCP request no recording answers: the server, the request,
 * the tool and its arguments, a diff against the closest unused recorded request of the same
 * server (the same tool first), and the command that re-records the test.
 */
export function mcpMissError(options: CheckedSessionOptions, miss: McpMiss): RecordingMissingError {
  const { call } = miss
  const now = pretty(call)
  const sameServer = miss.unused.filter((i) => i.server === call.server)
  const sameTool = sameServer.filter((i) => i.method === call.method && i.tool === call.tool)
  const candidates = sameTool.length > 0 ? sameTool : sameServer
  let closest: string | undefined
  let best = -1
  for (const interaction of candidates) {
    const text = pretty(interaction)
    const score = commonLines(text, now)
    if (score > best) {
      best = score
      closest = text
    }
  }
  const lines = [`Request: ${describeCall(call)}`, indent(now), '']
  if (closest === undefined) {
    lines.push(`No unused recorded request of server '${call.server}' is left to compare with.`)
  } else {
    lines.push('Diff against the closest unused recorded request (- recorded, + now):')
    lines.push(indent(lineDiff(closest, now)))
  }
  const mask = (text: string) => maskSecrets(text, miss.liveKeys)
  return new RecordingMissingError(
    {
      what: mask(
        `No recording for MCP request #${miss.index + 1} of this test (${describeCall(call)}): ${miss.reason}`,
      ),
      subjects: [
        `recording: ${options.displayFile}`,
        `mode: ${options.mode}`,
        `test: ${options.test}`,
      ],
      details: mask(lines.join('\n')),
      fix: `Re-record this test (starts or connects to the MCP server '${call.server}' and calls it live):\n  ${options.command}`,
    },
    { file: options.file, mode: options.mode },
  )
}

/** An MCP request whose arguments cannot be recorded (nested too deep, not JSON). */
export function mcpCannotKeyError(
  options: CheckedSessionOptions,
  call: McpCall,
  error: unknown,
): RecordingError {
  return new RecordingError(
    {
      what: `MCP request cannot be recorded (${describeCall(call)}): ${error instanceof Error ? error.message : describeValue(error)}`,
      subjects: [`recording: ${options.displayFile}`],
      fix: 'Recordings keep JSON arguments; pass arguments JSON can hold, or set VITEST_SCENARIO_RECORD=off.',
    },
    options.file,
    { cause: error },
  )
}

/** `server 'weather', tools/call 'add'` */
export function describeCall(call: McpCall): string {
  const tool = call.tool === undefined ? '' : ` '${call.tool}'`
  return `server '${call.server}', ${call.method}${tool}`
}

function pretty(call: McpCall): string {
  const shown: { [key: string]: Json } = { server: call.server, method: call.method }
  if (call.tool !== undefined) shown.tool = call.tool
  if (call.arguments !== undefined) shown.arguments = canonicalize(call.arguments)
  return JSON.stringify(shown, null, 2)
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}
