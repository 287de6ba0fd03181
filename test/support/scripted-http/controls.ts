import type { ReplyQueue, RequestLine } from './reply-queue.js'
import type { ScriptedHttpServer } from './types.js'

/** The scripting methods of a server, as `queueControls` builds them. */
export type QueueControls<Reply, Request, Self> = Pick<
  ScriptedHttpServer<Reply, Request, Self>,
  'reply' | 'replyWith' | 'setDefaultReply'
>

/**
 * The `reply`, `replyWith` and `setDefaultReply` methods of a server over its queue. `check`
 * runs on each reply as it is queued, so a malformed one fails at the test's line; `self` gives
 * the server, which the methods return for chaining.
 */
export function queueControls<Reply, Request extends RequestLine, Self>(
  queue: ReplyQueue<Reply, Request>,
  check: (reply: Reply) => void,
  self: () => Self,
): QueueControls<Reply, Request, Self> {
  return {
    reply(...replies) {
      for (const reply of replies) check(reply)
      queue.push(...replies)
      return self()
    },
    replyWith(make) {
      queue.push(make)
      return self()
    },
    setDefaultReply(source) {
      queue.setFallback(source)
      return self()
    },
  }
}
