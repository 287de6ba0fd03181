import { InvalidArgumentError } from '../errors/index.js'
import type { Fetch } from './recorder.js'
import { recordingFetch } from './recording-fetch.js'

/** The part of an `openai` client (v6 or v7) that `wrap` uses. */
interface WrappableClient {
  baseURL: string
  fetch: Fetch
  withOptions(options: { fetch: Fetch }): unknown
}

/**
 * A copy of the user's own `openai` client whose calls go through the current test's recording
 * (SPEC section 10), built with the SDK's `withOptions({ fetch })`: the client itself is not
 * changed, and nothing global is patched. Live calls go through the client's own `fetch`; the
 * client keeps its own retry settings.
 *
 * @example
 * const client = wrap(new OpenAI())
 * const result = await runScenario(definition, { model: { model: 'gpt-4.1-mini', client } })
 */
export function wrap<T extends object>(client: T): T {
  if (!isWrappable(client)) {
    throw new InvalidArgumentError(
      'wrap() needs an openai client (v6 or v7): it has no withOptions(), baseURL or fetch',
      'Pass the client `new OpenAI(...)` returns.',
    )
  }
  if (wrapped.has(client)) return client
  const live = client.fetch
  const copy = client.withOptions({
    fetch: recordingFetch({
      baseURL: () => client.baseURL,
      live: (input, init) => live.call(undefined, input, init),
    }),
  }) as T
  wrapped.add(copy)
  return copy
}

/** Clients `wrap` returned: wrapping one again would record each call twice. */
const wrapped = new WeakSet<object>()

/** Whether `client` is one `wrap` returned. */
export function isWrapped(client: object): boolean {
  return wrapped.has(client)
}

function isWrappable(client: object): client is WrappableClient {
  const c = client as Partial<WrappableClient>
  return (
    typeof c.withOptions === 'function' &&
    typeof c.baseURL === 'string' &&
    typeof c.fetch === 'function'
  )
}
