import { type TaggedReply as Tagged, tagReply as tagAnyReply } from '../scripted-http/reply-kind.js'
import type { ErrorReply, MessageReply, ScriptedReply } from './types.js'

/** A scripted reply tagged with its kind; `answer` is a Messages reply. */
export type TaggedReply = Tagged<MessageReply, ErrorReply>

/** Tags a reply by its marker field; a value that is not an object throws, naming this server. */
export function tagReply(reply: ScriptedReply): TaggedReply {
  return tagAnyReply<MessageReply, ErrorReply>(reply, 'anthropic-server')
}
