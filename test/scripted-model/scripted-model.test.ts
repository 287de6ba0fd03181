import { describe, expect, test } from 'vitest'
import type { AgentContext } from '../../src/models/types.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import type { ScenarioStateView } from '../../src/state/types.js'

const context = (turn: number): AgentContext => ({
  nodeId: 'n',
  turn,
  state: {} as ScenarioStateView,
  signal: new AbortController().signal,
})

describe('scriptedModel', () => {
  test('answers from the list in order and records calls and results (tinyspy)', async () => {
    const model = scriptedModel(['first', { content: 'second' }])
    await expect(model([{ role: 'user', content: 'Q1' }], context(0))).resolves.toBe('first')
    await expect(model([{ role: 'user', content: 'Q2' }], context(1))).resolves.toEqual({
      content: 'second',
    })
    expect(model.callCount).toBe(2)
    expect(model.calls[1]?.[0]).toEqual([{ role: 'user', content: 'Q2' }])
    expect(model.results).toHaveLength(2)
  })

  test('throws an Error reply, and throws when the script runs out', async () => {
    const model = scriptedModel([new Error('rate limited')])
    await expect(model([], context(0))).rejects.toThrow('rate limited')
    await expect(model([], context(1))).rejects.toThrow(
      "scriptedModel: no reply left for call 2 (node 'n', turn 1); the script has 1",
    )
  })

  test('a function picks each reply from the conversation and context', async () => {
    const model = scriptedModel((conversation, { turn }) => `${turn}:${conversation.length}`)
    await expect(model([{ role: 'user', content: 'Q' }], context(3))).resolves.toBe('3:1')
  })

  test('rejects anything but a list or a function', () => {
    // @ts-expect-error -- not a script
    expect(() => scriptedModel('hello')).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] scriptedModel() needs a list of replies or a function (conversation, context) => reply, got 'hello'
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
  })
})
