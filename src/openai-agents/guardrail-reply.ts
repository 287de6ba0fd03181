import type { AgentReply } from '../models/types.js'
import type { GuardrailTrip } from '../state/types.js'
import { jsonAble } from './json-able.js'
import { agentChain } from './run-reply.js'
import type { ItemView } from './run-view.js'

/** The SDK's two tripwire error classes, as the loaded SDK exports them. */
export interface TripwireClasses {
  readonly InputGuardrailTripwireTriggered: abstract new (...args: never[]) => object
  readonly OutputGuardrailTripwireTriggered: abstract new (...args: never[]) => object
}

/**
 * The turn's reply when the run threw an input or output guardrail tripwire (the SDK's
 * `InputGuardrailTripwireTriggered` / `OutputGuardrailTripwireTriggered`): a tripped guardrail is
 * the agent's behaviour, not a failure, so it is reply data — `{ content: '', guardrail: { name,
 * kind, info }, agents, agent }`, `info` the guardrail's `outputInfo` made JSON-able. `agents`
 * is the start agent, then the handoffs the run made before it tripped (read from the error's
 * run state when it has them); `agent` the agent the guardrail judged. Any other error
 * (`GuardrailExecutionError` included: the guardrail itself failed) is `undefined`.
 */
export function guardrailReply(
  error: unknown,
  sdk: TripwireClasses,
  start: string,
): AgentReply | undefined {
  const kind =
    error instanceof sdk.InputGuardrailTripwireTriggered
      ? 'input'
      : error instanceof sdk.OutputGuardrailTripwireTriggered
        ? 'output'
        : undefined
  if (kind === undefined) return undefined
  const result = field(error, 'result')
  const declared = field(field(result, 'guardrail'), 'type')
  const name = field(field(result, 'guardrail'), 'name')
  const guardrail: GuardrailTrip = {
    name: typeof name === 'string' && name !== '' ? name : `${kind} guardrail`,
    kind: declared === 'input' || declared === 'output' ? declared : kind,
    info: jsonAble(field(field(result, 'output'), 'outputInfo')),
  }
  const items = field(field(error, 'state'), '_generatedItems')
  const agents = agentChain(start, Array.isArray(items) ? (items as ItemView[]) : [])
  // An output guardrail names the agent whose output it judged: the chain's last.
  const judged = field(field(result, 'agent'), 'name')
  if (typeof judged === 'string' && judged !== '' && agents.at(-1) !== judged) agents.push(judged)
  return { content: '', guardrail, agents, agent: agents.at(-1) ?? start }
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}
