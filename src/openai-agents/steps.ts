import type { ToolCallRecord } from '../state/types.js'

// Which model response made each tool call of an Agents SDK run: the calls one response asked for
// at once (parallel calls) share a step.

/**
 * The calls with their `step` taken from the run's model responses (`rawResponses`, one per model
 * call, handoffs included): the calls whose `function_call` items one response output share a
 * step, counted over the responses that made calls. A call no response names (read by shape:
 * another SDK version, a hosted tool) keeps the step it has.
 */
export function stepsFromResponses(
  calls: readonly ToolCallRecord[],
  responses: readonly unknown[],
): ToolCallRecord[] {
  const responseOf = new Map<string, number>()
  let index = 0
  for (const response of responses) {
    const output = field(response, 'output')
    if (!Array.isArray(output)) continue
    let made = false
    for (const item of output) {
      const callId = field(item, 'callId')
      if (field(item, 'type') !== 'function_call' || typeof callId !== 'string') continue
      if (!responseOf.has(callId)) responseOf.set(callId, index)
      made = true
    }
    if (made) index++
  }
  return calls.map((call) => {
    const step = responseOf.get(call.id)
    return step === undefined ? call : { ...call, step }
  })
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    // A value whose field cannot be read names no call.
    return undefined
  }
}
