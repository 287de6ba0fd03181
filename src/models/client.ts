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
  if (config.client !== undefined) return Promise.resolve(config.client as ChatClient)
  const key = `${config.baseURL ?? ''}\u0000${config.apiKey ?? ''}`
  let client = built.get(key)
  if (client === undefined) {
    client = import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          maxRetries: 0,
          ...(config.baseURL === undefined ? {} : { baseURL: config.baseURL }),
          ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
        }) as unknown as ChatClient,
    )
    // A failed build (e.g. no API key) must not be cached: the next run may have the key.
    client.catch(() => built.delete(key))
    built.set(key, client)
  }
  return client
}
