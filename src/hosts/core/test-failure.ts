import { docsLine, withoutDocsLine } from '../../errors/docs-line.js'
import { isScenarioError } from '../../errors/scenario-error.js'

/**
 * The error a Jest test fails with when its recordings failed (a miss, a refusal, a file that
 * could not be written): the recording failures first, since they explain what follows, then the
 * test's own error, if it had one. Jest shows one error per thrown value, so they are joined.
 *
 * @example
 * throw testFailure(failures, bodyError)
 */
export function testFailure(failures: readonly Error[], testError: unknown): Error {
  const first =
    failures.length === 1
      ? (failures[0] as Error)
      : new AggregateError(failures, joinedMessage(failures))
  if (testError !== undefined) {
    const text = testError instanceof Error ? testError.message : String(testError)
    first.message = `${first.message}\n\nThe test also failed with:\n${text}`
  }
  return first
}

/**
 * The failures' messages in one: each without its docs line, and each distinct docs line once at
 * the end (several misses of one test would otherwise repeat the same line after each).
 */
function joinedMessage(failures: readonly Error[]): string {
  const docs = new Set(failures.flatMap((f) => (isScenarioError(f) ? [docsLine(f.docs)] : [])))
  return [
    `[vitest-scenario] ${failures.length} recording failures:`,
    ...failures.map((failure) => `\n${withoutDocsLine(failure.message)}`),
    ...(docs.size === 0 ? [] : ['', ...docs]),
  ].join('\n')
}
