import { describe, expect, test } from 'vitest'
import { chatMessages, toolCallRecords, usageOf } from '../../src/ai-sdk/from-result.js'
import { loadAi } from '../../src/ai-sdk/load-ai.js'
import { toModelMessages } from '../../src/ai-sdk/to-model-messages.js'
import { isScenarioError } from '../../src/errors/index.js'

// The mappings between the AI SDK's shapes (ai 6 and 7) and the library's, on their own.

describe('usageOf', () => {
  test('ai 7 / ai 6: input includes cache reads and writes; both are passed on', () => {
    expect(
      usageOf({
        inputTokens: 1200,
        outputTokens: 80,
        inputTokenDetails: { cacheReadTokens: 900, cacheWriteTokens: 200 },
      }),
    ).toEqual({ input: 1200, output: 80, cached: 900, cacheWrite: 200 })
  })

  test("ai 6's deprecated cachedInputTokens stands in when the details are missing", () => {
    expect(usageOf({ inputTokens: 50, outputTokens: 5, cachedInputTokens: 20 })).toEqual({
      input: 50,
      output: 5,
      cached: 20,
      cacheWrite: 0,
    })
  })

  test('no stated count is no usage (the recorded fetch counts instead); only the known keys', () => {
    expect(usageOf({ inputTokens: undefined, outputTokens: undefined })).toBeUndefined()
    expect(usageOf(undefined)).toBeUndefined()
    const usage = usageOf({
      inputTokens: 10,
      outputTokens: 2,
      totalTokens: 12,
      outputTokenDetails: { reasoningTokens: 1 },
    } as never)
    expect(Object.keys(usage ?? {})).toEqual([
      'input',
      'output',
      'cached',
      'cacheWrite',
      'reasoning',
    ])
  })
})

describe('toModelMessages', () => {
  test('the leading system message is the system prompt; a later one stays in place', () => {
    const prompt = toModelMessages(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Now be formal.' },
      ],
      'test',
    )
    expect(prompt).toEqual({
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Now be formal.' },
      ],
      systemInMessages: true,
    })
  })

  test('tool calls become parts; consecutive tool messages one tool message, named after their call', () => {
    const prompt = toModelMessages(
      [
        { role: 'user', content: 'Two orders?' },
        {
          role: 'assistant',
          content: 'Looking.',
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'look', arguments: '{"id":"1"}' } },
            { id: 'b', type: 'function', function: { name: 'look', arguments: 'not json' } },
          ],
        },
        { role: 'tool', tool_call_id: 'a', content: 'one' },
        { role: 'tool', tool_call_id: 'b', content: 'two' },
      ],
      'test',
    )
    expect(prompt.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'look', input: { id: '1' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'look', input: 'not json' },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'look',
            output: { type: 'text', value: 'one' },
          },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 'look',
            output: { type: 'text', value: 'two' },
          },
        ],
      },
    ])
  })
})

describe('from a result', () => {
  test('tool results of every output kind become tool message text', () => {
    const messages = chatMessages([
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'tool-call', toolCallId: 'a', toolName: 't', input: { x: 1 } },
          {
            type: 'tool-call',
            toolCallId: 'p',
            toolName: 'web',
            input: {},
            providerExecuted: true,
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 't',
            output: { type: 'json', value: { y: 2 } },
          },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 't',
            output: { type: 'text', value: 'plain' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: { type: 'error-text', value: 'boom' },
          },
          {
            type: 'tool-result',
            toolCallId: 'd',
            toolName: 't',
            output: { type: 'execution-denied' },
          },
          {
            type: 'tool-result',
            toolCallId: 'e',
            toolName: 't',
            output: { type: 'content', value: [{ type: 'text', text: 'from content' }] },
          },
        ],
      },
      { role: 'assistant', content: 'Done.' },
    ])
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: '{"x":1}' } }],
      },
      { role: 'tool', tool_call_id: 'a', content: '{"y":2}' },
      { role: 'tool', tool_call_id: 'b', content: 'plain' },
      { role: 'tool', tool_call_id: 'c', content: 'boom' },
      { role: 'tool', tool_call_id: 'd', content: 'execution denied' },
      { role: 'tool', tool_call_id: 'e', content: 'from content' },
      { role: 'assistant', content: 'Done.' },
    ])
  })

  test('tool call records over the steps, each with its result or error and its step', () => {
    expect(
      toolCallRecords([
        {
          content: [
            { type: 'text' },
            { type: 'tool-call', toolCallId: 'a', toolName: 't', input: { x: 1 } },
            { type: 'tool-call', toolCallId: 'b', toolName: 'u', input: {} },
            { type: 'tool-result', toolCallId: 'a', toolName: 't', output: 42 },
            { type: 'tool-error', toolCallId: 'b', toolName: 'u', error: new Error('nope') },
          ],
        },
        { content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: { x: 2 } }] },
      ]),
    ).toEqual([
      // The calls of one step (one model response) share it.
      { id: 'a', name: 't', arguments: { x: 1 }, result: 42, step: 0 },
      { id: 'b', name: 'u', arguments: {}, error: 'nope', step: 0 },
      { id: 'c', name: 't', arguments: { x: 2 }, step: 1 },
    ])
  })
})

describe('loadAi', () => {
  test('ai not installed: a MissingPeerError naming the package and the install command', async () => {
    const notFound = Object.assign(
      new Error(
        "Cannot find package 'ai' imported from /app/node_modules/vitest-scenario/dist/src/ai-sdk/ai.js",
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    )
    const error = await loadAi(() => Promise.reject(notFound)).catch((e: unknown) => e)
    expect(isScenarioError(error) && error.code).toBe('missing_peer')
    expect((error as Error).message).toBe(
      [
        "[vitest-scenario] vitest-scenario/ai-sdk needs the package 'ai' (^6 || ^7), which is not installed",
        '  - package: ai',
        '  - entry: vitest-scenario/ai-sdk',
        'Install it beside vitest-scenario: npm i -D ai (and the provider you use, e.g. @ai-sdk/openai)',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#missing_peer',
      ].join('\n'),
    )
    expect((error as Error).cause).toBe(notFound)
  })

  test("a dependency of ai that is missing is ai's own problem: passed on unchanged", async () => {
    const inner = Object.assign(
      new Error("Cannot find package '@ai-sdk/gateway' imported from /x"),
      {
        code: 'ERR_MODULE_NOT_FOUND',
      },
    )
    await expect(loadAi(() => Promise.reject(inner))).rejects.toBe(inner)
  })

  test('an ai older than 6 names what it lacks', async () => {
    await expect(loadAi(async () => ({ generateText() {} }))).rejects.toThrow(
      "the installed 'ai' lacks stepCountIs, jsonSchema, Output.object: it is older than 6",
    )
  })

  test('the installed ai loads', async () => {
    const ai = await loadAi(() => import('ai'))
    expect(typeof ai.generateText).toBe('function')
  })
})
