import { describe, expect, test } from 'vitest'
import { responsesBody, responsesInput } from '../../src/models/responses-request.js'
import { checkResponse, responsesUsage } from '../../src/models/responses-shape.js'

describe('the Responses API request', () => {
  test('only a leading system message is instructions; later ones stay system items', () => {
    expect(
      responsesInput([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: 'Let me look.',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'done' },
        { role: 'system', content: 'Now answer in French.' },
        { role: 'assistant', content: '' },
      ]),
    ).toEqual({
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Let me look.' },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'done' },
        { role: 'system', content: 'Now answer in French.' },
      ],
    })
    expect(responsesInput([{ role: 'user', content: 'Hi' }]).instructions).toBeUndefined()
  })

  test('tools are flat; the response format becomes text.format; no chat-only keys', () => {
    const body = responsesBody(
      { model: 'm', api: 'responses' },
      {
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [
          {
            type: 'function',
            function: { name: 'f', parameters: { type: 'object', properties: {} } },
          },
        ],
        responseFormat: {
          type: 'json_schema',
          json_schema: { name: 'answer', schema: { type: 'object' }, strict: true },
        },
      },
    )
    expect(body).toEqual({
      model: 'm',
      input: [{ role: 'user', content: 'Hi' }],
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object', properties: {} } }],
      text: {
        format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true },
      },
    })
  })
})

describe('reading a Responses API answer', () => {
  test('the text of every message item, function calls as tool calls, other items skipped', () => {
    const checked = checkResponse(
      {
        object: 'response',
        status: 'completed',
        output: [
          { type: 'reasoning', id: 'rs_1', summary: [] },
          {
            type: 'message',
            role: 'assistant',
            content: [
              { type: 'output_text', text: 'Hello ', annotations: [] },
              { type: 'output_text', text: 'there.', annotations: [] },
            ],
          },
          { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
        ],
        usage: { input_tokens: 10, output_tokens: 4, input_tokens_details: { cached_tokens: 6 } },
      },
      'application/json',
    )
    expect(checked).toEqual({
      ok: true,
      completion: {
        content: 'Hello there.',
        toolCalls: [
          { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } },
        ],
        usage: { input: 10, output: 4, cached: 6, cacheWrite: 0 },
      },
    })
  })

  test('function calls alone give null content; cache writes are read where reported', () => {
    const checked = checkResponse(
      { output: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }] },
      undefined,
    )
    expect(checked.ok && checked.completion.content).toBeNull()
    expect(
      responsesUsage({
        input_tokens: 100,
        output_tokens: 5,
        input_tokens_details: { cached_tokens: 20, cache_write_tokens: 30 },
      }),
    ).toEqual({ input: 100, output: 5, cached: 20, cacheWrite: 30 })
    expect(responsesUsage(undefined)).toEqual({ input: 0, output: 0, cached: 0, cacheWrite: 0 })
  })

  test('a status other than completed, or a malformed message item, is named', () => {
    expect(checkResponse({ status: 'in_progress', output: [] }, undefined)).toEqual({
      ok: false,
      problem: "the response is not completed (status 'in_progress')",
    })
    expect(checkResponse({ output: [{ type: 'message', content: 'hi' }] }, undefined)).toEqual({
      ok: false,
      problem: '`content` of a message item is not a list',
    })
    expect(
      checkResponse(
        { output: [{ type: 'message', content: [{ type: 'output_text', text: 3 }] }] },
        undefined,
      ),
    ).toEqual({ ok: false, problem: "an output_text part's `text` is 3, not a string" })
  })
})
