// A recording session fuzzed through its whole life: a call recorded (request and response
// bodies generated, hostile ones included: nested past the limit, `__proto__` keys, terminal
// escapes), the file written by `finish`, then the same call replayed from it. Each step returns
// or throws the library's own error.
import fc from 'fast-check'
import { memoryStore, RecordingSession } from '../../../src/host.js'
import { constant, type Recipe } from './recipe.js'
import type { Signature } from './signature.js'

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const answer = (extra: string) =>
  `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]${extra}}`

/** Response bodies: an answer, and answers carrying hostile data. */
const responses: readonly Recipe[] = [
  constant(answer(''), 'an answer'),
  constant(answer(`,"deep":${nested(5000)}`), 'an answer with a value nested 5000 deep'),
  constant(answer(`,"deep":${nested(1001)}`), 'an answer with a value nested 1001 deep'),
  constant(answer(`,"deep":${nested(999)}`), 'an answer with a value nested 999 deep'),
  constant(
    answer(',"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}'),
    'an answer with __proto__ and constructor keys',
  ),
  constant(
    answer(',"x":"\\u001b]8;;https://example.com\\u0007click\\u001b]8;;\\u0007"'),
    'an answer with an OSC-8 link',
  ),
  constant(`[${'['.repeat(3000)}${']'.repeat(3000)}]`, 'an array nested 3000 deep'),
]

/** Request bodies: a chat request, and requests carrying hostile data. */
const requests: readonly Recipe[] = [
  constant('{"model":"m","messages":[{"role":"user","content":"Hi"}]}', 'a chat request'),
  constant(
    `{"model":"m","messages":[{"role":"user","content":"Hi"}],"deep":${nested(5000)}}`,
    'a request with a value nested 5000 deep',
  ),
  constant(
    '{"model":"m","__proto__":{"polluted":true},"messages":[{"role":"user","content":"Hi","constructor":{"a":1}}]}',
    'a request with __proto__ and constructor keys',
  ),
  constant('{"model":"m","messages":[[]]}', 'a request with a list in its list'),
]

const call = (body: string, response: string) => ({
  url: 'http://127.0.0.1:9/v1/chat/completions',
  init: {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key-fake-fuzz' },
    body,
  },
  baseURL: 'http://127.0.0.1:9/v1',
  live: async () => new Response(response, { headers: { 'content-type': 'application/json' } }),
})

const session = (store: ReturnType<typeof memoryStore>, mode: 'new' | 'replay') =>
  new RecordingSession({
    file: '/fuzz/__recordings__/a.json',
    displayFile: 'a.json',
    test: 'fuzz > \u001b]8;;https://example.com\u0007recorded\u001b]8;;\u0007',
    mode,
    command: 'npx vitest run',
    store,
  })

/** Records one call, writes the file, and replays the call from it. */
export const recordedExchange: Signature = {
  args: fc.tuple(fc.constantFrom(...requests), fc.constantFrom(...responses)),
  call: async ([body, response]) => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const live = await recording.handle(call(body as string, response as string))
    await live.text()
    await recording.finish(false)
    const replay = session(store, 'replay')
    await (await replay.handle(call(body as string, response as string))).text()
    await replay.finish(false)
  },
}
