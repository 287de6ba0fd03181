import type { CallableSite } from './callable-names.js'
import type { CallableReference } from './document-format.js'

/** What writing one document collects: every function met, to be named once all are known. */
export interface WriteContext {
  readonly sites: CallableSite[]
}

/**
 * Writes a function as `{ callable, at }`; its name is filled in later by `nameCallables`, which
 * needs every function of the document.
 */
export function writeCallable(
  context: WriteContext,
  fn: unknown,
  at: string,
  key: string,
): CallableReference {
  const reference: CallableReference = { callable: '', at }
  context.sites.push({ fn, at, key, reference })
  return reference
}
