import { libraryFetch } from '../recordings/recording-fetch.js'
import type { Fetch, RecordingSession } from '../recordings/session.js'
import { isWrapped, wrap } from '../recordings/wrap.js'
import { rememberLiveKey } from '../secrets/live-keys.js'
import { baseURLOf, endpointOf } from './endpoint.js'
import type { LibraryEndpoint } from './http-call.js'
import type { ModelConfig } from './types.js'

/**
 * The SDK object of one API the library calls: its `create(body, { signal, fetchOptions })` makes
 * the call (`fetchOptions` go into the init its `fetch` gets).
 */
export interface CreateMethod {
  create(body: object, options?: { signal?: AbortSignal; fetchOptions?: object }): Promise<unknown>
}

/**
 * The part of an `openai` client the library calls (any copy, v6 or v7): `chat.completions`, and
 * `responses` for a model config with `api: 'responses'` (a user's stand-in client may lack it).
 */
export interface ChatClient {
  chat: { completions: CreateMethod }
  responses?: CreateMethod | undefined
}

/** Endpoints of calls made without a recording session, per base URL and key. */
const endpoints = new Map<string, LibraryEndpoint>()
/**
 * Endpoints of one session, whose `fetch` answers through it: they live as long as the session
 * (one test), so a worker's memory does not grow with the tests it ran.
 */
const endpointsFor = new WeakMap<RecordingSession, Map<string, LibraryEndpoint>>()

/**
 * Where the library sends the calls of a model config without `client` or driver, which it makes
 * itself, without the `openai` SDK: the base URL (the config's, else `OPENAI_BASE_URL`, else
 * OpenAI's), the headers the SDK would send that matter to a server (the key as a bearer token,
 * JSON both ways, `OPENAI_ORG_ID` and `OPENAI_PROJECT_ID` as `OpenAI-Organization` and
 * `OpenAI-Project`), and the `fetch` to use: the recording session's when there is one, else
 * `fetch` itself. Built once per base URL and key (and session), so a call builds no headers.
 * `undefined` when there is no key (none in the config, `OPENAI_API_KEY` unset) and no session.
 * With a session, a call without a key carries no credential: it replays, and records as a call
 * to a keyless endpoint (a local server) does.
 */
export function libraryEndpoint(
  config: ModelConfig,
  recording: RecordingSession | undefined,
): LibraryEndpoint | undefined {
  // Every artifact and printed text is checked for the key from now on (masked, or refused).
  rememberLiveKey(config.apiKey)
  const apiKey = config.apiKey ?? keyFromEnvironment()
  if (apiKey === undefined && recording === undefined) return undefined
  const baseURL = baseURLOf(config)
  const key = `${baseURL}\u0000${apiKey ?? ''}`
  let cache = endpoints
  if (recording !== undefined) {
    cache = endpointsFor.get(recording) ?? new Map()
    endpointsFor.set(recording, cache)
  }
  let endpoint = cache.get(key)
  if (endpoint === undefined) {
    const live: Fetch = (input, init) => fetch(input, init)
    endpoint = {
      baseURL,
      base: baseURL.replace(/\/+$/, ''),
      endpoint: endpointOf(baseURL),
      headers: Object.freeze(requestHeaders(apiKey)),
      // Through the session when there is one; a cut event stream is named there.
      fetch:
        recording === undefined ? live : libraryFetch({ recording, baseURL: () => baseURL, live }),
    }
    cache.set(key, endpoint)
  }
  return endpoint
}

/** The headers of every call to one endpoint with one key (none: no `authorization`). */
function requestHeaders(apiKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
  }
  if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`
  const organization = process.env.OPENAI_ORG_ID
  if (organization !== undefined && organization !== '') {
    headers['openai-organization'] = organization
  }
  const project = process.env.OPENAI_PROJECT_ID
  if (project !== undefined && project !== '') headers['openai-project'] = project
  return headers
}

/** `OPENAI_API_KEY`, as the SDK would read it (empty counts as unset). */
function keyFromEnvironment(): string | undefined {
  const key = process.env.OPENAI_API_KEY
  return key !== undefined && key !== '' ? key : undefined
}

/**
 * The client of a model config with a `client` of the user's: wrapped to answer through
 * `recording` when there is one (see `recordedClient`). It keeps its own retry settings.
 */
export function clientFor(
  config: ModelConfig,
  recording: RecordingSession | undefined,
): ChatClient {
  return recordedClient(config.client, recording)
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
