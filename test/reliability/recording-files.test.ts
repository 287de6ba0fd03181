import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { RecordingError } from '../../src/errors/index.js'
import {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordingFile,
  serializeRecording,
} from '../../src/recordings/recording-file.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { resultsDir } from '../support/paths.js'

// Promise: a recording file edited by hand is either used as it is meant or refused at load with
// a message that names the file, the field (`interactions.1.response.status`) and what the field
// may hold. A UTF-8 byte order mark (some editors add one) is accepted. Nothing of a broken file
// surfaces later as a RangeError or TypeError from inside a replayed call.

const FILE = 'test/__recordings__/chat.test.ts/asks-twice-1a2b3c4d.json'
const folder = join(resultsDir, 'reliability-recording-files', String(process.pid))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const REQUEST = {
  method: 'POST',
  path: '/chat/completions',
  body: { model: 'm', messages: [{ role: 'user', content: 'Which drug?' }] },
}

function valid(): RecordingFile {
  return {
    kind: RECORDING_KIND,
    formatVersion: RECORDING_FORMAT_VERSION,
    keyVersion: RECORDING_KEY_VERSION,
    test: 'drugs > asks twice',
    status: 'complete',
    interactions: [
      {
        request: REQUEST,
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'm',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: 'Venetoclax.' },
              },
            ],
          },
        },
        durationMs: 812,
      },
      {
        request: { ...REQUEST, body: { ...REQUEST.body, stream: true } },
        response: {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
          stream: [
            { event: null, data: { id: 'c', choices: [{ delta: { content: 'Hi' } }] } },
            { event: null, data: '[DONE]' },
          ],
        },
        durationMs: 40,
      },
    ],
  }
}

/** The text of a valid recording after `edit` changed its parsed JSON, as a hand edit would. */
function edited(edit: (file: Record<string, unknown>) => void): string {
  const file = JSON.parse(serializeRecording(valid())) as Record<string, unknown>
  edit(file)
  return JSON.stringify(file, null, 2)
}

type Json = Record<string, unknown>
const interaction = (file: Json, i: number) => (file.interactions as Json[])[i] as Json
const response = (file: Json, i: number) => interaction(file, i).response as Json
const request = (file: Json, i: number) => interaction(file, i).request as Json

describe('a hand-edited recording', () => {
  test('with a UTF-8 byte order mark is read as without one', () => {
    const text = serializeRecording(valid())
    expect(parseRecording(`\uFEFF${text}`, FILE)).toEqual(parseRecording(text, FILE))
  })

  test('with a byte order mark replays through the recorder', async () => {
    mkdirSync(folder, { recursive: true })
    const file = join(folder, 'bom.json')
    writeFileSync(file, `\uFEFF${serializeRecording(valid())}`)
    const recorder = new RecordingSession({
      file,
      displayFile: 'bom.json',
      test: 'drugs > asks twice',
      mode: 'replay',
      command: 'npx vitest run -u',
    })
    const response = await recorder.handle({
      url: 'http://127.0.0.1:9/v1/chat/completions',
      init: { method: 'POST', body: JSON.stringify(REQUEST.body) },
      baseURL: 'http://127.0.0.1:9/v1',
      live: () => Promise.reject(new Error('replay never calls the live model')),
    })
    expect(recorder.failures).toEqual([])
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      choices: [{ message: { content: 'Venetoclax.' } }],
    })
  })

  test.each<[string, (file: Json) => void, string]>([
    [
      'a status of 1000',
      (f) => Object.assign(response(f, 1), { status: 1000 }),
      'interactions.1.response.status is 1000; it must be an integer HTTP status from 200 to 599',
    ],
    [
      'a status that is not an integer',
      (f) => Object.assign(response(f, 0), { status: 200.5 }),
      'interactions.0.response.status is 200.5; it must be an integer HTTP status from 200 to 599',
    ],
    [
      'a status written as a string',
      (f) => Object.assign(response(f, 0), { status: '200' }),
      'interactions.0.response.status is "200"; it must be an integer HTTP status from 200 to 599',
    ],
    [
      'a 1xx status (a fetch Response cannot carry one)',
      (f) => Object.assign(response(f, 0), { status: 101 }),
      'interactions.0.response.status is 101; it must be an integer HTTP status from 200 to 599',
    ],
    [
      'a header value that is not a string',
      (f) => Object.assign(response(f, 0), { headers: { 'content-type': 5 } }),
      'interactions.0.response.headers.content-type is 5; it must be a string',
    ],
    [
      'headers that are a list',
      (f) => Object.assign(response(f, 0), { headers: [['content-type', 'application/json']] }),
      'interactions.0.response.headers is an array; it must be an object of header names to string values',
    ],
    [
      'missing headers',
      (f) => delete response(f, 0).headers,
      'interactions.0.response.headers is missing; it must be an object of header names to string values',
    ],
    [
      'a text body that is not a string',
      (f) => Object.assign(response(f, 0), { body: undefined, text: 42 }),
      'interactions.0.response.text is 42; it must be a string (a body that is not JSON)',
    ],
    [
      'two bodies',
      (f) => Object.assign(response(f, 0), { text: 'Venetoclax.' }),
      'interactions.0.response has body and text; it must have at most one of body (JSON), text or stream (SSE events)',
    ],
    [
      'a stream that is not an array of events',
      (f) => Object.assign(response(f, 1), { stream: 'data: [DONE]' }),
      'interactions.1.response.stream is "data: [DONE]"; it must be an array of events { event, data }',
    ],
    [
      'a stream event that is a string',
      (f) => Object.assign(response(f, 1), { stream: ['data: [DONE]'] }),
      'interactions.1.response.stream.0 is "data: [DONE]"; it must be an event object { event, data }',
    ],
    [
      'a stream event without data',
      (f) => Object.assign(response(f, 1), { stream: [{ event: null }] }),
      'interactions.1.response.stream.0.data is missing; it must be the event data (JSON, or the text sent)',
    ],
    [
      'a stream event name that is a number',
      (f) => Object.assign(response(f, 1), { stream: [{ event: 1, data: '[DONE]' }] }),
      'interactions.1.response.stream.0.event is 1; it must be the event name (a string) or null',
    ],
    [
      'a negative durationMs',
      (f) => Object.assign(interaction(f, 1), { durationMs: -5 }),
      'interactions.1.durationMs is -5; it must be a number of milliseconds ≥ 0',
    ],
    [
      'a durationMs that is not a number',
      (f) => Object.assign(interaction(f, 0), { durationMs: 'fast' }),
      'interactions.0.durationMs is "fast"; it must be a number of milliseconds ≥ 0',
    ],
    [
      'a missing durationMs',
      (f) => delete interaction(f, 0).durationMs,
      'interactions.0.durationMs is missing; it must be a number of milliseconds ≥ 0',
    ],
    [
      'a request path without its leading slash',
      (f) => Object.assign(request(f, 0), { path: 'chat/completions' }),
      `interactions.0.request.path is "chat/completions"; it must be a path starting with '/'`,
    ],
    [
      'a request without a method',
      (f) => delete request(f, 0).method,
      `interactions.0.request.method is missing; it must be an HTTP method such as 'POST'`,
    ],
    [
      'a query that is not a string',
      (f) => Object.assign(request(f, 0), { query: { a: '1' } }),
      'interactions.0.request.query is an object; it must be a query string',
    ],
    [
      'a misspelt field',
      (f) => {
        const i = interaction(f, 0)
        i.respnse = i.response
        delete i.response
      },
      'interactions.0.respnse is not a field of a recording; the fields there are request, response, durationMs',
    ],
    [
      'an interaction that is not an object',
      (f) => Object.assign(f, { interactions: [null] }),
      'interactions.0 is null; it must be an object with request, response and durationMs',
    ],
    [
      'a keyVersion written as a string',
      (f) => Object.assign(f, { keyVersion: '1' }),
      'keyVersion is "1"; it must be an integer ≥ 1',
    ],
  ])('with %s is refused at load, naming the file and the field', (_, edit, why) => {
    let error: unknown
    try {
      parseRecording(edited(edit), FILE)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(RecordingError)
    const message = (error as RecordingError).message
    expect(message).toContain(`[vitest-scenario] Recording file cannot be read: ${why}`)
    expect(message).toContain(`file: ${FILE}`)
    expect(message).toContain('Restore it from version control')
    expect((error as RecordingError).file).toBe(FILE)
  })

  test('a long string in a wrong place is described, never printed', () => {
    const secretish = `sk-${'x'.repeat(40)}`
    expect(() =>
      parseRecording(
        edited((f) => Object.assign(response(f, 0), { status: secretish })),
        FILE,
      ),
    ).toThrow('interactions.0.response.status is a string of 43 characters;')
  })

  test('with status 1000 fails the call with the load error, not a RangeError from inside', async () => {
    mkdirSync(folder, { recursive: true })
    const file = join(folder, 'status-1000.json')
    writeFileSync(
      file,
      edited((f) => Object.assign(response(f, 0), { status: 1000 })),
    )
    const recorder = new RecordingSession({
      file,
      displayFile: 'status-1000.json',
      test: 'drugs > asks twice',
      mode: 'replay',
      command: 'npx vitest run -u',
    })
    const thrown = await recorder
      .handle({
        url: 'http://127.0.0.1:9/v1/chat/completions',
        init: { method: 'POST', body: JSON.stringify(REQUEST.body) },
        baseURL: 'http://127.0.0.1:9/v1',
        live: () => Promise.reject(new Error('replay never calls the live model')),
      })
      .catch((error: unknown) => error)
    expect(recorder.failures).toEqual([thrown])
    expect(recorder.failures[0]).toBeInstanceOf(RecordingError)
    expect(recorder.failures[0]?.message).toContain(
      'interactions.0.response.status is 1000; it must be an integer HTTP status from 200 to 599',
    )
    expect(recorder.failures[0]?.message).toContain('file: status-1000.json')
  })
})
