// Cheap assertions for properties that run thousands of times (vitest's `expect` costs more than
// the engine does here). A failure throws, and fast-check reports it with the counterexample.
import { isDeepStrictEqual } from 'node:util'
import type { Diagnostic } from '../../src/core.js'
import { FN_KEY } from './reference.js'

/** A property failure. */
export class PropertyFailure extends Error {
  override name = 'PropertyFailure'
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (v === undefined ? '<undefined>' : v))
  } catch {
    return String(value)
  }
}

/** Fails unless `condition` holds. */
export function ok(condition: boolean, what: string): asserts condition {
  if (!condition) throw new PropertyFailure(what)
}

/** Fails unless `actual` deep-equals `expected` (strictly: types and prototypes too). */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new PropertyFailure(`${what}\n  expected: ${show(expected)}\n  actual:   ${show(actual)}`)
  }
}

function counts(keys: readonly string[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const k of keys) out.set(k, (out.get(k) ?? 0) + 1)
  return out
}

/** Whether multiset `a` is contained in multiset `b`. */
function within(a: readonly string[], b: readonly string[]): boolean {
  const cb = counts(b)
  for (const [k, n] of counts(a)) if ((cb.get(k) ?? 0) < n) return false
  return true
}

/**
 * `required ⊆ diagnostics ⊆ allowed` as multisets of dot paths (`<fn>` for a callable): each check
 * that could not judge its value left a diagnostic, and no diagnostic came from a check that was
 * not evaluated or that matched (SPEC section 3, 13.8). All must be `condition` diagnostics.
 */
export function checkConditionDiagnostics(
  diagnostics: readonly Diagnostic[],
  bounds: { required: readonly string[]; allowed: readonly string[] },
  where = '',
): void {
  for (const d of diagnostics)
    ok(d.kind === 'condition', `${where}a ${d.kind} diagnostic: ${d.message}`)
  const keys = diagnostics.map((d) => d.path ?? FN_KEY)
  if (!within(bounds.required, keys) || !within(keys, bounds.allowed)) {
    throw new PropertyFailure(
      `${where}condition diagnostics ${show(keys)} are not between the required ` +
        `${show(bounds.required)} and the allowed ${show(bounds.allowed)}:\n` +
        diagnostics.map((d) => `  ${d.message}`).join('\n'),
    )
  }
}
