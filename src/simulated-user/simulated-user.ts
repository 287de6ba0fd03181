import { z } from 'zod'
import { parseOptions } from '../internal/options-schema.js'
import { typeTag } from '../outcomes/node-types.js'
import { deepFreeze } from '../scenario/plain-data.js'
import { simulatedUserOptionsSchema } from './simulated-user-options.js'
import type { SimulatedUser, SimulatedUserOptions } from './types.js'

/** A simulated user as data: its options with the `type` tag (what `fromJSON` and `addNode` check). */
const simulatedUserSchema = simulatedUserOptionsSchema.extend({ type: z.literal('SimulatedUser') })

const FIX =
  "Write e.g. simulatedUser({ persona: 'A customer whose parcel is late', goal: 'Learn when the parcel arrives' })."

/**
 * A simulated user: a question source that writes each turn's question with a model, playing the
 * persona until its goal is reached. Use it wherever a question goes — `addNode('user', {
 * question: simulatedUser(…) })` or `{ question: simulatedUser(…), template, rubric }` — and end
 * the conversation with an edge on `user.goalReached`.
 *
 * Each turn it makes one call (its `model`, else the run's `userModel`, else the parsing model)
 * that sees the conversation with roles swapped and answers `{ message, goalReached }`: `message`
 * is the question, `goalReached` lands in `state.user`, `nodeResults.<id>.user` and the turn
 * record. `opening` is the first message, with no call, on the node's first visit.
 *
 * @example
 * const customer = simulatedUser({
 *   persona: 'You are Dana, a customer whose parcel is a week late. You are polite but short.',
 *   goal: 'Get a new delivery date for order 1042.',
 *   opening: 'Hi, my parcel still has not arrived.',
 * })
 * new Scenario('late parcel')
 *   .addNode('customer', { question: customer })
 *   .addEdge('customer', END, { when: { 'user.goalReached': true } })
 *   .addEdge('customer', 'customer', { when: { 'nodeVisits.customer': { lt: 6 } } })
 */
export function simulatedUser(options: SimulatedUserOptions): SimulatedUser {
  const checked = parseOptions(simulatedUserOptionsSchema, options, {
    where: 'simulatedUser(options)',
    fix: FIX,
  })
  const user: { -readonly [K in keyof SimulatedUser]: SimulatedUser[K] } = {
    type: 'SimulatedUser',
    persona: checked.persona,
    goal: checked.goal,
  }
  if (checked.instructions !== undefined) user.instructions = checked.instructions
  if (checked.opening !== undefined) user.opening = checked.opening
  if (checked.model !== undefined) user.model = { ...checked.model }
  return deepFreeze(user)
}

/** Whether `value` carries the simulated user's `type` tag (its fields are checked by `assertSimulatedUser`). */
export function isSimulatedUser(value: unknown): value is SimulatedUser {
  return typeTag(value) === 'SimulatedUser'
}

/**
 * Checks a value tagged as a simulated user (one made by hand, or changed after
 * `simulatedUser()`): the same rules as the factory's, naming `where`.
 */
export function assertSimulatedUser(value: unknown, where: string): asserts value is SimulatedUser {
  parseOptions(simulatedUserSchema, value, { where: `The simulated user in ${where}`, fix: FIX })
}
