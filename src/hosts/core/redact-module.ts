import { InvalidArgumentError } from '../../errors/index.js'
import { describeValue } from '../../internal/describe-value.js'
import type { RedactHook } from '../../recordings/normalize-request.js'

/**
 * The `redact` hook of the module the host's options named (`recordings.redact`), once the host's
 * setup entry imported it (through the runner's module loader, so a `.ts` module works on every
 * Node version): its default export must be the function `(value, jsonPath) => string`. A
 * failure of the hook later names the module. The host keeps the hook on its own host object.
 *
 * @example
 * const redact = redactHookOf(path, await import(path))
 */
export function redactHookOf(path: string, module: unknown): RedactHook {
  const redact = (module as { default?: unknown } | null)?.default
  if (typeof redact !== 'function') {
    throw new InvalidArgumentError(
      `The recordings.redact module ${path} has no function as its default export (got ${describeValue(redact)})`,
      "Export the hook as the module's default: `export default (value: string, jsonPath: string) => value.replace(/tenant-[0-9]{6}/g, '<tenant>')`.",
    )
  }
  return (value, jsonPath) => {
    try {
      return (redact as RedactHook)(value, jsonPath)
    } catch (error) {
      throw new InvalidArgumentError(
        `The recordings.redact hook of ${path} threw ${error instanceof Error ? `${error.name}: ${error.message}` : describeValue(error)}`,
        'Fix the hook: it is called with every string before it is stored or matched, and must return a string.',
        undefined,
        { cause: error },
      )
    }
  }
}
