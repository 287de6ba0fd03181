import type { McpCall, McpOutcome, McpRecordedError } from '../recordings/mcp-interaction.js'
import type { RecordingSession } from '../recordings/session.js'
import type { Json } from '../recordings/stable-json.js'

/** Finds the recording session of the running test (`undefined`: the request goes live). */
export type SessionLookup = () => RecordingSession | undefined

/**
 * JSON-RPC codes the MCP SDK uses for what happened on the client's side (the connection closed,
 * the request timed out): no answer of the server, so nothing is recorded.
 */
const CLIENT_SIDE_CODES = new Set([-32000, -32001])

/**
 * Sends one MCP request through the running test's recording: replayed (the server is never
 * reached), sent live with `send` and kept, or refused with the session's error (a miss). The
 * result comes back as JSON (what a replay gives too); an error the server answered with is
 * thrown, as the client library threw it live or rebuilt from the recording (an `Error` with the
 * same `name`, `message`, `code` and `data`). Without a session (recordings off, outside a test)
 * the request goes live and its answer comes back as it is.
 */
export async function recordedRequest(
  lookup: SessionLookup,
  call: McpCall,
  send: () => Promise<unknown>,
): Promise<unknown> {
  let thrown: { error: unknown } | undefined
  const live = async (): Promise<McpOutcome> => {
    try {
      return { result: (await send()) as Json }
    } catch (error) {
      const answered = answeredError(error)
      if (answered === undefined) throw error
      thrown = { error }
      return { error: answered }
    }
  }
  const session = lookup()
  if (session === undefined) {
    const outcome = await live()
    if (thrown !== undefined) throw thrown.error
    return outcome.result
  }
  const answer = await session.answerMcp(call, live)
  const { outcome } = answer
  if (outcome === undefined) throw answer.failure
  if (outcome.error === undefined) return outcome.result
  if (thrown !== undefined) throw thrown.error
  throw replayedError(outcome.error)
}

/** The error a server answered with (a JSON-RPC error has a numeric `code`), as recorded. */
function answeredError(error: unknown): McpRecordedError | undefined {
  if (!(error instanceof Error)) return undefined
  const { code, data } = error as Error & { code?: unknown; data?: unknown }
  if (typeof code !== 'number' || !Number.isInteger(code) || CLIENT_SIDE_CODES.has(code)) {
    return undefined
  }
  const recorded: McpRecordedError = { message: error.message, code }
  if (data !== undefined) recorded.data = JSON.parse(JSON.stringify(data)) as Json
  return recorded
}

/** The recorded error as the client threw it: its message, `code` and `data`. */
function replayedError(recorded: McpRecordedError): Error {
  const error = new Error(recorded.message)
  error.name = 'McpError'
  Object.assign(error, { code: recorded.code, data: recorded.data })
  return error
}
