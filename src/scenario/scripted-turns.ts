import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { END } from './end.js'
import { Scenario } from './scenario.js'
import type { NodeSpec } from './types.js'

/**
 * One scripted user turn: the question as text, or a node spec (`question` with a `template`,
 * `rubric`, a scripted `answer`, …) with an optional `id` for its node.
 */
export type ScriptedTurn = string | (NodeSpec & { id?: string | undefined })

/** Options of `scriptedTurns`. */
export interface ScriptedTurnsOptions {
  /** The name of the new scenario; default `'scripted-turns'`. Not with `scenario`. */
  name?: string | undefined
  /**
   * The start of each node's id, followed by the turn's place from 0; default `'turn'`
   * (`turn-0`, `turn-1`, …). A turn given as an object with an `id` keeps its own.
   */
  idPrefix?: string | undefined
  /**
   * The builder to add the turns to, such as the one `scenario()` gives its build function (the
   * scenario then keeps the test's name); default a new `Scenario`.
   */
  scenario?: Scenario | undefined
}

const USAGE =
  "scriptedTurns(['first question', 'second question', …], { name?, idPrefix?, scenario? })"

/**
 * A linear scenario for a conversation that needs no branching: one node per scripted user
 * message, in order, each leading to the next, the last to `END`, the first the entry. Returns
 * the builder, so outcomes can be added before `validate()` (a `scenario()` build function may
 * return it as it is).
 *
 * @example
 * const definition = scriptedTurns([
 *   'I was charged twice for order 1042.',
 *   { question: 'Can you refund the second charge?', template: refundTemplate },
 *   'Thanks, that is all.',
 * ])
 *   .addOutcome('refunded', calledTool('refund'))
 *   .validate()
 */
export function scriptedTurns(
  messages: readonly ScriptedTurn[],
  options: ScriptedTurnsOptions = {},
): Scenario {
  if (!isPlainObject(options)) {
    throw new InvalidArgumentError(
      `scriptedTurns(messages, options) got options ${describeValue(options)}`,
      `Pass an object: ${USAGE}.`,
    )
  }
  assertKnownKeys(options, ['name', 'idPrefix', 'scenario'], 'the options of scriptedTurns()')
  const { name, idPrefix = 'turn', scenario } = options
  const list = isList(messages)
  if (!list || messages.length === 0) {
    throw new InvalidArgumentError(
      `scriptedTurns(messages) got ${list ? 'an empty list' : describeValue(messages)}; it needs at least one user message`,
      `Pass the user messages in order: ${USAGE}.`,
    )
  }
  if (typeof idPrefix !== 'string' || idPrefix === '') {
    throw new InvalidArgumentError(
      `scriptedTurns() got idPrefix ${describeValue(idPrefix)}; expected a non-empty string`,
      "Leave it out (node ids 'turn-0', 'turn-1', …) or pass a prefix such as 'step'.",
    )
  }
  if (scenario !== undefined && !(scenario instanceof Scenario)) {
    throw new InvalidArgumentError(
      `scriptedTurns() got scenario ${describeValue(scenario)}; expected a Scenario builder`,
      'Pass the builder scenario() gives its build function, or leave it out for a new Scenario.',
    )
  }
  if (scenario !== undefined && name !== undefined) {
    throw new InvalidArgumentError(
      'scriptedTurns() got both `name` and `scenario`: the builder already has its name',
      'Leave `name` out when you pass `scenario`.',
    )
  }
  if (name !== undefined && typeof name !== 'string') {
    throw new InvalidArgumentError(
      `scriptedTurns() got name ${describeValue(name)}; expected a string`,
      "Pass the scenario's name as text, or leave it out ('scripted-turns').",
    )
  }
  const builder = scenario ?? new Scenario(name ?? 'scripted-turns')
  const ids: string[] = messages.map((message: unknown, i: number) =>
    addTurn(builder, message, i, idPrefix),
  )
  ids.forEach((id, i) => {
    builder.addEdge(id, ids[i + 1] ?? END)
  })
  return builder.setEntry(ids[0] as string)
}

/** Adds one turn's node; returns its id. */
function addTurn(builder: Scenario, message: unknown, i: number, prefix: string): string {
  if (typeof message === 'string') {
    const id = `${prefix}-${i}`
    builder.addNode(id, { question: message })
    return id
  }
  if (!isPlainObject(message)) {
    throw new InvalidArgumentError(
      `scriptedTurns(messages) got ${describeValue(message)} at messages[${i}]; expected a user message (a string) or a node spec ({ question, template?, … })`,
      `Pass each turn as text, or as { id?, question, template?, rubric?, answer? }: ${USAGE}.`,
    )
  }
  const { id = `${prefix}-${i}`, ...spec } = message
  if (typeof id !== 'string') {
    throw new InvalidArgumentError(
      `scriptedTurns(messages) got the id ${describeValue(id)} at messages[${i}]; expected a string`,
      'Give the node a string id, or leave `id` out for the default one.',
    )
  }
  builder.addNode(id, spec as unknown as NodeSpec)
  return id
}

/** Whether `value` is an array; `false` for a revoked Proxy, which `Array.isArray` throws on. */
function isList(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value)
  } catch {
    return false
  }
}
