import type { HangReply, HttpErrorReply, RawReply, ResetReply } from './types.js'

/**
 * A scripted reply tagged with its kind, so a server can `switch` over it. `answer` is the
 * protocol's own successful reply (a chat completion, a message).
 */
export type TaggedReply<Answer, Failure> =
  | { readonly kind: 'answer'; readonly reply: Answer }
  | { readonly kind: 'error'; readonly reply: Failure }
  | { readonly kind: 'reset'; readonly reply: ResetReply }
  | { readonly kind: 'hang'; readonly reply: HangReply }
  | { readonly kind: 'raw'; readonly reply: RawReply }

/** What the test may script: the protocol's answer and error, or one of the shared faults. */
export type AnyReply<Answer, Failure> = Answer | Failure | ResetReply | HangReply | RawReply

/**
 * Tells the kinds of reply apart by their marker field: `status` (error), `reset`, `hang`,
 * `raw`; anything else is an answer. Throws for a value that is not an object, so a mistyped
 * script fails loudly at the test's line. `label` names the server in the message.
 */
export function tagReply<Answer extends object, Failure extends HttpErrorReply>(
  reply: AnyReply<Answer, Failure>,
  label: string,
): TaggedReply<Answer, Failure> {
  if (typeof reply !== 'object' || reply === null) {
    throw new TypeError(
      `[${label}] a scripted reply must be an object, got ${reply === null ? 'null' : typeof reply}`,
    )
  }
  if ('status' in reply) return { kind: 'error', reply }
  if ('reset' in reply) return { kind: 'reset', reply }
  if ('hang' in reply) return { kind: 'hang', reply }
  if ('raw' in reply) return { kind: 'raw', reply }
  return { kind: 'answer', reply }
}
