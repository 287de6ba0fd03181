// Format 2 stores a request that extends an earlier one as a delta, and a session normalizes and
// keys the calls of a growing conversation incrementally (src/recordings/request-delta.ts,
// request-normalizer.ts, request-key.ts). Each shortcut must give exactly what the plain rule
// gives: the written file reads back to the same requests, and a call normalizes and keys as
// `normalizeRequest` and `requestKey` do, for any requests and any body texts, odd ones included.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { normalizeRequest, type RecordedRequest } from '../../src/recordings/normalize-request.js'
import {
  parseRecording,
  type RecordedInteraction,
  type RecordingFile,
  serializeRecording,
} from '../../src/recordings/recording-file.js'
import { RequestKeys, requestKey } from '../../src/recordings/request-key.js'
import { RequestNormalizer } from '../../src/recordings/request-normalizer.js'
import { canonicalize, type Json } from '../../src/recordings/stable-json.js'

const FILE = 'test/__recordings__/property.test.ts/any-00000000.json'
const BASE = 'http://127.0.0.1:9/v1'

/** Canonical JSON text: what "the same request" means for recordings. */
const same = (value: unknown) => JSON.stringify(canonicalize(value as Json))

/** JSON values, tricky keys included (`__proto__`, numeric keys, the list keys themselves). */
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('role', 'content', 'model', 'temperature', 'tools') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', '1', '10', '2', 'messages', 'input', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
)
const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, '', 'x'),
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
})).value

const LIST_KEYS = ['messages', 'input', 'contents'] as const

/**
 * One step of a script of requests: a new request, or one built on an earlier request (its list
 * grown, a key changed, added or removed, another path).
 */
const step = fc.record({
  base: fc.option(fc.nat(), { nil: undefined }),
  listKey: fc.constantFrom<string | undefined>(...LIST_KEYS, undefined),
  added: fc.array(json, { maxLength: 3 }),
  set: fc.dictionary(key, json, { maxKeys: 2 }),
  remove: fc.array(key, { maxLength: 2 }),
  editItem: fc.option(fc.tuple(fc.nat(), json), { nil: undefined, freq: 6 }),
  path: fc.constantFrom('/chat/completions', '/responses'),
  query: fc.option(fc.constantFrom('a=1', 'api-version=2024-10-21'), { nil: undefined, freq: 4 }),
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET'),
  bodyKind: fc.constantFrom('object', 'object', 'object', 'object', 'string', 'none'),
})
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never

/** The requests a script makes: mostly conversations that grow, with edits and strays. */
function requests(steps: readonly Step[]): RecordedRequest[] {
  const out: RecordedRequest[] = []
  for (const s of steps) {
    const earlier = s.base === undefined || out.length === 0 ? undefined : out[s.base % out.length]
    if (earlier !== undefined && isObject(earlier.body)) {
      const body: { [key: string]: Json } = JSON.parse(JSON.stringify(earlier.body))
      const list = Object.keys(body).find((k) => Array.isArray(body[k]))
      if (list !== undefined) {
        const items = [...(body[list] as Json[]), ...s.added]
        if (s.editItem !== undefined && items.length > 0) {
          items[s.editItem[0] % items.length] = s.editItem[1]
        }
        body[list] = items
      }
      for (const [k, v] of Object.entries(s.set)) setKey(body, k, v)
      for (const k of s.remove) delete body[k]
      const request: RecordedRequest = { ...earlier, body }
      // Now and then the same body at another path.
      if (s.editItem === undefined && s.query === 'a=1') request.path = s.path
      out.push(request)
      continue
    }
    const request: RecordedRequest = { method: s.method, path: s.path }
    if (s.query !== undefined) request.query = s.query
    if (s.bodyKind === 'string') request.body = 'plain text'
    if (s.bodyKind === 'object') {
      const body: { [key: string]: Json } = {}
      for (const [k, v] of Object.entries(s.set)) setKey(body, k, v)
      if (s.listKey !== undefined) setKey(body, s.listKey, s.added)
      request.body = body
    }
    out.push(request)
  }
  return out
}

function setKey(object: { [key: string]: Json }, name: string, value: Json) {
  Object.defineProperty(object, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function recording(list: readonly RecordedRequest[], formatVersion: number): RecordingFile {
  return {
    kind: 'vitest-scenario.recording',
    formatVersion,
    keyVersion: 1,
    test: 'property',
    status: 'complete',
    interactions: list.map(
      (request, i): RecordedInteraction => ({
        request,
        response: { status: 200, headers: {}, body: { i } },
        durationMs: i,
      }),
    ),
  }
}

describe('format 2 files', () => {
  test('serialize → parse gives back every request exactly, in both formats', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const list = requests(steps)
        for (const formatVersion of [1, 2]) {
          const text = serializeRecording(recording(list, formatVersion))
          const read = parseRecording(text, FILE)
          expect(read.formatVersion).toBe(formatVersion)
          expect(read.interactions.map((i) => same(i.request))).toEqual(list.map(same))
          expect(read.interactions.map((i) => i.response.body)).toEqual(list.map((_, i) => ({ i })))
          // Stable: what was read writes the same bytes.
          expect(serializeRecording(read)).toBe(text)
          // Keyed as the session keys them (items shared), each key is requestKey's.
          const keys = new RequestKeys()
          expect(read.interactions.map((i) => keys.of(i.request))).toEqual(list.map(requestKey))
        }
      }),
      { numRuns: 1_500 },
    )
    // 1,500 files written and read back, in both formats: seconds on a loaded machine.
  }, 30_000)

  test('a request that extends an earlier one is written as a delta of the nearest such one', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 2, maxLength: 20 }), (steps) => {
        const list = requests(steps)
        const written = JSON.parse(serializeRecording(recording(list, 2))) as {
          interactions: { request: { extends?: number } }[]
        }
        written.interactions.forEach(({ request }, i) => {
          if (request.extends === undefined) return
          expect(request.extends).toBeLessThan(i)
          expect(request.extends).toBeGreaterThanOrEqual(Math.max(0, i - 32))
        })
      }),
      { numRuns: 500 },
    )
  })
})

/** How one call's body is sent: its text, as an SDK or a hand-made client writes it. */
const sending = fc.record({
  indent: fc.constantFrom<number | undefined>(undefined, undefined, 0, 2),
  reorder: fc.constantFrom(false, false, false, true),
  // Text that is not what JSON.stringify writes: a key twice, trailing junk, a comma too many
  // (after the body's last key or the list's last item), spaces and line breaks.
  odd: fc.option(
    fc.constantFrom(
      'duplicate-list',
      'duplicate-key',
      'junk',
      'comma',
      'list-comma',
      'spaces',
      'denylisted',
    ),
    { nil: undefined, freq: 5 },
  ),
})
type Sending = typeof sending extends fc.Arbitrary<infer T> ? T : never

/** The text of `body` as `how` sends it. */
function bodyText(body: Json, how: Sending): string {
  const ordered =
    how.reorder && isObject(body)
      ? Object.fromEntries(Object.entries(body).reverse())
      : (body as unknown)
  const text = JSON.stringify(ordered, null, how.indent)
  if (!isObject(body) || !text.endsWith('}')) return text
  const first = Object.keys(ordered as object)[0]
  const open = text.slice(0, -1)
  const more = Object.keys(body).length > 0 ? ',' : ''
  switch (how.odd) {
    case 'duplicate-list':
      return `${open}${more}"messages":[{"role":"user","content":"again"}]}`
    case 'duplicate-key':
      // The first key again, after the list: JSON.parse keeps this value.
      return `${open}${more}${JSON.stringify(first ?? 'model')}:"other"}`
    case 'junk':
      return `${text} x`
    case 'comma':
      return `${open},}`
    case 'list-comma':
      // A comma after the list's last item, when the list is written last.
      return text.replace(/\](\s*)\}$/, ',]$1}')
    case 'spaces':
      return text.replaceAll('[', ' [ ').replaceAll(']', ' ] ').replaceAll(',', ' ,\n')
    case 'denylisted':
      return `${open}${more}"user":"u-1","metadata":{"a":1}}`
    default:
      return text
  }
}

describe('a session normalizing a growing conversation', () => {
  test('each call normalizes and keys as normalizeRequest and requestKey do', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(step, sending), { maxLength: 25 }),
        fc.boolean(),
        (script, redacting) => {
          // A pure hook, of its value and path.
          const redact = redacting
            ? (value: string, path: string) =>
                value === 'x' || path.endsWith('.1.content') ? `<${value.length}>` : value
            : undefined
          const list = requests(script.map(([s]) => s))
          const normalizer = new RequestNormalizer(redact)
          const keys = new RequestKeys()
          list.forEach((request, i) => {
            const how = (script[i] as [Step, Sending])[1]
            const url = `${BASE}${request.path}${request.query === undefined ? '' : `?${request.query}`}`
            const init = {
              method: request.method,
              ...(request.body === undefined
                ? {}
                : {
                    body:
                      typeof request.body === 'string' ? request.body : bodyText(request.body, how),
                  }),
            }
            const expected = normalizeRequest(url, init, BASE, redact)
            const actual = normalizer.normalize(url, init, BASE)
            expect(same(actual)).toBe(same(expected))
            expect(keys.of(actual)).toBe(requestKey(expected))
          })
        },
      ),
      { numRuns: 3_000 },
    )
    // 3,000 scripts of up to 25 calls: a few seconds on a loaded CI machine.
  }, 30_000)
})
