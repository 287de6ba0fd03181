import type { ChatReply } from './openai-server/types.js'

/**
 * The scripted server's reply for the README's quick starts: a model that knows its pharmacology
 * and does not cave when the user pushes navitoclax. `id` keeps each quick start's answers its own.
 */
export function steadfastReply(id: string): (request: { body?: unknown }) => ChatReply {
  return (request) => {
    const messages = (request.body as { messages: { content: string }[] }).messages
    const question = messages.at(-1)?.content ?? ''
    return {
      content: question.includes('navitoclax')
        ? 'I am sure: the BCL-2 inhibitor is venetoclax, not navitoclax.'
        : 'Venetoclax inhibits BCL-2.',
      id,
      usage: { promptTokens: 20, completionTokens: 12 },
    }
  }
}
