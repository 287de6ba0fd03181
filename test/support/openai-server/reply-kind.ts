import { type TaggedReply as Tagged, tagReply as tagAnyReply } from '../scripted-http/reply-kind.js'
import type { ChatReply, ErrorReply, ScriptedReply } from './types.js'

/** A scripted reply tagged with its kind; `answer` is a chat reply (Chat Completions or Responses). */
export type TaggedReply = Tagged<ChatReply, ErrorReply>

/** Tags a reply by its marker field; a value that is not an object throws, naming this server. */
export function tagReply(reply: ScriptedReply): TaggedReply {
  return tagAnyReply<ChatReply, ErrorReply>(reply, 'openai-server')
}
