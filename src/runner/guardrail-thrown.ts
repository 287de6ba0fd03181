import { isGuardrailTripwire } from '../errors/guardrail-tripwire.js'
import type { AgentReply } from '../models/types.js'

/** How many `cause` links are followed to find a tripwire (a cycle ends the walk too). */
const MAX_CAUSES = 8

/**
 * The reply a thrown `GuardrailTripwire` stands for — `{ guardrail }`, read as any agent's reply
 * with a tripped guardrail — or `undefined` when `thrown` is no tripwire. The tripwire may be the
 * `cause` of what was thrown (a tool's failure wraps it, an SDK may too). What the library's own
 * model did before it (`partialReply`: its tool calls, its tokens) stays on the reply.
 */
export function guardrailReplyOf(thrown: unknown): AgentReply | undefined {
  const tripwire = findTripwire(thrown)
  if (tripwire === undefined) return undefined
  const reply: AgentReply = {
    content: '',
    guardrail: { name: tripwire.guardrail, kind: tripwire.kind, info: tripwire.info },
  }
  const partial = readField(thrown, 'partialReply')
  if (typeof partial === 'object' && partial !== null) {
    const { toolCalls, usage } = partial as Pick<AgentReply, 'toolCalls' | 'usage'>
    if (toolCalls !== undefined) reply.toolCalls = toolCalls
    if (usage !== undefined) reply.usage = usage
  }
  return reply
}

function findTripwire(thrown: unknown) {
  let current = thrown
  const seen = new Set<unknown>()
  for (let i = 0; i <= MAX_CAUSES; i++) {
    if (isGuardrailTripwire(current)) return current
    if (typeof current !== 'object' || current === null || seen.has(current)) return undefined
    seen.add(current)
    current = readField(current, 'cause')
  }
  return undefined
}

/** A field of what was thrown; a getter or a Proxy that throws reads as `undefined`. */
function readField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}
