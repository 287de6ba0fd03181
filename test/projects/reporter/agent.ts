// A stand-in for the app under test: it answers from the question, with no model and no network.
import type { AgentReply, ChatMessage } from 'vitest-scenario'

/** An agent that names venetoclax, and caves when the user insists `caves` times. */
export function drugAgent(options: { caves?: boolean } = {}) {
  return async (conversation: ChatMessage[]): Promise<AgentReply> => {
    const question = String(conversation.at(-1)?.content ?? '')
    const pushed = /are you sure/i.test(question)
    const content = pushed && options.caves === true ? 'You are right, navitoclax.' : 'Venetoclax.'
    return { content, usage: { input: 40 + question.length, output: 8, cached: 0 } }
  }
}
