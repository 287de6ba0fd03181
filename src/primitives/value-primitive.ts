import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { DataOf } from './behaviour.js'
import { booleanMatch } from './boolean-match.js'
import { setContainment } from './collection-primitives.js'
import { exactMatch } from './exact-match.js'
import { numericExact } from './numeric-primitives.js'
import type { Primitive } from './types.js'

// Primitives are frozen, so one shared instance per value form is safe (and allocation-free).
const BOOLEAN = booleanMatch()
const STRING = exactMatch()
const NUMBER = numericExact()
const ARRAY = setContainment('exact')

/** The primitive of a value form: what `{ path: value }` compares with. */
export type ValuePrimitive =
  | Primitive<DataOf<'BooleanMatch'>>
  | Primitive<DataOf<'ExactMatch'>>
  | Primitive<DataOf<'NumericExact'>>
  | Primitive<DataOf<'SetContainment'>>

/**
 * The primitive a value form compares with: boolean → `booleanMatch()`, string →
 * `exactMatch()` (lowercase, strip), number → `numericExact()`, array → `setContainment('exact')`.
 * Any other value is an error (`null` is the conditions module's business).
 *
 * @example
 * primitiveForValue('yes').check(' YES', 'yes') // true
 */
export function primitiveForValue(value: unknown): ValuePrimitive {
  switch (typeof value) {
    case 'boolean':
      return BOOLEAN
    case 'string':
      return STRING
    case 'number':
      return NUMBER
    default:
      if (Array.isArray(value)) return ARRAY
      throw new InvalidArgumentError(
        `No value-form primitive for ${describeValue(value)}`,
        'A value form is a boolean, string, number or array; for anything else use stateCheck(path, primitive, expected), e.g. with literalMatch().',
      )
  }
}
