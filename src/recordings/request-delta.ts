// Format 2 stores a request that extends an earlier one of the same recording as what it adds, so
// a conversation whose every call resends the whole transcript makes a file that grows linearly.
import { isPlainObject } from '../internal/is-plain-object.js'
import type { RecordedRequest } from './normalize-request.js'
import { canonicalize, type Json, jsonEqual, setOwn } from './stable-json.js'

/**
 * The body keys whose list a later request may extend, in the order they are looked for: chat
 * completions' and Anthropic's `messages`, the Responses API's `input`, Gemini's `contents`. The
 * list of a body is the first of them that holds an array.
 */
export const LIST_KEYS: readonly string[] = ['messages', 'input', 'contents']

/** How far back a writer looks for a request to extend: interleaved calls (a judge, a simulated user) sit between the calls of one conversation. */
export const DELTA_WINDOW = 32

/** A request as a format 2 file stores it when it extends an earlier interaction's request. */
export interface RequestDelta {
  /** The index of the earlier interaction whose request this one extends. */
  extends: number
  /** The items added at the end of that request's list (possibly none). */
  append: Json[]
  /** The body keys other than the list that this request added or changed, with their values. */
  body?: { [key: string]: Json }
  /** The body keys of the earlier request that this one does not have, sorted. */
  remove?: string[]
}

/**
 * Lists known to start with every item of another list, the same objects: `list` → `start`. Set
 * where a list is made by extending another (a rebuilt delta, a call that resends a conversation)
 * and read by `RequestKeys`, which then keys only the items after `start`. Lists are never
 * changed after they are made, so the fact stays true; a weak map, so it holds no list alive.
 */
const extended = new WeakMap<readonly Json[], readonly Json[]>()

/** Notes that `list` starts with the items of `start`, the same objects. */
export function markExtends(list: readonly Json[], start: readonly Json[]): void {
  extended.set(list, start)
}

/** The list `list` was noted to start with (`markExtends`), when it still does. */
export function extendedList(list: readonly Json[]): readonly Json[] | undefined {
  const start = extended.get(list)
  if (start === undefined || start.length > list.length) return undefined
  const last = start.length - 1
  return last < 0 || list[last] === start[last] ? start : undefined
}

/** The list key of a request body (see `LIST_KEYS`), or `undefined` when it has none. */
export function listKeyOf(body: unknown): string | undefined {
  if (!isPlainObject(body)) return undefined
  return LIST_KEYS.find((key) => Object.hasOwn(body, key) && Array.isArray(body[key]))
}

/**
 * `request` as a delta of `base` (the request of interaction `index`), or `undefined` when it
 * does not extend it. It extends `base` when the method, path and query are the same, both
 * bodies are objects, `base` has a list (`listKeyOf`) and `request` has a list under the same key
 * that starts with every item of it, compared as JSON. The other body keys may differ: changed
 * and added ones are stored in `body`, removed ones in `remove`. Values are canonical.
 */
export function requestDelta(
  base: RecordedRequest,
  request: RecordedRequest,
  index: number,
): RequestDelta | undefined {
  if (base.method !== request.method || base.path !== request.path) return undefined
  if (base.query !== request.query) return undefined
  const listKey = listKeyOf(base.body)
  if (listKey === undefined || !isPlainObject(request.body)) return undefined
  const before = (base.body as { [key: string]: Json })[listKey] as Json[]
  const after = request.body[listKey]
  if (!Array.isArray(after) || after.length < before.length || !startsWith(after, before)) {
    return undefined
  }
  const delta: RequestDelta = { extends: index, append: after.slice(before.length).map(item) }
  const baseBody = base.body as { [key: string]: Json }
  const next = request.body
  const body: { [key: string]: Json } = {}
  for (const key of Object.keys(next).sort()) {
    const value = next[key]
    if (key === listKey || value === undefined) continue
    // An absent key is not `null` (jsonEqual reads an `undefined` array item as null).
    const had = Object.hasOwn(baseBody, key) ? baseBody[key] : undefined
    if (had !== undefined && jsonEqual(had, value)) continue
    setOwn(body, key, canonicalize(value))
  }
  const remove = Object.keys(baseBody)
    .filter((key) => key !== listKey && baseBody[key] !== undefined)
    .filter((key) => !Object.hasOwn(next, key) || next[key] === undefined)
    .sort()
  if (Object.keys(body).length > 0) delta.body = body
  if (remove.length > 0) delta.remove = remove
  return delta
}

/**
 * The request `delta` stands for, rebuilt on `base` (the already rebuilt request it extends), or
 * what is wrong with the delta (`<path> is …; it must be …`), `at` being the delta's path in the
 * file. Its shape (an index, an array, an object, strings) is checked before; this checks what
 * needs `base`. The rebuilt request shares the unchanged items and values of `base` rather than
 * copying them: a conversation read back takes memory linear in its file.
 */
export function applyDelta(
  base: RecordedRequest,
  delta: RequestDelta,
  at: string,
): RecordedRequest | string {
  const listKey = listKeyOf(base.body)
  if (listKey === undefined) {
    return `${at}.extends is ${delta.extends}, whose request has no ${LIST_KEYS.join(', ')} list to extend; it must be the index of an earlier request with such a list (any other request is stored in full)`
  }
  const baseBody = base.body as { [key: string]: Json }
  const changed = delta.body ?? {}
  if (Object.hasOwn(changed, listKey)) {
    return `${at}.body.${listKey} is set; it must be left out: the ${listKey} list of interaction ${delta.extends}'s request grows through ${at}.append`
  }
  const removed = new Set(delta.remove ?? [])
  for (const [i, key] of (delta.remove ?? []).entries()) {
    if (key === listKey || !Object.hasOwn(baseBody, key) || baseBody[key] === undefined) {
      return `${at}.remove.${i} is ${JSON.stringify(key)}; it must be a key of the body of interaction ${delta.extends}'s request other than ${listKey}`
    }
    if (Object.hasOwn(changed, key)) {
      return `${at}.remove.${i} is ${JSON.stringify(key)}, which ${at}.body also sets; a key is either changed or removed`
    }
  }
  const keys = new Set([...Object.keys(baseBody), ...Object.keys(changed)])
  const body: { [key: string]: Json } = {}
  for (const key of [...keys].sort()) {
    if (removed.has(key)) continue
    const value =
      key === listKey
        ? grown(baseBody[listKey] as Json[], delta.append)
        : Object.hasOwn(changed, key)
          ? changed[key]
          : baseBody[key]
    if (value !== undefined) setOwn(body, key, value)
  }
  const request: RecordedRequest = { body, method: base.method, path: base.path }
  if (base.query !== undefined) request.query = base.query
  return request
}

/**
 * The requests of a format 1 file made to share their lists' items as a rebuilt format 2 file's
 * do: a request whose list starts with the list of one of the `DELTA_WINDOW` requests before it
 * (the nearest, as `requestDelta` finds it) takes that list's items. Changes the requests, which
 * the caller has just parsed. The file's bytes are unchanged; its requests key and take memory
 * as those of a format 2 file.
 */
export function shareLists(requests: readonly RecordedRequest[]): void {
  for (let i = 1; i < requests.length; i++) {
    const request = requests[i] as RecordedRequest
    if (listKeyOf(request.body) === undefined) continue
    for (let b = i - 1; b >= 0 && b >= i - DELTA_WINDOW; b--) {
      const base = requests[b] as RecordedRequest
      const key = listKeyOf(base.body)
      if (key === undefined || base.method !== request.method || base.path !== request.path)
        continue
      if (base.query !== request.query) continue
      const body = request.body as { [key: string]: Json }
      const before = (base.body as { [key: string]: Json })[key] as Json[]
      const after = body[key]
      if (!Array.isArray(after) || after.length < before.length || !startsWith(after, before)) {
        continue
      }
      setOwn(body, key, grown(before, after.slice(before.length)))
      break
    }
  }
}

/** `list` with `added` after its items, noted as extending it. */
function grown(list: Json[], added: readonly Json[]): Json[] {
  const out = list.concat(added)
  markExtends(out, list)
  return out
}

/** Whether `list` starts with the items of `prefix`, as JSON. The last item first: a branch of a conversation differs there. */
function startsWith(list: readonly Json[], prefix: readonly Json[]): boolean {
  const last = prefix.length - 1
  if (last >= 0 && !jsonEqual(list[last], prefix[last])) return false
  for (let i = 0; i < last; i++) if (!jsonEqual(list[i], prefix[i])) return false
  return true
}

/** An appended item as stored: canonical; `undefined` (an array hole) as `null`, as JSON writes it. */
function item(value: Json | undefined): Json {
  return value === undefined ? null : canonicalize(value)
}
