import type {
  ErrorReply,
  HangReply,
  MessageReply,
  RawReply,
  ResetReply,
  ScriptedReply,
} from './types.js'

/** A scripted reply tagged with its kind, so the server can `switch` over it. */
export type TaggedReply =
  | { readonly kind: 'message'; readonly reply: MessageReply }
  | { readonly kind: 'error'; readonly reply: ErrorReply }
  | { readonly kind: 'reset'; readonly reply: ResetReply }
  | { readonly kind: 'hang'; readonly reply: HangReply }
  | { readonly kind: 'raw'; readonly reply: RawReply }

/**
 * Tells the kinds of reply apart by their marker field: `status` (error), `reset`, `hang`,
 * `raw`; anything else is a message. Throws for a value that is not an object, so a mistyped
 * script fails loudly at the test's line.
 */
export function tagReply(reply: ScriptedReply): TaggedReply {
  if (typeof reply !== 'object' || reply === null) {
    throw new TypeError(
      `[anthropic-server] a scripted reply must be an object, got ${reply === null ? 'null' : typeof reply}`,
    )
  }
  if ('status' in reply) return { kind: 'error', reply }
  if ('reset' in reply) return { kind: 'reset', reply }
  if ('hang' in reply) return { kind: 'hang', reply }
  if ('raw' in reply) return { kind: 'raw', reply }
  return { kind: 'message', reply }
}
