import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { docsLine } from '../../src/errors/docs-line.js'
import {
  InvalidArgumentError,
  RecordingMissingError,
  ScenarioError,
} from '../../src/errors/index.js'
import { renderTranscript } from '../../src/models/judge-conversation.js'
import type { AgentFunction } from '../../src/models/types.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { renderConversation } from '../../src/snapshot/render-conversation.js'
import { tool } from '../../src/tools/index.js'
import { runToolCall } from '../../src/tools/run-tool-call.js'

// A turn's error is classified by the library error's `code`, never by comparing other fields
// or by message text.

const oneNode = () =>
  new Scenario('one')
    .addNode('ask', { question: 'q' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

async function failWith(thrown: unknown) {
  const agent: AgentFunction = async () => {
    throw thrown
  }
  const result = await runScenario(oneNode(), { model: agent })
  return result.error
}

describe('turn errors are classified by code', () => {
  test('a tool failure is a tool error, whichever copy of the package threw it', async () => {
    // A ScenarioError with the code and nothing else: no `category`/`stage` fields to compare.
    const thrown = new ScenarioError('tool_failed', { what: 'lookup threw' })
    expect(await failWith(thrown)).toMatchObject({
      category: 'tool',
      stage: 'tool',
      cause: thrown,
      message: `[vitest-scenario] lookup threw\n${docsLine('docs/reference/errors.md#tool_failed')}`,
    })
  })

  test("a recording error in the cause chain of the agent's own error is a recording error", async () => {
    const missing = new RecordingMissingError(
      { what: 'No recording for model call #1 of this test' },
      { file: 'a.json', mode: 'replay' },
    )
    const wrapped = new Error('the agent failed', {
      cause: new Error('client', { cause: missing }),
    })
    expect(await failWith(wrapped)).toMatchObject({
      category: 'recording',
      stage: 'answer',
      cause: missing,
      message: `[vitest-scenario] No recording for model call #1 of this test\n${docsLine(missing.docs)}`,
    })
  })

  test('a turn timeout thrown by the agent is a timeout', async () => {
    const timeout = new ScenarioError('turn_timeout', { what: 'too slow' })
    expect(await failWith(timeout)).toMatchObject({ category: 'timeout', stage: 'answer' })
  })

  test('anything else the agent throws is an agent error', async () => {
    expect(await failWith(new Error('boom'))).toMatchObject({
      category: 'agent',
      stage: 'answer',
      message: 'boom',
    })
  })

  test('a question function that returns no string names what it returned', async () => {
    const definition = new Scenario('q')
      .addNode('ask', { question: { question: () => 42 as unknown as string } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: async () => 'a' })
    expect(result.error).toMatchObject({
      category: 'unexpected',
      stage: 'question',
      message: "The question function of node 'ask' returned 42, not a string",
    })
    expect(result.history[0]?.questionText).toBe('')
  })
})

describe("a turn error's message and the docs line of a library error", () => {
  test('the turn error is its cause: the whole message, docs line included', async () => {
    const thrown = new ScenarioError('turn_timeout', { what: 'too slow', fix: 'Answer sooner.' })
    const agent: AgentFunction = async () => {
      throw thrown
    }
    const result = await runScenario(oneNode(), { model: agent })
    expect(result.error?.message).toBe(
      [
        '[vitest-scenario] too slow',
        'Answer sooner.',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#turn_timeout',
      ].join('\n'),
    )
    // The snapshot and the judge read the conversation: the line about the library is left out.
    expect(renderConversation(result)).toContain(
      'error: timeout at answer: [vitest-scenario] too slow\nAnswer sooner.\n',
    )
    expect(renderTranscript(result)).toContain(
      '(no answer: the turn failed, timeout: [vitest-scenario] too slow\nAnswer sooner.)',
    )
    for (const text of [renderConversation(result), renderTranscript(result)]) {
      expect(text).not.toContain('Docs:')
    }
  })

  test('a library error quoted in another text leaves its docs line out', async () => {
    // A tool that throws a library error: the tool failure quotes it and names its own docs, and
    // a tool that reports its errors gives the model the message without the library's line.
    const thrown = new InvalidArgumentError('Bad drug name', 'Pass a drug name.')
    const tools = (onError?: 'report') => ({
      lookup: tool({
        description: 'Looks up',
        parameters: z.object({}),
        ...(onError === undefined ? {} : { onError }),
        execute: () => {
          throw thrown
        },
      }),
    })
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: 'lookup', arguments: '{}' },
    }
    const context = {
      nodeId: 'ask',
      turn: 0,
      signal: new AbortController().signal,
      timeoutMs: 1000,
    }
    const failure = await runToolCall(call, tools(), context).catch((error: unknown) => error)
    expect((failure as Error).message).toBe(
      [
        "[vitest-scenario] Tool 'lookup' failed at node 'ask': [vitest-scenario] Bad drug name",
        'Pass a drug name.',
        "Fix the tool, or give it onError: 'report' to let the model see the error.",
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#tool_failed',
      ].join('\n'),
    )
    const reported = await runToolCall(call, tools('report'), context)
    expect(JSON.parse(reported.content)).toEqual({
      error: '[vitest-scenario] Bad drug name\nPass a drug name.',
    })
  })
})

describe('programmer errors are library errors', () => {
  test('a definition that lacks a node the run reaches is an InvalidArgumentError', async () => {
    const definition = oneNode()
    // A definition changed after validate(): its entry names a node that is not there.
    const changed = Object.create(definition, { entryNode: { value: 'gone' } })
    await expect(runScenario(changed, { model: async () => 'a' })).rejects.toThrow(
      InvalidArgumentError,
    )
  })
})
