import { isGuardrailTripwire } from '../errors/guardrail-tripwire.js'
import { thrownMessage } from '../internal/describe-value.js'
import type { ChatToolCall, ToolCallRecord } from '../state/types.js'
import { ToolCallError } from './tool-call-error.js'
import type { Tool } from './types.js'

/** The result of one tool call: what goes back to the model, and what the turn records. */
export interface ToolCallOutcome {
  /** The `tool` message content for the model. */
  content: string
  record: ToolCallRecord
}

const messageOf = thrownMessage

/**
 * Runs one tool call the model asked for: parses and validates its arguments, runs `execute`
 * with a timeout (a late result is dropped — it has no effect on the turn), and returns the
 * content for the model. A failure throws a `ToolCallError` unless the tool says
 * `onError: 'report'`, in which case the model receives `{ error: message }`.
 */
export async function runToolCall(
  call: ChatToolCall,
  tools: Readonly<Record<string, Tool>>,
  context: { nodeId: string; turn: number; signal: AbortSignal; timeoutMs: number },
): Promise<ToolCallOutcome> {
  const name = call.function.name
  const started = performance.now()
  const found = Object.hasOwn(tools, name) ? tools[name] : undefined
  if (found === undefined) {
    throw new ToolCallError(
      name,
      `The model called the tool '${name}', which is not available at node '${context.nodeId}'`,
      `Available tools: ${
        Object.keys(tools)
          .map((t) => `'${t}'`)
          .join(', ') || 'none'
      }.`,
    )
  }
  const selected = found
  const record: ToolCallRecord = { id: call.id, name, arguments: call.function.arguments }
  const fail = (what: string, cause: unknown): ToolCallOutcome => {
    record.error = what
    record.durationMs = performance.now() - started
    // A guardrail's tripwire ends the turn as the guardrail's outcome: never shown to the model.
    if (selected.onError === 'report' && !isGuardrailTripwire(cause)) {
      return { content: JSON.stringify({ error: what }), record }
    }
    throw new ToolCallError(
      name,
      `Tool '${name}' failed at node '${context.nodeId}': ${what}`,
      "Fix the tool, or give it onError: 'report' to let the model see the error.",
      cause,
      record,
    )
  }
  let args: unknown
  try {
    args = JSON.parse(call.function.arguments)
  } catch (error) {
    return fail(`its arguments are not JSON (${messageOf(error)})`, error)
  }
  record.arguments = args
  const parsed = selected.parameters.safeParse(args)
  if (!parsed.success) {
    return fail(
      `invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
      parsed.error,
    )
  }
  const timeout = new AbortController()
  const signal = AbortSignal.any([context.signal, timeout.signal])
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const result = await Promise.race([
      Promise.resolve().then(() =>
        selected.execute(parsed.data, { nodeId: context.nodeId, turn: context.turn, signal }),
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timeout.abort()
          reject(new Error(`timed out after ${context.timeoutMs} ms`))
        }, context.timeoutMs)
      }),
    ])
    record.result = result
    record.durationMs = performance.now() - started
    return { content: typeof result === 'string' ? result : JSON.stringify(result ?? null), record }
  } catch (error) {
    return fail(messageOf(error), error)
  } finally {
    clearTimeout(timer)
  }
}
