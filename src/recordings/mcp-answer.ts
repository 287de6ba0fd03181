import type { CallFailures } from './call-failures.js'
import { match } from './match.js'
import {
  type McpCall,
  type McpInteraction,
  type McpOutcome,
  mcpKey,
  normalizeMcpCall,
} from './mcp-interaction.js'
import type { McpLog } from './mcp-log.js'
import { mcpCannotKeyError, mcpMissError } from './mcp-miss.js'
import type { RecordingFile } from './recording-file.js'
import type { CheckedSessionOptions } from './session-options.js'
import type { Json } from './stable-json.js'

/**
 * What a session answers an MCP request with: the outcome (replayed or live), or no outcome and
 * the session's error (a miss, a refusal), kept in the session's failures too so the test fails
 * even when the app swallows the error.
 */
export interface McpAnswer {
  outcome: McpOutcome | undefined
  /** The recorded duration of a replayed request. */
  replayedMs: number | undefined
  failure: Error | undefined
}

/** The part of a session an MCP request reads and changes. */
export interface McpSessionState {
  options: CheckedSessionOptions
  failures: CallFailures
  log: McpLog
  liveKeys: ReadonlySet<string>
  /** Why no request may be answered (see `RecordingSession`), if anything. */
  refusal: Error | undefined
  recording: RecordingFile | undefined
  byKey: ReadonlyMap<string, readonly McpInteraction[]>
  diverged: boolean
  /** Marks the test as diverged from its recording (mode `all`: later requests go live too). */
  diverge(): void
}

/**
 * Answers one MCP request the way a model call is answered (see docs/design.md, Recordings): the
 * same modes and matching rules, on the key of the server, the request, the tool and its
 * arguments, and the occurrence of that key. `live` sends the request: it returns the result or
 * the error the server answered with (both kept), and throws when no answer came (a connection
 * that failed, a timeout): nothing is kept then and the counter does not move.
 */
export async function answerMcp(
  state: McpSessionState,
  raw: McpCall,
  live: () => Promise<McpOutcome>,
): Promise<McpAnswer> {
  if (state.refusal !== undefined) return failed(state.failures.fail(state.refusal))
  let call: McpCall
  try {
    call = normalizeMcpCall(raw, state.options.redact)
  } catch (error) {
    return failed(state.failures.fail(mcpCannotKeyError(state.options, raw, error)))
  }
  const key = mcpKey(call)
  const occurrence = state.log.occurrence(key)
  const decision = match<McpInteraction>(
    {
      mode: state.options.mode,
      refusal: undefined,
      recording: state.recording,
      byKey: state.byKey,
      diverged: state.diverged,
    },
    { key, occurrence },
  )
  switch (decision.kind) {
    case 'refuse':
      return failed(state.failures.fail(decision.error))
    case 'miss': {
      const id = `mcp\u0000${occurrence}\u0000${key}`
      return failed(
        state.failures.failOnce(id, () =>
          mcpMissError(state.options, {
            reason: decision.reason.replace('request', 'MCP request'),
            index: state.log.count,
            call,
            unused: state.log.unused(state.recording?.mcp ?? []),
            liveKeys: state.liveKeys,
          }),
        ),
      )
    }
    case 'replay': {
      const { interaction } = decision
      state.log.replayed(key, interaction)
      return {
        outcome: outcomeOf(interaction),
        replayedMs: interaction.durationMs,
        failure: undefined,
      }
    }
    case 'record': {
      if (decision.diverges) state.diverge()
      const entry = state.log.live()
      const started = performance.now()
      const outcome = asJson(await live())
      const measured = Math.round(performance.now() - started)
      const previous = decision.previous
      // An unchanged answer keeps its recorded duration, so re-recording it changes no byte.
      const same =
        previous !== undefined && JSON.stringify(outcomeOf(previous)) === JSON.stringify(outcome)
      const interaction: McpInteraction = {
        ...call,
        ...(outcome.error === undefined ? { result: outcome.result } : { error: outcome.error }),
        durationMs: same ? previous.durationMs : measured,
      }
      state.log.kept(entry, key, interaction)
      return { outcome: outcomeOf(interaction), replayedMs: undefined, failure: undefined }
    }
  }
}

/** A copy of what an interaction answered (the caller may change it; the recording stays). */
function outcomeOf(interaction: McpInteraction): McpOutcome {
  return interaction.error === undefined
    ? { result: structuredClone(interaction.result as Json) }
    : { error: structuredClone(interaction.error) }
}

/** The outcome as JSON holds it (values JSON cannot hold, such as `undefined`, left out). */
function asJson(outcome: McpOutcome): McpOutcome {
  return JSON.parse(JSON.stringify(outcome)) as McpOutcome
}

function failed(failure: Error): McpAnswer {
  return { outcome: undefined, replayedMs: undefined, failure }
}
