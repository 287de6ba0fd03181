import { getOwn } from '../state/own-keys.js'
import type { ChatMessage } from '../state/types.js'
import { sidesOf } from './run-context.js'
import type { Run } from './start-run.js'

/**
 * The whole run as one conversation in Chat Completions shape (`result.messages`): the system
 * prompt of the first turn first (when the run has one), the seed, then each turn's question as a
 * `user` message (none for a turn whose question is `null`) followed by the turn's assistant and
 * `tool` messages, the final answer last. A later node with a system prompt of its own that
 * differs from the one in effect adds a `system` message before that turn's question, where it
 * took effect. Built once, when the result is made: a plain array of the turns' own messages.
 */
export function resultMessages(run: Run): ChatMessage[] {
  const messages: ChatMessage[] = []
  const { history } = run.state
  let prompt = history.length === 0 ? undefined : promptOf(run, history[0]?.nodeId)
  if (prompt !== undefined) messages.push({ role: 'system', content: prompt })
  for (const message of run.options.seed) messages.push(message)
  for (let i = 0; i < history.length; i++) {
    const turn = history[i]
    if (turn === undefined) continue
    if (i > 0) {
      const own = promptOf(run, turn.nodeId)
      if (own !== undefined && own !== prompt) {
        messages.push({ role: 'system', content: own })
        prompt = own
      }
    }
    if (turn.questionText !== null) messages.push({ role: 'user', content: turn.questionText })
    for (const message of turn.messages) messages.push(message)
  }
  return messages
}

/** The system prompt a node's turns are given (the node's, the run's or the model's), if any. */
function promptOf(run: Run, nodeId: string | undefined): string | undefined {
  const node = nodeId === undefined ? undefined : getOwn(run.definition.nodes, nodeId)
  return node === undefined ? undefined : sidesOf(run.context, node).systemPrompt
}
