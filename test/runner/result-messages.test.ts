import { describe, expect, test } from 'vitest'
import {
  END,
  isScenarioExecutionResult,
  resultSet,
  runScenario,
  Scenario,
  type ScenarioExecutionResult,
  scriptedModel,
} from '../../src/core.js'
import type { AgentFunction, AgentMessage } from '../../src/models/types.js'
import type { ChatMessage } from '../../src/state/types.js'

// result.messages: the whole run as one Chat Completions conversation, and the tool call ids an
// agent's messages leave out, filled in the same way for the turn, its tool calls and the result.

const lookup = (id: string | undefined, args: string): AgentMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [
    {
      ...(id === undefined ? {} : { id }),
      type: 'function',
      function: { name: 'lookup', arguments: args },
    },
  ],
})

describe('result.messages', () => {
  test('holds the system prompt, the seed, every question, tool call and answer in order', async () => {
    const definition = new Scenario('flat')
      .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('confirm', {
        question: 'Are you sure?',
        modelOverride: { answering: { systemPrompt: 'Be brief.' } },
      })
      .addNode('silent', { question: null })
      .addEdge('ask', 'confirm')
      .addEdge('confirm', 'silent')
      .addEdge('silent', END)
      .setEntry('ask')
      .validate()
    const model = scriptedModel([
      {
        content: 'Venetoclax.',
        messages: [
          lookup('c1', '{"target":"BCL-2"}'),
          { role: 'tool', tool_call_id: 'c1', content: '{"drug":"venetoclax"}' },
        ],
      },
      'Yes.',
      'Anything else?',
    ])
    const seed: ChatMessage[] = [{ role: 'assistant', content: 'Hello, how can I help?' }]
    const result = await runScenario(definition, {
      model,
      systemPrompt: 'You are a pharmacist.',
      seed,
    })
    expect(result.messages).toEqual([
      { role: 'system', content: 'You are a pharmacist.' },
      { role: 'assistant', content: 'Hello, how can I help?' },
      { role: 'user', content: 'Which drug inhibits BCL-2?' },
      lookup('c1', '{"target":"BCL-2"}'),
      { role: 'tool', tool_call_id: 'c1', content: '{"drug":"venetoclax"}' },
      { role: 'assistant', content: 'Venetoclax.' },
      // The node's own prompt takes effect at its turn.
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Are you sure?' },
      { role: 'assistant', content: 'Yes.' },
      // A `null` question sends no user message; the prompt is back to the run's.
      { role: 'system', content: 'You are a pharmacist.' },
      { role: 'assistant', content: 'Anything else?' },
    ])
    // A plain array of plain data: what JSON keeps is all of it.
    expect(Object.getPrototypeOf(result.messages)).toBe(Array.prototype)
    expect(JSON.parse(JSON.stringify(result.messages))).toEqual(result.messages)
  })

  test('a run without a system prompt starts with the first question', async () => {
    const definition = new Scenario('plain')
      .addNode('ask', { question: 'Hi?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['Hello.']) })
    expect(result.messages).toEqual([
      { role: 'user', content: 'Hi?' },
      { role: 'assistant', content: 'Hello.' },
    ])
  })

  test('tool call ids an agent leaves out are filled in, the same on the turn, its calls and the result', async () => {
    const agent: AgentFunction = (_conversation, context) => ({
      content: context.turn === 0 ? 'Venetoclax.' : 'Yes.',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { type: 'function', function: { name: 'lookup', arguments: '{"target":"BCL-2"}' } },
            { type: 'function', function: { name: 'label', arguments: '{}' } },
          ],
        },
        // Answered in the order of the calls, without ids.
        { role: 'tool', content: '{"drug":"venetoclax"}' },
        { role: 'tool', content: 'label text' },
        lookup(undefined, '{"again":true}'),
        { role: 'tool', content: 'again' },
      ],
    })
    const definition = new Scenario('ids')
      .addNode('ask', { question: 'Which drug?' })
      .addNode('confirm', { question: 'Sure?' })
      .addEdge('ask', 'confirm')
      .addEdge('confirm', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: agent })
    const first = result.history[0]
    expect(first?.toolCalls.map((call) => [call.id, call.name, call.result])).toEqual([
      ['call_0_0', 'lookup', { drug: 'venetoclax' }],
      ['call_0_1', 'label', 'label text'],
      ['call_0_2', 'lookup', 'again'],
    ])
    expect(first?.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
      'call_0_0',
      'call_0_1',
      'call_0_2',
    ])
    // The second turn's calls get ids of their own: unique over the run.
    expect(result.history[1]?.toolCalls.map((call) => call.id)).toEqual([
      'call_1_0',
      'call_1_1',
      'call_1_2',
    ])
    const ids = result.messages.flatMap((m) =>
      m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : [],
    )
    const answered = result.messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []))
    expect(answered).toEqual(ids)
    expect(new Set(ids).size).toBe(6)
  })

  test('ids an agent gives are kept as they are', async () => {
    const messages: AgentMessage[] = [
      lookup('mine', '{}'),
      { role: 'tool', tool_call_id: 'mine', content: 'x' },
    ]
    const definition = new Scenario('kept')
      .addNode('ask', { question: 'Q?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: () => ({ content: 'A.', messages }) })
    expect(result.history[0]?.messages[0]).toBe(messages[0])
    expect(result.history[0]?.toolCalls[0]?.id).toBe('mine')
  })
})

describe('result.messages in stored results', () => {
  const run = async () => {
    const definition = new Scenario('stored')
      .addNode('ask', { question: 'Q?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    return runScenario(definition, { model: scriptedModel(['A.']) })
  }

  test('a result written before the field existed is still a result', async () => {
    const { messages: _left, ...older } = await run()
    expect(isScenarioExecutionResult(older)).toBe(true)
    expect(resultSet([older as ScenarioExecutionResult, await run()]).passRate).toBe(1)
  })

  test('messages of the wrong shape are refused, naming the field', async () => {
    const result = { ...(await run()), messages: [{ role: 'tool', content: 'x' }] }
    expect(() => resultSet([result as unknown as ScenarioExecutionResult])).toThrow(
      '`messages.0.tool_call_id` is undefined, not a string',
    )
  })
})
