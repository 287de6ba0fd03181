import { describe, expect, test } from 'vitest'
import type { RecordedEvent } from '../../src/recordings/sse.js'
import type { Json } from '../../src/recordings/stable-json.js'
import { streamTexts } from '../../src/recordings/stream-texts.js'

// The texts a stream sends in pieces, assembled per stream part for the secret scan: every
// protocol's deltas, joined in order, each part named as the scan's path shows it.
const events = (...data: Json[]): RecordedEvent[] => data.map((d) => ({ event: null, data: d }))

describe('streamTexts', () => {
  test('Chat Completions: each delta field per choice, each tool call per index; the role is no text', () => {
    const chunk = (index: number, delta: Json) => ({ choices: [{ index, delta }] })
    const texts = streamTexts(
      events(
        chunk(0, { role: 'assistant', content: '' }),
        chunk(0, { content: 'Hel' }),
        chunk(1, { content: 'Other' }),
        chunk(0, { content: 'lo', reasoning_content: 'thinking' }),
        chunk(0, {
          tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a"' } }],
        }),
        chunk(0, { tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
        chunk(0, { function_call: { arguments: '{}' } }),
        '[DONE]',
      ),
    )
    expect(texts).toEqual([
      { part: '[choice 0].content', text: 'Hello' },
      { part: '[choice 1].content', text: 'Other' },
      { part: '[choice 0].reasoning_content', text: 'thinking' },
      { part: '[choice 0].tool_calls[0].arguments', text: '{"a":1}' },
      { part: '[choice 0].function_call.arguments', text: '{}' },
    ])
  })

  test('the Responses API: every .delta event per output item and kind', () => {
    const texts = streamTexts(
      events(
        { type: 'response.output_text.delta', output_index: 0, delta: 'a' },
        { type: 'response.function_call_arguments.delta', output_index: 1, delta: '{' },
        { type: 'response.output_text.delta', output_index: 0, delta: 'b' },
        { type: 'response.output_text.done', output_index: 0, text: 'ab' },
        { type: 'response.reasoning_summary_text.delta', output_index: 2, delta: 'r' },
      ),
    )
    expect(texts).toEqual([
      { part: '[output 0].output_text', text: 'ab' },
      { part: '[output 1].function_call_arguments', text: '{' },
      { part: '[output 2].reasoning_summary_text', text: 'r' },
    ])
  })

  test('Anthropic Messages: each delta field per content block', () => {
    const delta = (index: number, d: Json) => ({ type: 'content_block_delta', index, delta: d })
    const texts = streamTexts(
      events(
        { type: 'message_start', message: { content: [] } },
        delta(0, { type: 'thinking_delta', thinking: 'hm' }),
        delta(1, { type: 'text_delta', text: 'Hi ' }),
        delta(1, { type: 'text_delta', text: 'there' }),
        delta(2, { type: 'input_json_delta', partial_json: '{"k":' }),
        delta(2, { type: 'input_json_delta', partial_json: '"v"}' }),
      ),
    )
    expect(texts).toEqual([
      { part: '[content block 0].thinking', text: 'hm' },
      { part: '[content block 1].text', text: 'Hi there' },
      { part: '[content block 2].partial_json', text: '{"k":"v"}' },
    ])
  })

  test("Gemini: each candidate's parts' text", () => {
    const texts = streamTexts(
      events(
        { candidates: [{ index: 0, content: { parts: [{ text: 'Bon' }] } }] },
        { candidates: [{ content: { parts: [{ text: 'jour' }, { functionCall: {} }] } }] },
      ),
    )
    expect(texts).toEqual([{ part: '[candidate 0].text', text: 'Bonjour' }])
  })

  test('events of no known shape, and hostile keys, are data: skipped or kept as texts', () => {
    const hostile = JSON.parse(
      '{"choices":[{"index":0,"delta":{"__proto__":"x","constructor":"y"}}]}',
    ) as Json
    expect(
      streamTexts(events('[DONE]', null, [1, 2], { type: 5 }, { choices: [null, { delta: 1 }] })),
    ).toEqual([])
    expect(streamTexts(events(hostile))).toEqual([
      { part: '[choice 0].__proto__', text: 'x' },
      { part: '[choice 0].constructor', text: 'y' },
    ])
  })
})
