import { InvalidArgumentError } from '../errors/invalid-argument-error.js'
import type { Diagnostic } from '../state/types.js'
import { describeValue } from './describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from './option-keys.js'

/**
 * Reads the `{ diagnostics? }` options of `resolveNextNode` and `evaluateOutcome`: the array the
 * diagnostics are pushed into must be one that can grow (not frozen or sealed).
 *
 * @example
 * const diagnostics = readDiagnostics(options, 'evaluateOutcome(check, result, options)')
 */
export function readDiagnostics(options: unknown, where: string): Diagnostic[] | undefined {
  const { diagnostics } = parseOptionKeys(options, ['diagnostics'], { where, fix: OPTIONS_FIX })
  if (diagnostics === undefined) return undefined
  if (Array.isArray(diagnostics) && Object.isExtensible(diagnostics)) {
    return diagnostics as Diagnostic[]
  }
  throw new InvalidArgumentError(
    `\`diagnostics\` in ${where} must be an array the diagnostics can be pushed into, got ${Array.isArray(diagnostics) ? 'a frozen or sealed array' : describeValue(diagnostics)}`,
    'Pass { diagnostics: [] } and read the array after the call.',
  )
}
