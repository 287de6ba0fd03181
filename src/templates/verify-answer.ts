import { checkPrimitive, deepEqual, primitiveForValue } from '../primitives/index.js'
import type { Primitive } from '../primitives/types.js'
import type { AnswerTemplate } from './types.js'

type FieldCheck = (value: unknown) => boolean

const groundTruthChecks = new WeakMap<object, [string, FieldCheck][]>()

/**
 * The template's verdict on parsed fields: per-field primitives
 * against the ground truth (all must pass), or a `verify` function taken by truthiness, or — with
 * ground truth and no `verify` — each ground-truth field compared by its value-form primitive.
 * With neither, `null`. A `verify` function that throws propagates: the runner makes it an
 * `unexpected` error at the `verify` stage.
 */
export function verifyAnswer(
  template: AnswerTemplate,
  parsed: Record<string, unknown>,
): boolean | null {
  const { verify, groundTruth } = template
  if (typeof verify === 'function') return Boolean(verify(parsed, groundTruth))
  if (verify !== undefined) {
    const expected = (groundTruth ?? {}) as Record<string, unknown>
    for (const field in verify) {
      const primitive = (verify as Record<string, Primitive | undefined>)[field]
      if (primitive !== undefined && !checkPrimitive(primitive, parsed[field], expected[field])) {
        return false
      }
    }
    return true
  }
  if (groundTruth === undefined) return null
  for (const [field, check] of checksFor(groundTruth as Record<string, unknown>)) {
    if (!check(parsed[field])) return false
  }
  return true
}

/** Compiles the value-form checks of a ground truth once per template. */
function checksFor(groundTruth: Record<string, unknown>): [string, FieldCheck][] {
  let checks = groundTruthChecks.get(groundTruth)
  if (checks !== undefined) return checks
  checks = Object.entries(groundTruth).map(([field, expected]) => [field, valueCheck(expected)])
  groundTruthChecks.set(groundTruth, checks)
  return checks
}

function valueCheck(expected: unknown): FieldCheck {
  if (expected === null || expected === undefined)
    return (value) => value === null || value === undefined
  if (typeof expected === 'object' && !Array.isArray(expected)) {
    return (value) => deepEqual(value, expected)
  }
  const primitive = primitiveForValue(expected)
  return (value) => checkPrimitive(primitive, value, expected)
}
