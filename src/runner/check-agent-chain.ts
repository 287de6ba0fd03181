import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { GuardrailTrip } from '../state/types.js'

// The agent-stack fields of a reply (`agent`, `agents`, `guardrail`), checked and put in their
// final form: the turn record's `agent` is the chain's last entry, and a guardrail's `info` is a
// copy (the agent keeping its object cannot change the record later).

/** The agents and guardrail of a checked reply, as the turn record holds them. */
export interface AgentChain {
  agent?: string
  agents?: string[]
  guardrail?: GuardrailTrip
}

/** The checked fields, or what is wrong with them as the end of "The agent … returned …". */
export type AgentChainCheck = { ok: true; chain: AgentChain } | { ok: false; problem: string }

/**
 * Checks a reply's `agent`, `agents` and `guardrail`: `agents` a non-empty array of names,
 * `guardrail` `{ name, kind: 'input' | 'output', info? }` with JSON `info`. `agent` alone makes the
 * chain `[agent]`; `agents` alone makes `agent` its last entry; both given must agree.
 */
export function checkAgentChain(reply: Record<string, unknown>): AgentChainCheck {
  const { agent, agents, guardrail } = reply
  if (agent !== undefined && !isName(agent)) {
    return fail(
      `a reply whose \`agent\` is ${describeValue(agent)}; expected the answering agent's name (a non-empty string)`,
    )
  }
  const chain: AgentChain = {}
  if (agents !== undefined) {
    if (!Array.isArray(agents) || agents.length === 0) {
      return fail(
        `a reply whose \`agents\` is ${describeValue(agents)}; expected the chain of agents that handled the turn (a non-empty array of names, the entry agent first)`,
      )
    }
    for (const [i, name] of agents.entries()) {
      if (!isName(name)) {
        return fail(
          `a reply whose \`agents[${i}]\` is ${describeValue(name)}; expected an agent's name (a non-empty string)`,
        )
      }
    }
    const last = agents[agents.length - 1] as string
    if (agent !== undefined && agent !== last) {
      return fail(
        `a reply whose \`agent\` '${agent}' is not the last entry of \`agents\` ('${last}'); give the agent that answered last in \`agents\`, or leave \`agent\` out`,
      )
    }
    chain.agents = [...(agents as string[])]
    chain.agent = last
  } else if (agent !== undefined) {
    chain.agent = agent as string
    chain.agents = [agent as string]
  }
  if (guardrail !== undefined) {
    const checked = checkGuardrail(guardrail)
    if (typeof checked === 'string') return fail(checked)
    chain.guardrail = checked
  }
  return { ok: true, chain }
}

const GUARDRAIL_SHAPE = "expected { name: string, kind: 'input' | 'output', info?: JSON data }"

function checkGuardrail(guardrail: unknown): GuardrailTrip | string {
  if (!isPlainObject(guardrail)) {
    return `a reply whose \`guardrail\` is ${describeValue(guardrail)}; ${GUARDRAIL_SHAPE}`
  }
  const { name, kind, info } = guardrail
  if (!isName(name)) {
    return `a reply whose \`guardrail.name\` is ${describeValue(name)}; expected the guardrail's name (a non-empty string)`
  }
  if (kind !== 'input' && kind !== 'output') {
    return `a reply whose \`guardrail.kind\` is ${describeValue(kind)}; expected 'input' or 'output'`
  }
  const nonJson = describeNonJson(info)
  if (nonJson !== undefined) {
    return `a reply whose \`guardrail.info\` holds ${nonJson}; expected JSON data (what the guardrail said about its decision)`
  }
  // Left out, `info` is `null`: a JSON copy of the record reads the same.
  return { name, kind, info: info === undefined ? null : structuredClone(info) }
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function fail(problem: string): AgentChainCheck {
  return { ok: false, problem }
}
