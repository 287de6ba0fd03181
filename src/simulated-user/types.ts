import type { z } from 'zod'
import type { ModelConfig } from '../models/types.js'
import type { simulatedUserOptionsSchema } from './simulated-user-options.js'

/**
 * What `simulatedUser(options)` takes: who the user is (`persona`), what they want (`goal`), and
 * how they talk (`instructions`, `opening`, `model`). The type is the schema's
 * (`simulatedUserOptionsSchema`), where each field is described.
 */
export interface SimulatedUserOptions extends z.input<typeof simulatedUserOptionsSchema> {}

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
