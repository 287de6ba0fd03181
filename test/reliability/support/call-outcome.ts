// The promise every public callable keeps: a call returns (or resolves), or throws (or rejects)
// a `ScenarioError` whose message starts `[vitest-scenario]`. Anything else — a TypeError from
// inside, a plain Error, a hang — is a foreign failure, described here for the report.
import { isScenarioError } from '../../../src/core.js'
import type { Signature } from './signature.js'

/** How long a returned promise may take before the call counts as a hang. */
export const HANG_MS = 1000

const PREFIX = '[vitest-scenario]'

/** A short, safe description of what was thrown (never throws on hostile values itself). */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) {
      const line = String(thrown.message).split('\n')[0]
      return `${thrown.name}: ${line}`
    }
    return `a thrown ${thrown === null ? 'null' : typeof thrown}`
  } catch {
    return 'a thrown value that cannot be described'
  }
}

/** Whether a thrown value is the library's own, well-formed error. */
export function isLibraryError(thrown: unknown): boolean {
  return (
    isScenarioError(thrown) &&
    typeof thrown.message === 'string' &&
    thrown.message.startsWith(PREFIX)
  )
}

function timeout(ms: number): { promise: Promise<'hang'>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined
  const promise = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), ms)
  })
  return { promise, cancel: () => clearTimeout(timer) }
}

/** Whether a returned value is what a matcher returns (its lazy message is part of the call). */
function lazyMessage(value: unknown): (() => unknown) | undefined {
  if (typeof value !== 'object' || value === null || value instanceof Promise) return undefined
  const message = (value as { message?: unknown }).message
  return typeof message === 'function' && 'pass' in value ? (message as () => unknown) : undefined
}

/**
 * Makes one call and says what was wrong with it, or `undefined` when the promise held. A
 * matcher's message is rendered too, as Vitest renders it when the assertion fails.
 */
export async function foreignOutcome(
  signature: Signature,
  args: unknown[],
): Promise<string | undefined> {
  try {
    let value = signature.call(args)
    if (value instanceof Promise) {
      const limit = timeout(HANG_MS)
      try {
        value = await Promise.race([value, limit.promise])
      } finally {
        limit.cancel()
      }
      if (value === 'hang') return `no answer within ${HANG_MS} ms`
    }
    lazyMessage(value)?.()
    return undefined
  } catch (thrown) {
    if (isLibraryError(thrown)) return undefined
    if (isScenarioError(thrown))
      return `a ScenarioError without the prefix: ${describeThrown(thrown)}`
    return describeThrown(thrown)
  }
}
