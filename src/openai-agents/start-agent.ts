import { AdapterError } from '../errors/index.js'
import { type AgentNode, findAgent } from './agent-graph.js'

/** Which agent a turn starts with: the one that answered the previous turn, or the entry agent. */
export type ContinueWith = 'lastAgent' | 'entry'

/**
 * The agent this turn starts with. With `continueWith: 'lastAgent'`, it is the agent that
 * answered the previous turn (its turn record's `agent`), found by name among the agents the
 * entry reaches through handoffs; the entry agent when the previous turn has no agent (the first
 * turn, a scripted turn, a guardrail turn without one). It is read from the run's own history,
 * not kept between calls: one agent function serves concurrent scenarios and samples.
 * A name no reachable agent has is an `AdapterError` saying what to do.
 */
export function startAgent(entry: AgentNode, context: unknown, continueWith: ContinueWith) {
  if (continueWith === 'entry') return entry
  const previous = previousAgent(context)
  if (previous === undefined || previous.name === entry.name) return entry
  const found = findAgent(entry, previous.name)
  if (found !== undefined) return found
  throw new AdapterError({
    what: `openAIAgent cannot start turn ${previous.turn + 1} with the agent '${previous.name}', which answered turn ${previous.turn}: no agent of that name is reachable from '${entry.name}' through handoffs`,
    subjects: [`entry agent: '${entry.name}'`, `previous turn's agent: '${previous.name}'`],
    fix: `Put '${previous.name}' in the handoffs of an agent reachable from '${entry.name}' (handoffs: [agent] or handoff(agent)), or pass { continueWith: 'entry' } to start every turn at '${entry.name}'.`,
  })
}

/** The previous turn's agent name and index, read from the turn context's state by shape. */
function previousAgent(context: unknown): { name: string; turn: number } | undefined {
  const history = field(field(context, 'state'), 'history')
  if (!Array.isArray(history) || history.length === 0) return undefined
  const name = field(history.at(-1), 'agent')
  return typeof name === 'string' && name !== '' ? { name, turn: history.length - 1 } : undefined
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}
