import { describe, expect, test } from 'vitest'
import {
  InvalidArgumentError,
  RecordingMissingError,
  ScenarioError,
} from '../../src/errors/index.js'
import type { AgentFunction } from '../../src/models/types.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'

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
      message: '[vitest-scenario] lookup threw',
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
      message: '[vitest-scenario] No recording for model call #1 of this test',
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
