import { describe, expect, test } from 'vitest'
import { END, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import type { AgentReply } from '../../src/models/types.js'
import type { ChatMessage } from '../../src/state/types.js'

// AgentReply.messages: this turn's assistant and tool messages. They may end with the final
// answer (it is then not repeated), and a reply without `toolCalls` has them read from there.

const twoTurns = () =>
  new Scenario('messages')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addNode('confirm', { question: 'Are you sure?' })
    .addEdge('ask', 'confirm')
    .addEdge('confirm', END)
    .setEntry('ask')
    .validate()

const lookupCall = (id: string, args: string): ChatMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name: 'lookup', arguments: args } }],
})

describe('AgentReply.messages', () => {
  test('a final answer at the end of messages is in the next conversation once', async () => {
    const model = scriptedModel([
      {
        content: 'Venetoclax.',
        messages: [
          lookupCall('c1', '{"target":"BCL-2"}'),
          { role: 'tool', tool_call_id: 'c1', content: '{"drug":"venetoclax"}' },
          { role: 'assistant', content: 'Venetoclax.' },
        ],
      },
      'Yes.',
    ])
    const result = await runScenario(twoTurns(), { model })
    expect(result.status).toBe('completed')
    expect(model.calls[1]?.[0]).toEqual([
      { role: 'user', content: 'Which drug inhibits BCL-2?' },
      lookupCall('c1', '{"target":"BCL-2"}'),
      { role: 'tool', tool_call_id: 'c1', content: '{"drug":"venetoclax"}' },
      { role: 'assistant', content: 'Venetoclax.' },
      { role: 'user', content: 'Are you sure?' },
    ])
    expect(result.history[0]?.messages.at(-1)).toEqual({
      role: 'assistant',
      content: 'Venetoclax.',
    })
    expect(result.history[0]?.messages).toHaveLength(3)
  })

  test('messages that end elsewhere get the final answer appended, as before', async () => {
    const model = scriptedModel([
      {
        content: 'Venetoclax.',
        messages: [
          lookupCall('c1', '{}'),
          { role: 'tool', tool_call_id: 'c1', content: 'venetoclax' },
          // An earlier assistant message with other text is not the final answer.
          { role: 'assistant', content: 'Let me check.' },
        ],
      },
      'Yes.',
    ])
    const result = await runScenario(twoTurns(), { model })
    expect(result.history[0]?.messages.map((m) => m.content)).toEqual([
      null,
      'venetoclax',
      'Let me check.',
      'Venetoclax.',
    ])
  })

  test('without toolCalls, the tool calls are read from messages: arguments and results parsed when JSON', async () => {
    const reply: AgentReply = {
      content: 'Venetoclax.',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'c1',
              type: 'function',
              function: { name: 'lookup', arguments: '{"target":"BCL-2"}' },
            },
            { id: 'c2', type: 'function', function: { name: 'notes', arguments: 'free text' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"drug":"venetoclax"}' },
        { role: 'tool', tool_call_id: 'c2', content: 'no notes' },
        lookupCall('c3', '{"target":"MCL-1"}'),
      ],
    }
    const result = await runScenario(twoTurns(), { model: () => reply, turnLimit: 1 })
    expect(result.history[0]?.toolCalls).toEqual([
      // The calls of one assistant message share a step.
      {
        id: 'c1',
        name: 'lookup',
        arguments: { target: 'BCL-2' },
        result: { drug: 'venetoclax' },
        step: 0,
      },
      { id: 'c2', name: 'notes', arguments: 'free text', result: 'no notes', step: 0 },
      // No tool message answers it: no result.
      { id: 'c3', name: 'lookup', arguments: { target: 'MCL-1' }, step: 1 },
    ])
    expect(result.history[0]?.toolNames).toEqual(['lookup', 'notes', 'lookup'])
    expect(result.finalState.toolNames).toEqual(['lookup', 'notes', 'lookup'])
  })

  test('toolCalls given win over messages', async () => {
    const toolCalls = [{ id: 'x', name: 'search', arguments: { q: 'BCL-2' } }]
    const reply: AgentReply = {
      content: 'Venetoclax.',
      messages: [lookupCall('c1', '{}'), { role: 'tool', tool_call_id: 'c1', content: '{}' }],
      toolCalls,
    }
    const result = await runScenario(twoTurns(), { model: () => reply, turnLimit: 1 })
    // No message carries 'x': a step of its own.
    expect(result.history[0]?.toolCalls).toEqual([{ ...toolCalls[0], step: 0 }])
  })

  test('a tool call in messages of the wrong shape is an agent error naming it', async () => {
    const reply = {
      content: 'x',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', function: { name: 'lookup' } }],
        },
      ],
    }
    const result = await runScenario(twoTurns(), { model: () => reply as AgentReply })
    expect(result.error).toMatchObject({ category: 'agent', stage: 'answer' })
    expect(result.error?.message).toContain(
      "[vitest-scenario] The agent at node 'ask' returned a reply whose `messages[0]` (assistant) has `tool_calls[0]` with `function.arguments` undefined; expected a string (the arguments' JSON text)",
    )
    expect(result.error?.message).toContain('may end with the final answer')
  })
})
