import { describe, expect, test } from 'vitest'
import { parseEvents, type RecordedEvent, renderEvent } from '../../src/recordings/sse.js'

/** What an OpenAI chat stream sends: chunks, then `[DONE]`. */
const chatStream = [
  'data: {"id":"c1","choices":[{"delta":{"role":"assistant","content":""}}]}',
  '',
  'data: {"id":"c1","choices":[{"delta":{"content":"Venetoclax"}}]}',
  '',
  'data: {"id":"c1","choices":[{"delta":{},"finish_reason":"stop"}]}',
  '',
  'data: [DONE]',
  '',
  '',
].join('\n')

describe('parseEvents', () => {
  test('a chat stream gives one event per data block, JSON parsed, [DONE] kept as a string', () => {
    expect(parseEvents(chatStream)).toEqual([
      { event: null, data: { id: 'c1', choices: [{ delta: { role: 'assistant', content: '' } }] } },
      { event: null, data: { id: 'c1', choices: [{ delta: { content: 'Venetoclax' } }] } },
      { event: null, data: { id: 'c1', choices: [{ delta: {}, finish_reason: 'stop' }] } },
      { event: null, data: '[DONE]' },
    ])
  })

  test('named events keep their name (Responses API style)', () => {
    const text = [
      'event: response.created',
      'data: {"type":"response.created","response":{"id":"resp_1"}}',
      '',
      'event: response.output_text.delta',
      'data: {"type":"response.output_text.delta","delta":"Hi"}',
      '',
      '',
    ].join('\n')
    expect(parseEvents(text)).toEqual([
      { event: 'response.created', data: { type: 'response.created', response: { id: 'resp_1' } } },
      {
        event: 'response.output_text.delta',
        data: { type: 'response.output_text.delta', delta: 'Hi' },
      },
    ])
  })

  test('several data lines are joined with newlines before parsing', () => {
    const text = 'data: {"a":\ndata: 1}\n\ndata: first line\ndata: second line\n\n'
    expect(parseEvents(text)).toEqual([
      { event: null, data: { a: 1 } },
      { event: null, data: 'first line\nsecond line' },
    ])
  })

  test('comments, id: and retry: lines are dropped; a block of only those is no event', () => {
    const text = [
      ': keep-alive',
      '',
      'id: 41',
      'retry: 1000',
      ': a comment inside an event',
      'data: {"n":1}',
      '',
      'id: 42',
      '',
      '',
    ].join('\n')
    expect(parseEvents(text)).toEqual([{ event: null, data: { n: 1 } }])
  })

  test('only one space after the colon is removed; "data:x" has none', () => {
    expect(parseEvents('data:x\n\ndata:   indented\n\n')).toEqual([
      { event: null, data: 'x' },
      { event: null, data: '  indented' },
    ])
  })

  test('CRLF and lone CR line endings parse like LF', () => {
    const lf = parseEvents(chatStream)
    expect(parseEvents(chatStream.replace(/\n/g, '\r\n'))).toEqual(lf)
    expect(parseEvents(chatStream.replace(/\n/g, '\r'))).toEqual(lf)
    expect(parseEvents('event: ping\r\ndata: a\r\ndata: b\r\n\r\n')).toEqual([
      { event: 'ping', data: 'a\nb' },
    ])
  })

  test('a body without events gives none', () => {
    expect(parseEvents('')).toEqual([])
    expect(parseEvents('\n\n: only a comment\n\n')).toEqual([])
  })
})

describe('renderEvent', () => {
  test('writes an event as the server did: event line, data lines, blank line', () => {
    expect(renderEvent({ event: null, data: { a: 1 } })).toBe('data: {"a":1}\n\n')
    expect(renderEvent({ event: null, data: '[DONE]' })).toBe('data: [DONE]\n\n')
    expect(renderEvent({ event: 'response.completed', data: { type: 'x' } })).toBe(
      'event: response.completed\ndata: {"type":"x"}\n\n',
    )
    expect(renderEvent({ event: null, data: 'one\ntwo' })).toBe('data: one\ndata: two\n\n')
  })

  test.each<[string, RecordedEvent[]]>([
    ['a chat stream', parseEvents(chatStream)],
    [
      'named events, multi-line text and empty data',
      [
        { event: 'message', data: 'line 1\nline 2\n\nline 4' },
        { event: 'ping', data: '' },
        { event: null, data: { nested: { text: 'with\nnewline', list: [1, null, true] } } },
        { event: null, data: '[DONE]' },
      ],
    ],
  ])('parseEvents(render(events)) gives the events back: %s', (_, events) => {
    const text = events.map(renderEvent).join('')
    expect(parseEvents(text)).toEqual(events)
    // And rendering again gives the same text.
    expect(parseEvents(text).map(renderEvent).join('')).toBe(text)
  })

  test('a re-rendered chat stream is the bytes the server sent', () => {
    expect(parseEvents(chatStream).map(renderEvent).join('')).toBe(chatStream)
  })

  // Only objects and arrays are stored parsed: a JSON string literal replays with its quotes.
  test('data that is a JSON string literal replays as the same literal', () => {
    const text = 'data: "42"\n\n'
    expect(parseEvents(text).map(renderEvent).join('')).toBe(text)
  })
})
