/**
 * A session's failures: the list the host fails the test with (each error once, in order), and
 * the error of each call that failed, by call id (request key and occurrence), so that an SDK
 * retrying a failed `fetch` asks again for the same call and gets the same error, one failure.
 */
export class CallFailures {
  /** Misses and calls that could not be recorded, in order, each once. */
  readonly list: Error[] = []
  #byCall = new Map<string, Error>()

  /** Keeps `error` for the test (once) and returns it. */
  fail(error: Error): Error {
    if (!this.list.includes(error)) this.list.push(error)
    return error
  }

  /** The error of call `id`, made and kept once. */
  failOnce(id: string, make: () => Error): Error {
    let error = this.#byCall.get(id)
    if (error === undefined) {
      error = make()
      this.#byCall.set(id, error)
    }
    return this.fail(error)
  }

  /** The error call `id` already failed with, if any. */
  of(id: string): Error | undefined {
    return this.#byCall.get(id)
  }

  /** Takes back the failure of call `id` (its caller reports the problem itself). */
  takeBack(id: string, error: Error): void {
    this.#byCall.delete(id)
    const at = this.list.indexOf(error)
    if (at !== -1) this.list.splice(at, 1)
  }

  /** Forgets the calls' errors (the list stays): the session finished. */
  forgetCalls(): void {
    this.#byCall = new Map()
  }
}
