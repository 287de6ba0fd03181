import { arrayClose, listInText, skipSpace, trimEnd } from './json-scan.js'
import {
  bodyJson,
  normalizeJson,
  type RecordedRequest,
  type RedactHook,
  requestTarget,
  withoutDenylisted,
} from './normalize-request.js'
import { listKeyOf, markExtends } from './request-delta.js'
import { type Json, jsonEqual, setOwn } from './stable-json.js'

/** How many lists of earlier calls a normalizer keeps: one per conversation a test interleaves (the agent's, a simulated user's, a judge's). */
const KEPT_LISTS = 4

/** A list an earlier call sent. */
interface KeptList {
  key: string
  /** The items as sent (parsed). */
  sent: readonly Json[]
  /** The same items normalized. */
  normalized: Json[]
  /** The body as parsed (denylisted keys removed): where the keys before the list come from. */
  body: { [key: string]: Json }
  /** The body's text up to the end of the list's last item, and the keys written before the list; absent when the scan could not place the list. */
  text: { prefix: string; before: readonly string[] } | undefined
}

/**
 * `normalizeRequest` for the calls of one session, which mostly resend a growing list (the
 * conversation in `messages`, `input` or `contents`) with a few items more each time:
 *
 * - a body text that starts with the text of a recent call's body up to the end of its list is
 *   parsed only from there (the new items and the keys after the list), and that call's items
 *   are taken as they are;
 * - otherwise the body is parsed whole, and the items its list shares at the start with a recent
 *   call's list (compared as parsed) get that call's normalized items back.
 *
 * So a call costs what it adds, not a parse and a sorted copy of the whole conversation, and the
 * requests of a session share their items (`RequestKeys` keys each once). The result is what
 * `normalizeRequest` gives. The `redact` hook (a function of its value and path) is not asked
 * again about an item it already answered for at the same place.
 */
export class RequestNormalizer {
  readonly #redact: RedactHook | undefined
  /** The most recent first. */
  #lists: KeptList[] = []

  constructor(redact: RedactHook | undefined) {
    this.#redact = redact
  }

  /** Drops the kept lists (whole conversations): for a session that will answer no more calls. */
  forget(): void {
    this.#lists = []
  }

  /** The normalized request of one call: see `normalizeRequest`. */
  normalize(
    url: string,
    init: { method?: string | undefined; body?: unknown },
    baseURL: string,
  ): RecordedRequest {
    const request = sharedTarget(url, init.method, baseURL)
    const { body } = init
    const extended = typeof body === 'string' ? this.#extendText(body) : undefined
    if (extended !== undefined) {
      request.body = extended
      return request
    }
    const parsed = bodyJson(body)
    if (parsed !== undefined) {
      request.body = this.#parsed(parsed, typeof body === 'string' ? body : undefined)
    }
    return request
  }

  /** The normalized body of `text` when it extends the text of a kept list, else `undefined`. */
  #extendText(text: string): Json | undefined {
    for (const kept of this.#lists) {
      if (kept.text === undefined || !startsWith(text, kept.text.prefix)) continue
      const body = extendedBody(text, kept)
      if (body === undefined) continue
      const sent = body.raw[kept.key] as Json[]
      const location = { prefix: text.slice(0, body.itemsEnd), before: kept.text.before }
      return this.#normalized(body.raw, kept.key, sent, kept, kept.sent.length, location)
    }
    return undefined
  }

  /** The normalized body of a body parsed whole (`text` its text when it was JSON text). */
  #parsed(body: Json, text: string | undefined): Json {
    const key = listKeyOf(body)
    if (key === undefined) return normalizeJson(body, 'request.body', this.#redact)
    const raw = body as { [key: string]: Json }
    const sent = raw[key] as Json[]
    const [kept, shared] = this.#longestShared(key, sent)
    const found = text === undefined ? undefined : listInText(text, key)
    const location =
      found === undefined
        ? undefined
        : { prefix: text?.slice(0, found.itemsEnd) ?? '', before: found.before }
    return this.#normalized(raw, key, sent, kept, shared, location)
  }

  /**
   * The normalized body, its first `shared` items those of `kept`; keeps the list for the next
   * calls.
   */
  #normalized(
    raw: { [key: string]: Json },
    key: string,
    sent: readonly Json[],
    kept: KeptList | undefined,
    shared: number,
    text: KeptList['text'],
  ): Json {
    const redact = this.#redact
    const rest: { [key: string]: Json } = {}
    for (const name of Object.keys(raw)) {
      if (name !== key) setOwn(rest, name, raw[name])
    }
    const others = normalizeJson(rest, 'request.body', redact) as { [key: string]: Json }
    const normalized: Json[] = new Array(sent.length)
    for (let i = 0; i < sent.length; i++) {
      normalized[i] =
        i < shared && kept !== undefined
          ? (kept.normalized[i] as Json)
          : // An item sits two levels below the body (the body, its list).
            normalizeJson(sent[i] as Json, `request.body.${key}.${i}`, redact, 2)
    }
    const whole = kept !== undefined && shared === kept.sent.length
    // `RequestKeys` keys the items the kept list already had once.
    if (whole) markExtends(normalized, kept.normalized)
    // A list that holds the kept one whole replaces it; one that only shares a start (a judge's
    // call with the same system prompt) is kept beside it.
    this.#keep({ key, sent, normalized, body: raw, text }, whole ? kept : undefined)
    // The body's keys in the order `normalizeJson` gives them: sorted, the list among them.
    const out: { [key: string]: Json } = {}
    for (const name of [...Object.keys(others), key].sort()) {
      setOwn(out, name, name === key ? normalized : (others[name] as Json))
    }
    return out
  }

  /** The kept list sharing the longest start with `sent` under `key`, and how many items it shares. */
  #longestShared(key: string, sent: readonly Json[]): [KeptList | undefined, number] {
    let best: KeptList | undefined
    let bestCount = 0
    for (const list of this.#lists) {
      if (list.key !== key) continue
      const count = sharedStart(list.sent, sent)
      if (count > bestCount) {
        best = list
        bestCount = count
      }
      // A list this call extends whole is the conversation it continues.
      if (count === list.sent.length && count > 0) break
    }
    return [best, bestCount]
  }

  /** Keeps `list` first, in place of `grewFrom` (a list it holds whole) when there is one. */
  #keep(list: KeptList, grewFrom: KeptList | undefined): void {
    const others = this.#lists.filter((l) => l !== grewFrom)
    this.#lists = [list, ...others].slice(0, KEPT_LISTS)
  }
}

/**
 * The targets (method, path, query) made so far, by what each was made from. `requestTarget` is
 * a function of its three strings alone, so a target made for one session is the same for every
 * other: the calls of a suite go to a few URLs, and parsing the URL and the base URL (two `URL`s
 * and the query) for every test's first call was a third of what normalizing a replayed call
 * cost. Bounded: started again when full, so a worker's memory does not grow with its tests.
 */
const targets = new Map<string, Readonly<RecordedRequest>>()
const MAX_TARGETS = 64

/** `requestTarget(url, method, baseURL)`, a fresh object each call (the caller adds the body). */
function sharedTarget(url: string, method: string | undefined, baseURL: string): RecordedRequest {
  // Each part but the last after its length: no two triples share a key, whatever they hold.
  const verb = method === undefined ? '' : `=${method}`
  const id = `${verb.length}:${verb}${baseURL.length}:${baseURL}${url}`
  const known = targets.get(id)
  if (known !== undefined) return { ...known }
  const request = requestTarget(url, method, baseURL)
  if (targets.size >= MAX_TARGETS) targets.clear()
  targets.set(id, Object.freeze({ ...request }))
  return request
}

/**
 * The parsed body of `text`, which starts with `kept`'s text up to the end of its list: `kept`'s
 * keys before the list, its items and the new ones, the keys after the list; and where the list's
 * items end in `text`. `undefined` when the rest is not what it must be for the whole text to be
 * JSON that parses to that (then the caller parses it whole, and JSON.parse has the last word).
 */
function extendedBody(
  text: string,
  kept: KeptList,
): { raw: { [key: string]: Json }; itemsEnd: number } | undefined {
  const { prefix, before } = kept.text as NonNullable<KeptList['text']>
  const close = arrayClose(text, prefix.length)
  if (close === undefined) return undefined
  let added: Json[]
  try {
    const start = skipSpace(text, prefix.length)
    if (start === close) added = []
    else if (kept.sent.length === 0) added = JSON.parse(`[${text.slice(start, close)}]`) as Json[]
    else {
      // After the kept items: a comma and at least one item more.
      if (text.charCodeAt(start) !== COMMA) return undefined
      added = JSON.parse(`[${text.slice(start + 1, close)}]`) as Json[]
      if (added.length === 0) return undefined
    }
  } catch {
    return undefined
  }
  const after = afterList(text, close)
  if (after === undefined) return undefined
  const raw: { [key: string]: Json } = {}
  for (const name of before) {
    if (Object.hasOwn(kept.body, name)) setOwn(raw, name, kept.body[name])
  }
  setOwn(raw, kept.key, kept.sent.concat(added))
  for (const name of Object.keys(after)) {
    // A key written twice, the list or one before it: JSON.parse keeps the later value, which is
    // then not the one a later call's text (extending this one) has before its list.
    if (name === kept.key || before.includes(name)) return undefined
    setOwn(raw, name, after[name])
  }
  withoutDenylisted(raw)
  return { raw, itemsEnd: trimEnd(text, close) }
}

/** The keys after the list that closes at `close`, parsed; `undefined` when they are not JSON. */
function afterList(text: string, close: number): { [key: string]: Json } | undefined {
  const next = skipSpace(text, close + 1)
  const c = text.charCodeAt(next)
  if (c === CLOSE_BRACE) return skipSpace(text, next + 1) === text.length ? {} : undefined
  if (c !== COMMA) return undefined
  try {
    const after = JSON.parse(`{${text.slice(next + 1)}`) as unknown
    if (typeof after !== 'object' || after === null || Array.isArray(after)) return undefined
    // `, }` is no JSON: at least one key follows the comma.
    return Object.keys(after).length > 0 ? (after as { [key: string]: Json }) : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `text` starts with `prefix`. Comparing a slice with `===` compares memory;
 * String.prototype.startsWith goes character by character, which for a whole conversation's
 * text per call was the cost of a parse.
 */
function startsWith(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix
}

/** How many items at the start of `a` and `b` are equal as JSON. */
function sharedStart(a: readonly Json[], b: readonly Json[]): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) if (!jsonEqual(a[i], b[i])) return i
  return length
}

const COMMA = 0x2c
const CLOSE_BRACE = 0x7d
