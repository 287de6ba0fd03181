/**
 * Whether a value reads like an `AbortSignal` (an object with `aborted`). A value that cannot be
 * asked (a revoked Proxy) is not one: the option's check then names it, never a TypeError from
 * inside.
 */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof value !== 'object' || value === null) return false
  try {
    return 'aborted' in value
  } catch {
    return false
  }
}
