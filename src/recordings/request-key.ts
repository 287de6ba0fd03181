import { hash } from 'node:crypto'
import type { RecordedRequest } from './normalize-request.js'
import { extendedList, listKeyOf } from './request-delta.js'
import { canonicalize, type Json } from './stable-json.js'

/**
 * The key a request is matched on: a SHA-256 digest of its canonical JSON (method, path, query
 * and body, keys sorted at every level). Two requests have the same key exactly when their
 * canonical JSON is the same. A digest rather than the text, so a session holds short keys
 * however long its conversation grows.
 */
export function requestKey(request: RecordedRequest): string {
  return new RequestKeys().of(request)
}

/**
 * `requestKey` for the requests of one session, which share list items: a rebuilt format 2 file
 * shares each item with the requests after it, and the session's normalizer hands the items of a
 * growing list on from call to call. A request with a list is keyed on the rest of its canonical
 * JSON and a chain of digests over its list's items (each link the digest of the one before and
 * the item's canonical JSON), and each item object remembers its link: a request that resends a
 * conversation with two items more costs two digests, not the text of the whole conversation.
 * Items must not change after they were keyed (recordings never change a request).
 */
export class RequestKeys {
  /** Per item: the link before it and its own, so a link is reused only after the same chain. */
  readonly #links = new WeakMap<object, { before: string; link: string }>()
  /** Per list: the link after its last item. */
  readonly #lists = new WeakMap<readonly Json[], string>()

  /** The key of `request`: the same as `requestKey(request)`. */
  of(request: RecordedRequest): string {
    const { body } = request
    const listKey = listKeyOf(body)
    if (listKey === undefined)
      return digest(JSON.stringify(canonicalize(request as unknown as Json)))
    // The request with a marker in place of its list, canonical, then the list's chain.
    const shell = { ...request, body: { ...(body as object), [listKey]: LIST_MARK } }
    const text = JSON.stringify(canonicalize(shell as unknown as Json))
    const at = text.indexOf(MARK_TEXT)
    if (at < 0 || text.includes(MARK_TEXT, at + 1)) {
      // The body holds the marker's own text elsewhere: key the whole text instead.
      return digest(JSON.stringify(canonicalize(request as unknown as Json)))
    }
    const link = this.#listLink((body as { [key: string]: Json })[listKey] as Json[])
    // A raw newline never occurs in JSON text: these keys differ from those of whole texts.
    return digest(`${text}\n${link}`)
  }

  /** The link after the last item of `list`: from that of the list it extends, when known. */
  #listLink(list: readonly Json[]): string {
    let link = this.#lists.get(list)
    if (link !== undefined) return link
    const start = extendedList(list)
    const startLink = start === undefined ? undefined : this.#lists.get(start)
    let from = 0
    link = CHAIN_START
    if (start !== undefined && startLink !== undefined) {
      from = start.length
      link = startLink
    }
    for (let i = from; i < list.length; i++) link = this.#link(link, list[i])
    this.#lists.set(list, link)
    return link
  }

  /** The chain's link after `before` and `item`. */
  #link(before: string, item: Json | undefined): string {
    if (item === undefined || item === null || typeof item !== 'object') {
      // An array hole is written as null, as JSON.stringify writes it in an array.
      return digest(before + JSON.stringify(item ?? null))
    }
    const known = this.#links.get(item)
    if (known !== undefined && known.before === before) return known.link
    const link = digest(before + JSON.stringify(canonicalize(item)))
    this.#links.set(item, { before, link })
    return link
  }
}

/** What stands for a list while the rest of a request is written: no request holds it. */
const LIST_MARK = '\u0000vitest-scenario:list\u0000'
const MARK_TEXT = JSON.stringify(LIST_MARK)
/** The link before a list's first item: a digest's length, so each link's text is unambiguous. */
const CHAIN_START = 'A'.repeat(44)

// The one-shot `hash` (Node ≥ 20.12): a replayed test takes about 30 digests, and a `createHash`
// object for each cost twice as much as the digest.
function digest(text: string): string {
  return hash('sha256', text, 'base64')
}
