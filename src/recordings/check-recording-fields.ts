import { isPlainObject } from '../internal/is-plain-object.js'
import { checkMcpInteractions } from './mcp-interaction.js'

/** The keys each object of a recording may have. */
const FILE_KEYS = ['kind', 'formatVersion', 'keyVersion', 'test', 'status', 'interactions', 'mcp']
const INTERACTION_KEYS = ['request', 'response', 'durationMs']
const REQUEST_KEYS = ['method', 'path', 'query', 'body']
/** The keys of a request stored as a delta of an earlier one (format 2). */
const DELTA_KEYS = ['extends', 'append', 'body', 'remove']
const RESPONSE_KEYS = ['status', 'headers', 'body', 'text', 'stream']
const EVENT_KEYS = ['event', 'data']

/**
 * What is wrong with a parsed recording's fields, as `<path> is <value>; it must be <allowed>`,
 * or `undefined` when every field holds what replaying needs. Checked at load, so a hand-edited
 * file fails with its field named instead of a RangeError or TypeError when a call replays it.
 * `kind`, `formatVersion`, `status` and the `interactions` array are checked by the caller. In
 * format 2 a request may be a delta (`extends`, `append`, `body`, `remove`): its fields' shapes
 * are checked here, and what needs the request it extends when the file is rebuilt.
 *
 * @example
 * checkRecordingFields(file) // 'interactions.3.response.status is 1000; it must be an integer HTTP status from 200 to 599'
 */
export function checkRecordingFields(file: Record<string, unknown>): string | undefined {
  const top = unknownKey(file, FILE_KEYS, '')
  if (top !== undefined) return top
  if (!isCount(file.keyVersion, 1)) return wrong('keyVersion', file.keyVersion, 'an integer ≥ 1')
  if (typeof file.test !== 'string') return wrong('test', file.test, "the test's full name")
  const interactions = file.interactions as unknown[]
  const deltas = typeof file.formatVersion === 'number' && file.formatVersion >= 2
  for (let i = 0; i < interactions.length; i++) {
    const why = checkInteraction(interactions[i], `interactions.${i}`, deltas ? i : undefined)
    if (why !== undefined) return why
  }
  // The MCP requests (`mcp`), when the test made some: an older file has none.
  return file.mcp === undefined ? undefined : checkMcpInteractions(file.mcp, wrong, unknownKey)
}

/** `index` is the interaction's index when its request may be a delta (format 2). */
function checkInteraction(
  interaction: unknown,
  at: string,
  index: number | undefined,
): string | undefined {
  if (!isPlainObject(interaction)) {
    return wrong(at, interaction, 'an object with request, response and durationMs')
  }
  const { request, response, durationMs } = interaction
  return (
    unknownKey(interaction, INTERACTION_KEYS, at) ??
    checkRequest(request, `${at}.request`, index) ??
    checkResponse(response, `${at}.response`) ??
    (typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs >= 0
      ? undefined
      : wrong(`${at}.durationMs`, durationMs, 'a number of milliseconds ≥ 0'))
  )
}

function checkRequest(request: unknown, at: string, index: number | undefined): string | undefined {
  if (!isPlainObject(request)) return wrong(at, request, 'an object with method and path')
  if (Object.hasOwn(request, 'extends')) {
    if (index !== undefined) return checkDelta(request, at, index)
    return `${at}.extends is a field of a request stored as a delta, which only formatVersion 2 files have; this file's formatVersion is 1`
  }
  const { method, path, query } = request
  if (typeof method !== 'string' || method === '') {
    return wrong(`${at}.method`, method, "an HTTP method such as 'POST'")
  }
  if (typeof path !== 'string' || !path.startsWith('/')) {
    return wrong(`${at}.path`, path, "a path starting with '/', such as '/chat/completions'")
  }
  if (query !== undefined && typeof query !== 'string') {
    return wrong(`${at}.query`, query, "a query string such as 'api-version=2024-10-21'")
  }
  // `body` is any JSON value: the request as the SDK sent it, canonicalized.
  return unknownKey(request, REQUEST_KEYS, at)
}

function checkDelta(delta: Record<string, unknown>, at: string, index: number): string | undefined {
  const { extends: base, append, body, remove } = delta
  if (!isCount(base, 0) || (base as number) >= index) {
    return wrong(
      `${at}.extends`,
      base,
      index === 0
        ? 'left out: the first interaction has none before it to extend, so its request is stored in full (method, path, body)'
        : `the index of an earlier interaction, from 0 to ${index - 1}`,
    )
  }
  if (!Array.isArray(append)) {
    return wrong(
      `${at}.append`,
      append,
      `an array of the items added to the list of interaction ${base}'s request`,
    )
  }
  if (body !== undefined && !isPlainObject(body)) {
    return wrong(
      `${at}.body`,
      body,
      'an object of the body keys added or changed, with their values',
    )
  }
  if (remove !== undefined) {
    if (!Array.isArray(remove)) {
      return wrong(`${at}.remove`, remove, 'an array of the body keys the request no longer has')
    }
    for (let i = 0; i < remove.length; i++) {
      if (typeof remove[i] !== 'string') {
        return wrong(`${at}.remove.${i}`, remove[i], 'a body key (a string)')
      }
    }
  }
  return unknownKey(delta, DELTA_KEYS, at)
}

function checkResponse(response: unknown, at: string): string | undefined {
  if (!isPlainObject(response)) return wrong(at, response, 'an object with status and headers')
  const { status, headers, text, stream } = response
  // `Response` takes only 200–599; the fetch an SDK sees never delivers 1xx.
  if (!isCount(status, 200) || (status as number) > 599) {
    return wrong(`${at}.status`, status, 'an integer HTTP status from 200 to 599')
  }
  if (!isPlainObject(headers)) {
    return wrong(`${at}.headers`, headers, 'an object of header names to string values')
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') return wrong(`${at}.headers.${name}`, value, 'a string')
  }
  const bodies = ['body', 'text', 'stream'].filter((key) => response[key] !== undefined)
  if (bodies.length > 1) {
    return `${at} has ${bodies.join(' and ')}; it must have at most one of body (JSON), text or stream (SSE events)`
  }
  if (text !== undefined && typeof text !== 'string') {
    return wrong(`${at}.text`, text, 'a string (a body that is not JSON)')
  }
  if (stream !== undefined) {
    if (!Array.isArray(stream)) {
      return wrong(`${at}.stream`, stream, 'an array of events { event, data }')
    }
    for (let i = 0; i < stream.length; i++) {
      const why = checkEvent(stream[i], `${at}.stream.${i}`)
      if (why !== undefined) return why
    }
  }
  // `body` is any JSON value: a JSON response, parsed.
  return unknownKey(response, RESPONSE_KEYS, at)
}

function checkEvent(event: unknown, at: string): string | undefined {
  if (!isPlainObject(event)) return wrong(at, event, 'an event object { event, data }')
  if (event.event !== null && typeof event.event !== 'string') {
    return wrong(`${at}.event`, event.event, 'the event name (a string) or null')
  }
  if (event.data === undefined) {
    return wrong(`${at}.data`, undefined, 'the event data (JSON, or the text sent)')
  }
  return unknownKey(event, EVENT_KEYS, at)
}

function isCount(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min
}

function unknownKey(value: object, valid: readonly string[], at: string): string | undefined {
  const key = Object.keys(value).find((k) => !valid.includes(k))
  if (key === undefined) return undefined
  const where = at === '' ? key : `${at}.${key}`
  return `${where} is not a field of a recording; the fields there are ${valid.join(', ')}`
}

function wrong(at: string, value: unknown, allowed: string): string {
  return `${at} is ${shown(value)}; it must be ${allowed}`
}

/** A value as a message shows it: short, and never a long string a secret could hide in. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing'
  if (typeof value === 'string') {
    return value.length > 24 ? `a string of ${value.length} characters` : JSON.stringify(value)
  }
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  return String(value)
}
