import { describe, expect, test } from 'vitest'
import {
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordedInteraction,
  serializeRecording,
} from '../../src/recordings/recording-file.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'

// A replayed call equal to the recorded request at its position takes that request's key; any
// other call is keyed as before. Both must replay exactly what matching on the request decides,
// whatever order the calls come in, and the targets made once per URL must stay per URL.

const FILE = '/rec/keys.json'
const BASE = 'http://127.0.0.1:9/v1'
const URL = `${BASE}/chat/completions`

type Message = { role: string; content: string }

function interaction(messages: Message[], answer: string, path = '/chat/completions') {
  return {
    request: { method: 'POST', path, body: { messages, model: 'm' } },
    response: { status: 200, headers: {}, body: { answer } },
    durationMs: 1,
  } satisfies RecordedInteraction
}

function session(interactions: RecordedInteraction[]): RecordingSession {
  const text = serializeRecording({
    kind: RECORDING_KIND,
    formatVersion: RECORDING_FORMAT_VERSION,
    keyVersion: RECORDING_KEY_VERSION,
    test: 't',
    status: 'complete',
    interactions,
  })
  return new RecordingSession({
    file: FILE,
    displayFile: 'keys.json',
    test: 't',
    mode: 'replay',
    command: 'npx vitest run -u',
    store: memoryStore({ [FILE]: text }),
  })
}

/** The body the library sends: the model first, then the conversation (another key order). */
function call(rec: RecordingSession, messages: Message[], url = URL, baseURL = BASE) {
  const answer = rec.replayDirect({
    url,
    body: JSON.stringify({ model: 'm', messages }),
    baseURL,
  })
  return answer?.failure === undefined
    ? (answer?.body as { answer: string } | undefined)?.answer
    : `miss: ${answer.failure.name}`
}

const user = (content: string): Message => ({ role: 'user', content })
const assistant = (content: string): Message => ({ role: 'assistant', content })

describe('replayed calls and the keys of the recorded requests', () => {
  const turns = [
    [user('q1')],
    [user('q1'), assistant('a1'), user('q2')],
    [user('q1'), assistant('a1'), user('q2'), assistant('a2'), user('q3')],
  ]
  const recorded = () => turns.map((messages, i) => interaction(messages, `a${i + 1}`))

  test('a conversation replayed in order gets each recorded answer', async () => {
    const rec = session(recorded())
    expect(turns.map((messages) => call(rec, messages))).toEqual(['a1', 'a2', 'a3'])
    expect(await rec.finish(false)).toMatchObject({ replayed: 3, misses: 0 })
  })

  test('calls out of their recorded order still replay the request they equal', async () => {
    const rec = session(recorded())
    const order = [2, 0, 1]
    expect(order.map((i) => call(rec, turns[i] as Message[]))).toEqual(['a3', 'a1', 'a2'])
    expect(await rec.finish(false)).toMatchObject({ replayed: 3, misses: 0 })
  })

  test('a call that differs from the request at its position is matched on its own request', async () => {
    const rec = session(recorded())
    expect(call(rec, turns[0] as Message[])).toBe('a1')
    // Not the second recorded request (a changed question): a miss, as before.
    expect(call(rec, [user('q1'), assistant('a1'), user('another')])).toBe(
      'miss: RecordingMissingError',
    )
    await rec.finish(true)
  })

  test('the same request recorded twice replays its occurrences in order', async () => {
    const same = [user('again')]
    const rec = session([interaction(same, 'first'), interaction(same, 'second')])
    expect([call(rec, same), call(rec, same)]).toEqual(['first', 'second'])
    expect(await rec.finish(false)).toMatchObject({ replayed: 2, misses: 0 })
  })

  test('a long conversation replays call by call', async () => {
    const messages: Message[] = []
    const long: RecordedInteraction[] = []
    for (let i = 0; i < 200; i++) {
      messages.push(user(`q${i}`))
      long.push(interaction([...messages], `a${i}`))
      messages.push(assistant(`a${i}`))
    }
    const rec = session(long)
    const asked: Message[] = []
    const answers: (string | undefined)[] = []
    for (let i = 0; i < 200; i++) {
      asked.push(user(`q${i}`))
      answers.push(call(rec, [...asked]))
      asked.push(assistant(`a${i}`))
    }
    expect(answers).toEqual(long.map((_, i) => `a${i}`))
    expect(await rec.finish(false)).toMatchObject({ replayed: 200, misses: 0 })
  })
})

describe('the target of a call, made once per URL, base URL and method', () => {
  test('a base URL with a longer path gives the call another path, in any order', async () => {
    const v2 = interaction([user('q')], 'v2', '/v2/chat/completions')
    const plain = interaction([user('q')], 'plain')
    // The same URL below two base URLs: two targets, each session's own.
    const root = session([v2])
    expect(
      call(root, [user('q')], 'http://127.0.0.1:9/v2/chat/completions', 'http://127.0.0.1:9'),
    ).toBe('v2')
    const below = session([plain])
    expect(
      call(below, [user('q')], 'http://127.0.0.1:9/v2/chat/completions', 'http://127.0.0.1:9/v2'),
    ).toBe('plain')
    const again = session([v2])
    expect(
      call(again, [user('q')], 'http://127.0.0.1:9/v2/chat/completions', 'http://127.0.0.1:9'),
    ).toBe('v2')
    await Promise.all([root.finish(false), below.finish(false), again.finish(false)])
  })

  test('credential query parameters stay out of every target, the first and the reused', async () => {
    const recordedCall = interaction([user('q')], 'kept')
    const withQuery = {
      ...recordedCall,
      request: { ...recordedCall.request, query: 'api-version=1' },
    }
    const url = `${URL}?api-version=1&api-key=secret-value-123`
    for (let i = 0; i < 2; i++) {
      const rec = session([withQuery])
      expect(call(rec, [user('q')], url)).toBe('kept')
      await rec.finish(false)
    }
  })
})
