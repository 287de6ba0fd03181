import { libraryFetch } from '../recordings/recording-fetch.js'
import { PLACEHOLDER_KEY, type RecordingSession } from '../recordings/session.js'
import { isWrapped, wrap } from '../recordings/wrap.js'
import { rememberLiveKey } from '../secrets/live-keys.js'
import type { ModelConfig } from './types.js'

/** The SDK object of one API the library calls: its `create(body, { signal })` makes the call. */
export interface CreateMethod {
  create(body: object, options?: { signal?: AbortSignal }): Promise<unknown>
}

/**
 * The part of an `openai` client the library calls (any copy, v6 or v7): `chat.completions`, and
 * `responses` for a model config with `api: 'responses'` (a user's stand-in client may lack it).
 */
export interface ChatClient {
  chat: { completions: CreateMethod }
  responses?: CreateMethod | undefined
}

/** Clients built without a recording session, shared per base URL and key. */
const built = new Map<string, Promise<ChatClient>>()
/**
 * Clients built for one session, whose `fetch` answers through it: they live as long as the
 * session (one test), so a worker's memory does not grow with the tests it ran.
 */
const builtFor = new WeakMap<RecordingSession, Map<string, Promise<ChatClient>>>()

/**
 * The client for a model config: the user's own `client` (it keeps its own retry settings;
 * wrapped to answer through `recording` when there is one), else one the library builds lazily —
 * `openai` is imported on first use, so runs with only agents never load it — with
 * `maxRetries: 0`, because the library owns retries. Built clients are shared per base URL and
 * key (and session).
 */
export function clientFor(
  config: ModelConfig,
  recording: RecordingSession | undefined,
): Promise<ChatClient> {
  if (config.client !== undefined) {
    return Promise.resolve(recordedClient(config.client, recording))
  }
  // Every artifact and printed text is checked for the key from now on (masked, or refused).
  rememberLiveKey(config.apiKey)
  const key = `${config.baseURL ?? ''}\u0000${config.apiKey ?? ''}`
  let cache = built
  if (recording !== undefined) {
    cache = builtFor.get(recording) ?? new Map()
    builtFor.set(recording, cache)
  }
  let client = cache.get(key)
  if (client === undefined) {
    client = import('openai').then(({ default: OpenAI }) => {
      const instance: { baseURL: string } = new OpenAI({
        maxRetries: 0,
        ...(config.baseURL === undefined ? {} : { baseURL: config.baseURL }),
        apiKey: config.apiKey ?? keyFromEnvironment(recording),
        // Through the session when there is one; live otherwise, with cut streams named.
        fetch: libraryFetch({
          recording: recording ?? noSession,
          baseURL: () => instance.baseURL,
          live: (input, init) => fetch(input, init),
        }),
      })
      return instance as unknown as ChatClient
    })
    // A failed build (e.g. no API key) must not be cached: the next run may have the key.
    const failedIn = cache
    client.catch(() => failedIn.delete(key))
    cache.set(key, client)
  }
  return client
}

const noSession = (): undefined => undefined

/**
 * `OPENAI_API_KEY`, as the SDK would read it. With a recording session a missing key is
 * replaced by a placeholder, so replaying needs no key; recording with the placeholder is
 * refused with a message that asks for the key. Without one, the SDK's own "missing key" error
 * stands.
 */
function keyFromEnvironment(recording: RecordingSession | undefined): string | undefined {
  const key = process.env.OPENAI_API_KEY
  if (key !== undefined && key !== '') return key
  return recording === undefined ? undefined : PLACEHOLDER_KEY
}

/** User clients wrapped for one session, per session (they go with it). */
const wrappedFor = new WeakMap<RecordingSession, WeakMap<object, ChatClient>>()

/**
 * A user's own client, wrapped to answer through `recording` when it is an `openai` client (a
 * stand-in object without `withOptions`, one the user wrapped, or any client without a session
 * is used as given). Wrapped once per client and session.
 */
function recordedClient(client: unknown, recording: RecordingSession | undefined): ChatClient {
  if (
    recording === undefined ||
    typeof client !== 'object' ||
    client === null ||
    isWrapped(client) ||
    typeof (client as { withOptions?: unknown }).withOptions !== 'function'
  ) {
    return client as ChatClient
  }
  let clients = wrappedFor.get(recording)
  if (clients === undefined) {
    clients = new WeakMap()
    wrappedFor.set(recording, clients)
  }
  let wrapped = clients.get(client)
  if (wrapped === undefined) {
    wrapped = wrap(client, recording) as ChatClient
    clients.set(client, wrapped)
  }
  return wrapped
}
