import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { regexTrait } from '../../src/rubrics/index.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import type { ChatMessage } from '../../src/state/types.js'
import { defineTemplate } from '../../src/templates/index.js'

const seed: ChatMessage[] = [
  { role: 'user', content: 'My order #123 has not arrived.' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'lookupOrder', arguments: '{"id":123}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_1', content: '{"status":"shipped"}' },
  { role: 'assistant', content: 'It shipped yesterday.' },
]

const followUp = () =>
  new Scenario('follow-up')
    .addNode('ask', { question: 'When will it arrive?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

describe('seed', () => {
  test('opens the conversation after the system message; result.seed keeps it', async () => {
    const agent = scriptedModel(['Tomorrow.'])
    const result = await runScenario(followUp(), {
      model: agent,
      systemPrompt: 'You are a support agent.',
      seed,
    })
    expect(agent.calls[0]?.[0]).toEqual([
      { role: 'system', content: 'You are a support agent.' },
      ...seed,
      { role: 'user', content: 'When will it arrive?' },
    ])
    expect(result.seed).toEqual(seed)
    expect(result.seed).not.toBe(seed)
    // The seed is the conversation, not a turn.
    expect(result.turnCount).toBe(1)
  })

  test('each run starts from the seed as given; a run never changes it', async () => {
    const given = structuredClone(seed)
    const definition = followUp()
    await runScenario(definition, { model: scriptedModel(['a']), seed: given })
    const second = scriptedModel(['b'])
    await runScenario(definition, { model: second, seed: given })
    expect(given).toEqual(seed)
    expect(second.calls[0]?.[0]).toHaveLength(seed.length + 1)
  })

  test('no seed: result.seed is empty', async () => {
    const result = await runScenario(followUp(), { model: scriptedModel(['a']) })
    expect(result.seed).toEqual([])
  })

  test('a seed is checked as the API would take it, naming each problem', async () => {
    const run = (value: unknown) =>
      runScenario(followUp(), { model: scriptedModel(['a']), seed: value as ChatMessage[] })
    await expect(run('hello')).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has an invalid option
        - \`seed\`: an array of chat messages (a chat message { role: 'system' | 'user' | 'assistant' | 'tool', … } in the Chat Completions shape), got 'hello'
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(
      run([
        { role: 'robot', content: 'x' },
        { role: 'user', content: 3 },
        { role: 'assistant', content: null },
        { role: 'tool', tool_call_id: 'nope', content: 'x' },
      ]),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has 2 invalid options
        - \`seed.0.role\`: one of 'system', 'user', 'assistant', 'tool', got 'robot'
        - \`seed.1.content\`: a string (the user message's text), got 3
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(
      run([
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
            { id: 'b', type: 'function', function: { name: 'g', arguments: {} } },
          ],
        },
      ]),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has an invalid option
        - \`seed.0.tool_calls.1.function.arguments\`: a string (the arguments as JSON text), got an object
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(
      run([
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'user', content: 'and?' },
        { role: 'assistant', content: null },
        { role: 'tool', tool_call_id: 'b', content: 'x' },
      ]),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has 3 invalid options
        - \`seed.0.tool_calls.0.id\`: a tool call whose \`tool\` result follows its assistant message right after it (the API refuses a call without its result), got 'a'
        - \`seed.2.content\`: a string (\`null\` only on a message that calls tools), got null
        - \`seed.3.tool_call_id\`: the id of a tool call of the assistant message right before it, got 'b'
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('scripted answers', () => {
  test('the answering side is not called; the text is the answer, judged as usual', async () => {
    const template = defineTemplate({
      schema: z.object({ drug: z.string() }),
      groundTruth: { drug: 'venetoclax' },
      parse: (raw) => ({ drug: raw.trim() }),
    })
    const definition = new Scenario('scripted')
      .addNode('fixed', {
        question: {
          question: 'Which drug?',
          template,
          rubric: { traits: [regexTrait('short', /^\w+$/)] },
        },
        answer: 'venetoclax',
      })
      .addNode('live', { question: 'Sure?' })
      .addEdge('fixed', 'live')
      .addEdge('live', END)
      .setEntry('fixed')
      .validate()
    const agent = scriptedModel(['Yes.'])
    const result = await runScenario(definition, { model: agent })
    expect(agent.callCount).toBe(1)
    expect(result.history[0]).toMatchObject({
      questionText: 'Which drug?',
      rawResponse: 'venetoclax',
      verifyResult: true,
      parsedFields: { drug: 'venetoclax' },
      rubric: { short: true },
      scripted: true,
      toolCalls: [],
      messages: [{ role: 'assistant', content: 'venetoclax' }],
      usage: { input: 0, output: 0 },
    })
    expect(result.history[1]?.scripted).toBeUndefined()
    // The scripted answer is part of the conversation the agent sees next.
    expect(agent.calls[0]?.[0]).toEqual([
      { role: 'user', content: 'Which drug?' },
      { role: 'assistant', content: 'venetoclax' },
      { role: 'user', content: 'Sure?' },
    ])
  })

  test('an answer must be a string', () => {
    expect(() =>
      new Scenario('s').addNode('a', { question: 'q', answer: 42 as unknown as string }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] \`answer\` in addNode('a') must be a string (a scripted answer), got 42
      Leave \`answer\` out to have the answering side answer.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('question: null', () => {
  test('no user message: the agent speaks first, its answer opens the conversation', async () => {
    const definition = new Scenario('greeting')
      .addNode('greet', { question: null })
      .addNode('ask', { question: 'Where is my order?' })
      .addEdge('greet', 'ask')
      .addEdge('ask', END)
      .setEntry('greet')
      .validate()
    const agent = scriptedModel(['Hi, I am Ada. How can I help?', 'Let me check.'])
    const result = await runScenario(definition, { model: agent, systemPrompt: 'Be kind.' })
    expect(agent.calls[0]?.[0]).toEqual([{ role: 'system', content: 'Be kind.' }])
    expect(agent.calls[1]?.[0]).toEqual([
      { role: 'system', content: 'Be kind.' },
      { role: 'assistant', content: 'Hi, I am Ada. How can I help?' },
      { role: 'user', content: 'Where is my order?' },
    ])
    expect(result.history.map((t) => t.questionText)).toEqual([null, 'Where is my order?'])
  })

  test('a question object with question: null keeps its template and rubric for the answer', async () => {
    const definition = new Scenario('greeting')
      .addNode('greet', {
        question: { question: null, rubric: { traits: [regexTrait('names-itself', /Ada/)] } },
      })
      .setEntry('greet')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['Hi, I am Ada.']) })
    expect(result.history[0]).toMatchObject({
      questionText: null,
      rubric: { 'names-itself': true },
    })
  })

  test('with a scripted answer: a fixed transcript, no model at all', async () => {
    const definition = new Scenario('transcript')
      .addNode('opening', { question: null, answer: 'Welcome to Acme support.' })
      .addNode('user', { question: 'I want a refund.', answer: 'Refunds take 5 days.' })
      .addEdge('opening', 'user')
      .addEdge('user', END)
      .setEntry('opening')
      .validate()
    const agent = scriptedModel([])
    const result = await runScenario(definition, { model: agent, seed })
    expect(agent.callCount).toBe(0)
    expect(result.status).toBe('completed')
    expect(result.history.map((t) => [t.questionText, t.rawResponse, t.scripted])).toEqual([
      [null, 'Welcome to Acme support.', true],
      ['I want a refund.', 'Refunds take 5 days.', true],
    ])
  })

  test('a question that is neither a string, a Question nor null is refused at addNode', () => {
    expect(() =>
      new Scenario('s').addNode('a', { question: 42 as unknown as string }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] addNode('a') needs a \`question\`: a string, a Question object { question, template?, rubric? }, a simulatedUser({ … }), or null (no user message: the answering side speaks next)
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
  })
})
