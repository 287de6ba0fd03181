import { describe, expect, test } from 'vitest'
import { RecordingError } from '../../src/errors/index.js'
import {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordingFile,
  serializeRecording,
} from '../../src/recordings/recording-file.js'

const FILE = 'test/__recordings__/chat.test.ts/asks-twice-1a2b3c4d.json'

/** A recording with keys deliberately out of order everywhere. */
function sample(): RecordingFile {
  return {
    status: 'complete',
    interactions: [
      {
        durationMs: 812,
        response: {
          headers: { 'x-request-id': 'req_1', 'content-type': 'application/json' },
          body: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ message: { role: 'assistant', content: 'Venetoclax.' }, index: 0 }],
            usage: { prompt_tokens: 12, completion_tokens: 3 },
          },
          status: 200,
        },
        request: {
          path: '/chat/completions',
          method: 'POST',
          body: { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Which drug?' }] },
        },
      },
      {
        durationMs: 40,
        request: { method: 'POST', path: '/chat/completions', query: 'a=1' },
        response: {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
          stream: [
            { event: null, data: { id: 'c', choices: [{ delta: { content: 'Hi' } }] } },
            { event: null, data: '[DONE]' },
          ],
        },
      },
    ],
    test: 'drugs > asks twice',
    keyVersion: RECORDING_KEY_VERSION,
    formatVersion: RECORDING_FORMAT_VERSION,
    kind: RECORDING_KIND,
  }
}

describe('serializeRecording', () => {
  test('serialize → parse → serialize gives the same bytes', () => {
    const first = serializeRecording(sample())
    const second = serializeRecording(parseRecording(first, FILE))
    expect(second).toBe(first)
  })

  test('two-space indent and one final newline', () => {
    const text = serializeRecording(sample())
    expect(text.endsWith('}\n')).toBe(true)
    expect(text.endsWith('\n\n')).toBe(false)
    expect(text.split('\n')[1]).toBe(`  "kind": "${RECORDING_KIND}",`)
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`)
  })

  test('the header comes first in a fixed order, then the interactions', () => {
    const parsed = JSON.parse(serializeRecording(sample())) as Record<string, unknown>
    expect(Object.keys(parsed)).toEqual([
      'kind',
      'formatVersion',
      'keyVersion',
      'test',
      'status',
      'interactions',
    ])
  })

  test('request keys are sorted at every level; response bodies keep the order given', () => {
    const parsed = JSON.parse(serializeRecording(sample())) as {
      interactions: {
        request: { body: { messages: object[] } }
        response: { headers: object; body: { choices: { message: object }[] } }
      }[]
    }
    const [first] = parsed.interactions
    expect(Object.keys(first ?? {})).toEqual(['request', 'response', 'durationMs'])
    expect(Object.keys(first?.request ?? {})).toEqual(['body', 'method', 'path'])
    expect(Object.keys(first?.request.body ?? {})).toEqual(['messages', 'model'])
    expect(Object.keys(first?.request.body.messages[0] ?? {})).toEqual(['content', 'role'])
    expect(Object.keys(first?.response ?? {})).toEqual(['status', 'headers', 'body'])
    expect(Object.keys(first?.response.headers ?? {})).toEqual(['content-type', 'x-request-id'])
    expect(Object.keys(first?.response.body ?? {})).toEqual(['id', 'object', 'choices', 'usage'])
    expect(Object.keys(first?.response.body.choices[0]?.message ?? {})).toEqual(['role', 'content'])
  })

  test('the same recording built with keys in another order serializes to the same bytes', () => {
    const reordered = sample()
    const [first] = reordered.interactions
    if (first === undefined) throw new Error('no interaction')
    first.request = { body: first.request.body ?? null, method: 'POST', path: '/chat/completions' }
    first.response.headers = { 'content-type': 'application/json', 'x-request-id': 'req_1' }
    expect(serializeRecording(reordered)).toBe(serializeRecording(sample()))
  })

  test('a streamed response keeps its events in order, [DONE] as a string', () => {
    const parsed = parseRecording(serializeRecording(sample()), FILE)
    expect(parsed.interactions[1]?.response.stream).toEqual([
      { event: null, data: { id: 'c', choices: [{ delta: { content: 'Hi' } }] } },
      { event: null, data: '[DONE]' },
    ])
  })
})

describe('parseRecording', () => {
  const valid = () => JSON.parse(serializeRecording(sample())) as Record<string, unknown>
  const text = (change: (file: Record<string, unknown>) => void) => {
    const file = valid()
    change(file)
    return JSON.stringify(file)
  }

  test('reads a recording back as written', () => {
    expect(parseRecording(serializeRecording(sample()), FILE)).toEqual(sample())
  })

  test.each([
    ['not JSON', '{ "kind": ', /not valid JSON/],
    ['JSON that is not an object', '[1, 2]', /not a recording/],
    [
      'another kind',
      text((f) => Object.assign(f, { kind: 'vitest-scenario.definition' })),
      /not a recording/,
    ],
    ['no kind', text((f) => delete f.kind), /not a recording/],
    [
      'an unknown formatVersion',
      text((f) => Object.assign(f, { formatVersion: 3 })),
      /formatVersion is 3; this version of vitest-scenario reads 1 and 2/,
    ],
    ['a missing formatVersion', text((f) => delete f.formatVersion), /formatVersion is undefined/],
    [
      'a bad status',
      text((f) => Object.assign(f, { status: 'done' })),
      /"status" is "done", not "complete" or "partial"/,
    ],
    [
      'interactions that are not an array',
      text((f) => Object.assign(f, { interactions: {} })),
      /"interactions" is not an array/,
    ],
    [
      'an interaction without a request',
      text((f) => Object.assign(f, { interactions: [{ response: { status: 200, headers: {} } }] })),
      /interactions\.0\.request is missing; it must be an object with method and path/,
    ],
    [
      'a request without a method',
      text((f) =>
        Object.assign(f, {
          interactions: [
            ...(f.interactions as object[]),
            { request: { path: '/x' }, response: { status: 200, headers: {} } },
          ],
        }),
      ),
      /interactions\.2\.request\.method is missing; it must be an HTTP method/,
    ],
    [
      'a response status that is a string',
      text((f) =>
        Object.assign(f, {
          interactions: [
            { request: { method: 'POST', path: '/x' }, response: { status: '200', headers: {} } },
          ],
        }),
      ),
      /interactions\.0\.response\.status is "200"; it must be an integer HTTP status/,
    ],
    [
      'a response without headers',
      text((f) =>
        Object.assign(f, {
          interactions: [{ request: { method: 'POST', path: '/x' }, response: { status: 200 } }],
        }),
      ),
      /interactions\.0\.response\.headers is missing/,
    ],
  ])(
    'rejects %s with a RecordingError that names the file and says what to do',
    (_, input, why) => {
      let error: unknown
      try {
        parseRecording(input, FILE)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(RecordingError)
      const recordingError = error as RecordingError
      expect(recordingError.code).toBe('recording_failed')
      expect(recordingError.file).toBe(FILE)
      expect(recordingError.message).toMatch(/^\[vitest-scenario\] Recording file cannot be read: /)
      expect(recordingError.message).toMatch(why)
      expect(recordingError.message).toContain(`file: ${FILE}`)
      expect(recordingError.message).toContain('Restore it from version control')
      expect(recordingError.message).toContain('VITEST_SCENARIO_RECORD=rerecord')
    },
  )

  test('a partial recording is read', () => {
    expect(
      parseRecording(
        text((f) => Object.assign(f, { status: 'partial' })),
        FILE,
      ).status,
    ).toBe('partial')
  })
})
