import { describe, expect, test } from 'vitest'
import { inputItems } from '../../src/openai-agents/input-items.js'
import { runReply } from '../../src/openai-agents/run-reply.js'
import { runUsage } from '../../src/openai-agents/run-usage.js'
import type { RunView } from '../../src/openai-agents/run-view.js'

// The adapter's mappings on their own: conversation → input items, run items → reply, usage.

describe('inputItems', () => {
  test('maps each role; tool calls and results keep their call id and name', () => {
    expect(
      inputItems([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'look', arguments: '{"a":1}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"found":true}' },
        { role: 'assistant', content: 'Found.' },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Checking.' }],
      },
      {
        type: 'function_call',
        callId: 'c1',
        name: 'look',
        arguments: '{"a":1}',
        status: 'completed',
      },
      {
        type: 'function_call_result',
        callId: 'c1',
        name: 'look',
        status: 'completed',
        output: '{"found":true}',
      },
      {
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Found.' }],
      },
    ])
  })

  test('an assistant message with only tool calls gives no empty message item', () => {
    const items = inputItems([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
    ])
    expect(items.map((item) => ('type' in item ? item.type : item.role))).toEqual(['function_call'])
  })

  test('a tool message that answers no call is an AdapterError naming the id', () => {
    expect(() => inputItems([{ role: 'tool', tool_call_id: 'orphan', content: 'x' }])).toThrow(
      expect.objectContaining({
        code: 'adapter_failed',
        message: expect.stringContaining("tool_call_id: 'orphan'"),
      }),
    )
  })
})

const run = (overrides: Partial<RunView>): RunView => ({
  finalOutput: 'done',
  newItems: [],
  rawResponses: [],
  lastAgent: { name: 'A' },
  interruptions: [],
  ...overrides,
})

describe('runReply', () => {
  test('text before a tool call in one response is one assistant message with both', () => {
    const reply = runReply(
      run({
        newItems: [
          {
            type: 'message_output_item',
            rawItem: { content: [{ type: 'output_text', text: 'Looking.' }] },
          },
          {
            type: 'tool_call_item',
            rawItem: { type: 'function_call', callId: 'c1', name: 'look', arguments: 'not json' },
          },
          {
            type: 'tool_call_output_item',
            rawItem: {
              type: 'function_call_result',
              callId: 'c1',
              output: { type: 'text', text: 'ok' },
            },
          },
          { type: 'reasoning_item', rawItem: { type: 'reasoning' } },
          {
            type: 'tool_call_item',
            rawItem: { type: 'hosted_tool_call', name: 'web_search' },
          },
          {
            type: 'message_output_item',
            rawItem: { content: [{ type: 'output_text', text: 'done' }] },
          },
        ],
      }),
      'A',
    )
    expect(reply.messages).toEqual([
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'look', arguments: 'not json' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      { role: 'assistant', content: 'done' },
    ])
    expect(reply.toolCalls).toEqual([
      { id: 'c1', name: 'look', arguments: 'not json', result: 'ok', step: 0 },
    ])
    expect(reply.agent).toBe('A')
  })

  test('a run without a final output is an AdapterError', () => {
    expect(() => runReply(run({ finalOutput: undefined }), 'Start')).toThrow(
      "The agent 'Start' ended its run without a final output",
    )
  })

  test('no last agent: the chain is the start agent, which is the agent', () => {
    expect(runReply(run({ lastAgent: undefined }), 'A')).toMatchObject({
      agents: ['A'],
      agent: 'A',
    })
  })

  test("the chain: the start agent, then each handoff output item's target, in order", () => {
    const handoff = (target: string) => ({
      type: 'handoff_output_item',
      targetAgent: { name: target },
      rawItem: { type: 'function_call_result', callId: `h_${target}`, output: 'x' },
    })
    const reply = runReply(
      run({
        lastAgent: { name: 'Seats' },
        newItems: [handoff('Faq'), { type: 'handoff_output_item' }, handoff('Seats')],
      }),
      'Triage',
    )
    expect(reply.agents).toEqual(['Triage', 'Faq', 'Seats'])
    expect(reply.agent).toBe('Seats')
    // A last agent the items do not show is added: `agent` is always the chain's last.
    expect(runReply(run({ lastAgent: { name: 'Other' } }), 'Triage')).toMatchObject({
      agents: ['Triage', 'Other'],
      agent: 'Other',
    })
  })
})

describe('runUsage', () => {
  test('sums calls; cached tokens from a record or a list of records; only the four keys', () => {
    expect(
      runUsage([
        { usage: { inputTokens: 10, outputTokens: 2, inputTokensDetails: [{ cached_tokens: 4 }] } },
        { usage: { inputTokens: 5, outputTokens: 1, inputTokensDetails: { cached_tokens: 1 } } },
        { usage: { inputTokens: 5, outputTokens: 1, totalTokens: 6, requests: 1 } },
        {},
      ]),
    ).toEqual({ input: 20, output: 4, cached: 5, cacheWrite: 0 })
  })
})
