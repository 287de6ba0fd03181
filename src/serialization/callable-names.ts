// How `toJSON` names the functions it writes as `{ callable, at }`.
import type { CallableReference } from './document-format.js'

/**
 * Names JavaScript infers from the option keys a function is given under: such a name says
 * nothing about the function, so it counts as anonymous.
 */
export const INFERRED_NAMES: readonly string[] = [
  'when',
  'stateUpdate',
  'evaluate',
  'parse',
  'verify',
  'fn',
  'execute',
  'question',
  'answering',
  'parsing',
]

/** A function met while writing a document: where it is, and the reference written for it. */
export interface CallableSite {
  readonly fn: unknown
  /** The location, e.g. `nodes.retry.stateUpdate`. */
  readonly at: string
  /** The option key the function was given under, e.g. `stateUpdate`. */
  readonly key: string
  /** The reference in the document; `callable` is filled in by `nameCallables`. */
  readonly reference: CallableReference
}

/**
 * Whether a function's name counts as anonymous: empty, equal to the key it was given under, one
 * of the inferred option-key names, or equal to its location (the name JavaScript infers for a
 * function written in a `callables` map under its location).
 *
 * @example
 * isAnonymousName('stateUpdate', 'stateUpdate', 'nodes.retry.stateUpdate') // true
 * isAnonymousName('countTries', 'stateUpdate', 'nodes.retry.stateUpdate') // false
 */
export function isAnonymousName(name: string, key: string, at: string): boolean {
  return name === '' || name === key || name === at || INFERRED_NAMES.includes(name)
}

function ownName(fn: unknown): string {
  const name = typeof fn === 'function' ? (fn as { name?: unknown }).name : undefined
  return typeof name === 'string' ? name : ''
}

/**
 * Fills in the name of every reference: the function's own name unless it counts as anonymous
 * or two different functions share it (then `''`: only the location resolves it); one function
 * used at several locations keeps its name. A definition loaded from a document keeps the names
 * the document gave (`recorded`, by location), so writing it again gives the same document.
 */
export function nameCallables(
  sites: readonly CallableSite[],
  recorded?: ReadonlyMap<string, string> | undefined,
): void {
  const byName = new Map<string, Set<unknown>>()
  const candidates = sites.map((site) => {
    const name = ownName(site.fn)
    const candidate = isAnonymousName(name, site.key, site.at) ? '' : name
    if (candidate !== '') {
      const fns = byName.get(candidate) ?? new Set()
      fns.add(site.fn)
      byName.set(candidate, fns)
    }
    return candidate
  })
  sites.forEach((site, i) => {
    const candidate = candidates[i] ?? ''
    const shared = candidate !== '' && (byName.get(candidate)?.size ?? 0) > 1
    site.reference.callable = recorded?.get(site.at) ?? (shared ? '' : candidate)
  })
}
