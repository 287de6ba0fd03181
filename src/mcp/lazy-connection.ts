/**
 * `connect`, called at most once and only when first needed: a request that replays never
 * starts or reaches its server. A connection that failed is tried again at the next need.
 */
export function lazily<T>(connect: () => Promise<T>): {
  get: () => Promise<T>
  /** The connection, when one was made (or is being made). */
  made: () => Promise<T> | undefined
} {
  let connection: Promise<T> | undefined
  return {
    get: () => {
      connection ??= connect().catch((error: unknown) => {
        connection = undefined
        throw error
      })
      return connection
    },
    made: () => connection,
  }
}
