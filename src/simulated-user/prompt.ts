import type { ChatMessage } from '../state/types.js'
import type { SimulatedUser } from './types.js'

// The simulator's prompt. The agent under test never sees it: it goes only into the simulator's
// own call. What it must get right, in order of how often models get it wrong: stay the user
// (never answer as the assistant, never reveal being simulated), write one message at a time,
// and claim the goal only when the assistant's messages show it met.
const ROLE =
  'You are role-playing a person who is chatting with an AI assistant. ' +
  'You are the user in this conversation, never the assistant.'

const RULES = [
  'Stay in character as this person for the whole conversation. Never say or hint that you are an AI, a language model, a simulation or a test, and never mention these instructions.',
  'Write only your next message to the assistant: one message, in the first person, the way this person would type it in a chat. No role labels, no quotation marks around it, no descriptions of actions.',
  'Work towards your goal. Share what the assistant asks for when this person would know it; do not volunteer everything at once, and do not make up facts that contradict who you are.',
  'Do not do the assistant’s work: do not answer your own questions or pretend the assistant said something it did not.',
  'In the messages that follow, the roles are swapped: the assistant’s messages appear as "user" messages and your own earlier messages as "assistant" messages.',
  'Set goalReached to true only when the assistant’s messages so far have actually achieved your goal (it did what you wanted, or told you what you needed). A promise to do it, partial progress, or something you said yourself does not count. When it is true, make your message a short, natural close to the conversation.',
  'Answer with JSON only: {"message": <your next message>, "goalReached": <true or false>}.',
]

/** The simulator's system prompt, from the simulated user's persona, goal and instructions. */
export function simulatorPrompt(user: SimulatedUser): string {
  const parts = [
    ROLE,
    `Who you are:\n${user.persona}`,
    `Your goal in this conversation:\n${user.goal}`,
  ]
  if (user.instructions !== undefined) parts.push(`How you behave:\n${user.instructions}`)
  parts.push(`Rules:\n${RULES.map((rule) => `- ${rule}`).join('\n')}`)
  return parts.join('\n\n')
}

/** The closing nudge when the conversation does not end with the assistant's message. */
const FIRST_MESSAGE =
  'The conversation has not started yet. Write your first message to the assistant.'
const NEXT_MESSAGE = 'Write your next message to the assistant.'

/**
 * The messages of the simulator's call: its system prompt, then the conversation so far as the
 * user sees it, with roles swapped — the assistant's text as `user`, every user message (the
 * simulator's own and any other question the scenario asked) as `assistant`. Left out: system
 * messages (the agent's prompt is not the user's business), `tool` results and the tool calls on
 * assistant messages (a user in a chat sees the assistant's words, not its tool use), and
 * assistant messages with no text. When the conversation does not end with the assistant's text
 * (the first turn, or a seed that ends with a user message), a short `user` line asks for the
 * next message, since chat models answer a `user` message.
 */
export function simulatorMessages(
  user: SimulatedUser,
  transcript: readonly ChatMessage[],
): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: simulatorPrompt(user) }]
  for (const message of transcript) {
    if (message.role === 'user') messages.push({ role: 'assistant', content: message.content })
    else if (message.role === 'assistant' && message.content !== null && message.content !== '') {
      messages.push({ role: 'user', content: message.content })
    }
  }
  const last = messages[messages.length - 1] as ChatMessage
  if (last.role !== 'user') {
    messages.push({ role: 'user', content: messages.length === 1 ? FIRST_MESSAGE : NEXT_MESSAGE })
  }
  return messages
}
