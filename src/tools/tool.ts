import type { z } from 'zod'
import { assertKnownKeys, assertOneOf, InvalidArgumentError } from '../errors/index.js'
import { zodType } from '../internal/zod-type.js'
import type { Tool, ToolSpec } from './types.js'

/**
 * Defines a tool for a model answering side: a description, zod parameters and `execute`.
 *
 * @example
 * const lookup = tool({
 *   description: 'Look a drug up by target',
 *   parameters: z.object({ target: z.string() }),
 *   execute: async ({ target }) => db.drugsFor(target),
 * })
 */
export function tool<P extends z.ZodObject>(spec: ToolSpec<P>): Tool<P> {
  if (typeof spec !== 'object' || spec === null) {
    throw new InvalidArgumentError('tool() needs { description, parameters, execute }')
  }
  assertKnownKeys(spec, ['description', 'parameters', 'execute', 'onError'], 'tool()')
  if (typeof spec.description !== 'string' || spec.description.length === 0) {
    throw new InvalidArgumentError('tool() needs a description the model can read')
  }
  if (zodType(spec.parameters) !== 'object') {
    throw new InvalidArgumentError(
      'tool() needs a zod object as `parameters`',
      'Pass `parameters: z.object({ … })`.',
    )
  }
  if (typeof spec.execute !== 'function') {
    throw new InvalidArgumentError('tool() needs an `execute(args, context)` function')
  }
  if (spec.onError !== undefined)
    assertOneOf(spec.onError, ['fail', 'report'], '`onError` in tool():')
  return { ...spec, kind: 'Tool' }
}
