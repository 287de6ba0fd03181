import { types } from 'node:util'
import { InvalidArgumentError } from '../errors/index.js'
import { type RecordingSource, recordingFetch } from './recording-fetch.js'
import { type Fetch, isRecordingSession } from './session.js'

/** The part of an `openai` client (v6 or v7) that `wrap` uses. */
interface WrappableClient {
  baseURL: string
  fetch: Fetch
  withOptions(options: { fetch: Fetch } & Record<string, unknown>): unknown
}

/**
 * A copy of an `openai` client whose calls go through a recording session, built with the SDK's
 * `withOptions({ fetch })`: the client itself is not changed, and nothing global is patched.
 * `recording` is the session, or a function that returns the current one (`undefined`: the call
 * goes live unrecorded); the `vitest-scenario` entry's `wrap(client)` passes the running test's.
 * Live calls go through the client's own `fetch`; the client keeps its own retry settings and
 * every other option — also those `withOptions` would drop, such as an `AzureOpenAI` client's
 * `apiVersion` and `deployment`. A copy that would differ from the client in any option is
 * refused with an error naming it, never returned. Calls an agent under test makes through the
 * copy while it answers are counted in its turn's `usage.answering` (see `recordingFetch`).
 *
 * @example
 * const client = wrap(new OpenAI(), session)
 * const result = await runScenario(definition, { model: { model: 'gpt-4.1-mini', client }, recording: session })
 */
export function wrap<T extends object>(client: T, recording: RecordingSource): T {
  if (!isRecordingSession(recording) && typeof recording !== 'function') {
    throw new InvalidArgumentError(
      `wrap(client, recording) needs a RecordingSession or a function returning the current one, got ${kindOf(recording)}`,
      "Import wrap from 'vitest-scenario' in Vitest tests: it routes calls to the running test.",
    )
  }
  if (typeof client !== 'object' || client === null || !isWrappable(client)) {
    throw new InvalidArgumentError(
      `wrap() needs an openai client (v6 or v7), got ${kindOf(client)}: it has no withOptions(), baseURL or fetch`,
      'Pass the client `new OpenAI(...)` (or `new AzureOpenAI(...)`) returns.',
    )
  }
  if (wrapped.has(client)) return client
  const live = client.fetch
  let copy: T
  try {
    copy = client.withOptions({
      ...ownOptions(client),
      fetch: recordingFetch({
        recording,
        baseURL: () => client.baseURL,
        live: (input, init) => live.call(undefined, input, init),
      }),
    }) as T
  } catch (error) {
    throw new InvalidArgumentError(
      `wrap() could not copy this ${className(client)}: ${error instanceof Error ? error.message : String(error)}`,
      'Pass the client as the SDK built it; if it is a subclass, wrap the client it extends or report the options it needs.',
    )
  }
  const lost = lostOption(client, copy)
  if (lost !== undefined) {
    throw new InvalidArgumentError(
      `wrap() would lose the option \`${lost}\` of this ${className(client)}: its copy has a different value`,
      'Report this with the client class and its options; until then, use the client unwrapped with VITEST_SCENARIO_RECORD=off.',
    )
  }
  wrapped.add(copy)
  return copy
}

/**
 * Options a client class keeps outside the SDK's own option record, which `withOptions` would
 * therefore drop: `AzureOpenAI` keeps `apiVersion` and `deploymentName` on the instance (and its
 * constructor throws without an `apiVersion`).
 */
function ownOptions(client: object): Record<string, unknown> {
  const { apiVersion, deploymentName } = client as {
    apiVersion?: unknown
    deploymentName?: unknown
  }
  return {
    ...(typeof apiVersion === 'string' ? { apiVersion } : {}),
    ...(typeof deploymentName === 'string' ? { deployment: deploymentName } : {}),
  }
}

/**
 * The first option the copy does not share with the client, or `undefined`: every own property
 * that is a plain value, and every entry of the SDK's option record (`_options`), but `fetch`.
 */
function lostOption(client: object, copy: object): string | undefined {
  for (const [key, value] of Object.entries(client)) {
    if (
      key === 'fetch' ||
      (typeof value === 'object' && value !== null) ||
      typeof value === 'function'
    )
      continue
    if (!Object.is((copy as Record<string, unknown>)[key], value)) return key
  }
  const options = (client as { _options?: unknown })._options
  const copied = (copy as { _options?: unknown })._options
  if (
    typeof options !== 'object' ||
    options === null ||
    typeof copied !== 'object' ||
    copied === null
  )
    return undefined
  for (const [key, value] of Object.entries(options)) {
    if (key === 'fetch') continue
    const other = (copied as Record<string, unknown>)[key]
    if (Object.is(other, value)) continue
    if (typeof value === 'object' && value !== null && sameJson(value, other)) continue
    return key
  }
  return undefined
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}

/** `AzureOpenAI client`, `OpenAI client`: the class, for messages. */
function className(client: object): string {
  const name = (Object.getPrototypeOf(client) as { constructor?: { name?: unknown } } | null)
    ?.constructor?.name
  return typeof name === 'string' && name !== '' ? `${name} client` : 'client'
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  // A revoked Proxy throws even from Array.isArray: named, never touched.
  if (typeof value === 'object' && types.isProxy(value)) return 'a Proxy'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : typeof value
}

/** Clients `wrap` returned: wrapping one again would record each call twice. */
const wrapped = new WeakSet<object>()

/** Whether `client` is one `wrap` returned. */
export function isWrapped(client: object): boolean {
  return wrapped.has(client)
}

function isWrappable(client: object): client is WrappableClient {
  const c = client as Partial<WrappableClient>
  // A property getter that throws (a Proxy, say) makes it no client, not a crash.
  try {
    return (
      typeof c.withOptions === 'function' &&
      typeof c.baseURL === 'string' &&
      typeof c.fetch === 'function'
    )
  } catch {
    return false
  }
}
