import type { ModelConfig } from '../models/types.js'

/** What `simulatedUser(options)` takes: who the user is, what they want, and how they talk. */
export interface SimulatedUserOptions {
  /** Who the user is: background, tone, what they know. Written in the second person works best. */
  persona: string
  /** What the user wants from the conversation; `goalReached` is judged against it. */
  goal: string
  /** Further rules for how the user behaves (e.g. "give the order number only when asked"). */
  instructions?: string | undefined
  /** A fixed first message, used on the node's first visit instead of a model call. */
  opening?: string | undefined
  /** The model that plays the user; the run's `userModel`, else its parsing model, otherwise. */
  model?: ModelConfig | undefined
}

/**
 * A question source that plays the user: each turn one model call writes the next user message
 * from the conversation so far, and says whether the user's goal is reached. Plain, frozen data
 * with a `type` tag, so a definition that uses it still goes to JSON and back.
 */
export interface SimulatedUser {
  readonly type: 'SimulatedUser'
  readonly persona: string
  readonly goal: string
  readonly instructions?: string | undefined
  readonly opening?: string | undefined
  readonly model?: ModelConfig | undefined
}
