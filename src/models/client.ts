import { NO_KEY } from '../recordings/recorder.js'
import { recordingFetch } from '../recordings/recording-fetch.js'
import { recordingRouter } from '../recordings/router.js'
import { isWrapped, wrap } from '../recordings/wrap.js'
import { rememberLiveKey } from '../secrets/live-keys.js'
import type { ModelConfig } from './types.js'

/** The part of an `openai` client the library calls (any copy, v6 or v7). */
export interface ChatClient {
  chat: {
    completions: { create(body: object, options?: { signal?: AbortSignal }): Promise<unknown> }
  }
}

const built = new Map<string, Promise<ChatClient>>()

/**
 * The client for a model config: the user's own `client` as given (it keeps its own retry
 * settings), else one the library builds lazily — `openai` is imported on first use, so runs with
 * only agents never load it — with `maxRetries: 0`, because the library owns retries. Built
 * clients are shared per base URL and key.
 */
export function clientFor(config: ModelConfig): Promise<ChatClient> {
  if (config.client !== undefined) return Promise.resolve(recordedClient(config.client))
  // Every artifact and printed text is checked for the key from now on (masked, or refused).
  rememberLiveKey(config.apiKey)
  const key = `${config.baseURL ?? ''}\u0000${config.apiKey ?? ''}`
  let client = built.get(key)
  if (client === undefined) {
    client = import('openai').then(({ default: OpenAI }) => {
      const instance: { baseURL: string } = new OpenAI({
        maxRetries: 0,
        ...(config.baseURL === undefined ? {} : { baseURL: config.baseURL }),
        apiKey: config.apiKey ?? keyFromEnvironment(),
        // Every call goes through the current test's recording when the Vitest layer is active,
        // and straight to the network otherwise.
        fetch: recordingFetch({
          baseURL: () => instance.baseURL,
          live: (input, init) => fetch(input, init),
        }),
      })
      return instance as unknown as ChatClient
    })
    // A failed build (e.g. no API key) must not be cached: the next run may have the key.
    client.catch(() => built.delete(key))
    built.set(key, client)
  }
  return client
}

/**
 * `OPENAI_API_KEY`, as the SDK would read it. Under the Vitest layer a missing key is replaced by
 * a placeholder, so replaying needs no key; recording with the placeholder is refused with a
 * message that asks for the key. Outside it, the SDK's own "missing key" error stands.
 */
function keyFromEnvironment(): string | undefined {
  const key = process.env.OPENAI_API_KEY
  if (key !== undefined && key !== '') return key
  return recordingRouter() === undefined ? undefined : NO_KEY
}

const wrappedUserClients = new WeakMap<object, ChatClient>()

/**
 * A user's own client, wrapped for recordings when it is an `openai` client (a stand-in object
 * without `withOptions` is used as given). Wrapped once per client.
 */
function recordedClient(client: unknown): ChatClient {
  if (typeof client !== 'object' || client === null || isWrapped(client))
    return client as ChatClient
  if (typeof (client as { withOptions?: unknown }).withOptions !== 'function')
    return client as ChatClient
  let wrapped = wrappedUserClients.get(client)
  if (wrapped === undefined) {
    wrapped = wrap(client) as ChatClient
    wrappedUserClients.set(client, wrapped)
  }
  return wrapped
}
