// Finds the `{ callable, at }` references in a document, in document order.
import type { CallableReference } from '../../../src/core.js'

function isReference(value: unknown): value is CallableReference {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 2 && keys.includes('callable') && keys.includes('at')
}

/** Every callable reference in a document (a JSON value), depth first in key order. */
export function collectReferences(
  value: unknown,
  out: CallableReference[] = [],
): CallableReference[] {
  if (isReference(value)) {
    out.push(value)
  } else if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, out)
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectReferences(item, out)
  }
  return out
}
