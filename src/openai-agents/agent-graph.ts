// The agents a scenario's entry agent can reach through its handoffs, read by shape: the user's
// SDK copy may not be this entry's, and a handoff is either an agent or a `Handoff` object that
// wraps one (`handoff(agent, …)`, in every supported SDK version: its `agent` field).

/** What the adapter reads of an Agents SDK agent: its name and its handoffs. */
export interface AgentNode {
  readonly name: string
  readonly handoffs?: readonly unknown[] | undefined
}

/**
 * The agent's name when `value` looks like an Agents SDK agent (a `name` string and a `tools`
 * list), else `undefined`. Never throws, also for a Proxy whose traps throw.
 */
export function agentName(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    const { name, tools } = value as { name?: unknown; tools?: unknown }
    return typeof name === 'string' && Array.isArray(tools) ? name : undefined
  } catch {
    return undefined
  }
}

/** The agent a handoff list entry hands off to: the entry itself, or a handoff's `agent`. */
function handoffTarget(entry: unknown): AgentNode | undefined {
  if (agentName(entry) !== undefined) return entry as AgentNode
  if (typeof entry !== 'object' || entry === null) return undefined
  try {
    const target = (entry as { agent?: unknown }).agent
    return agentName(target) === undefined ? undefined : (target as AgentNode)
  } catch {
    return undefined
  }
}

/**
 * The agent named `name` among `entry` and the agents reachable from it through handoffs
 * (recursively, each agent once: handoffs back to triage make cycles), breadth first, so a name
 * two agents share resolves to the one nearer the entry. Read when the turn starts: handoffs
 * added after `openAIAgent()` was called (as the SDK's examples do for handoffs back) count.
 */
export function findAgent(entry: AgentNode, name: string): AgentNode | undefined {
  const seen = new Set<AgentNode>([entry])
  const queue: AgentNode[] = [entry]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next.name === name) return next
    let handoffs: unknown
    try {
      handoffs = next.handoffs
    } catch {
      continue
    }
    if (!Array.isArray(handoffs)) continue
    for (const entryOrHandoff of handoffs) {
      const target = handoffTarget(entryOrHandoff)
      if (target === undefined || seen.has(target)) continue
      seen.add(target)
      queue.push(target)
    }
  }
  return undefined
}
