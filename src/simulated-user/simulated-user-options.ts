import { z } from 'zod'
import { modelConfigSchema } from '../models/model-config-schema.js'

// Kept as written (no trimming): the text is the user's, and `toJSON` writes it back unchanged.
const text = (what: string) => z.string(what).regex(/\S/, { error: what })

/** The rules of `simulatedUser()`'s options, the one place they live. */
export const simulatedUserOptionsSchema = z.strictObject(
  {
    /** Who the user is: background, tone, what they know. Written in the second person works best. */
    persona: text('a non-empty description of who the user is'),
    /** What the user wants from the conversation; `goalReached` is judged against it. */
    goal: text('a non-empty description of what the user wants from the conversation'),
    /** Further rules for how the user behaves (e.g. "give the order number only when asked"). */
    instructions: text('a non-empty string of further rules for the user').optional(),
    /** A fixed first message, used on the node's first visit instead of a model call. */
    opening: text('a non-empty first message').optional(),
    /** The model that plays the user; the run's `userModel`, else its parsing model, otherwise. */
    model: modelConfigSchema.optional(),
  },
  { error: 'an options object { persona, goal, instructions?, opening?, model? }' },
)
