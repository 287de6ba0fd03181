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
      : new AggregateError(
          failures,
          `[vitest-scenario] ${failures.length} recording failures:\n\n${failures.map((f) => f.message).join('\n\n')}`,
        )
  if (testError !== undefined) {
    const text = testError instanceof Error ? testError.message : String(testError)
    first.message = `${first.message}\n\nThe test also failed with:\n${text}`
  }
  return first
}
