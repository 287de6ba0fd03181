import { createHook } from 'node:async_hooks'
import { describe, expect, test } from 'vitest'
import { InvalidArgumentError, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import { currentCallObserver } from '../../src/recordings/call-observer.js'
import { agentSide, resolveRunOptions } from '../../src/runner/run-options.js'

const loop = () =>
  new Scenario('loop')
    .addNode('ask', { question: 'q' })
    .addEdge('ask', 'ask')
    .setEntry('ask')
    .validate()

describe('options checked once per agent and values', () => {
  test('the same agent with other values is checked again, and a bad value still throws', () => {
    const definition = loop()
    const agent = async () => 'a'
    expect(resolveRunOptions(definition, { model: agent, turnLimit: 3 }).turnLimit).toBe(3)
    expect(resolveRunOptions(definition, { model: agent, turnLimit: 3 }).turnLimit).toBe(3)
    expect(resolveRunOptions(definition, { model: agent, turnLimit: 4 }).turnLimit).toBe(4)
    expect(resolveRunOptions(definition, { model: agent }).turnLimit).toBe(20)
    for (let i = 0; i < 2; i++) {
      expect(() => resolveRunOptions(definition, { model: agent, turnLimit: 0 })).toThrow(
        InvalidArgumentError,
      )
    }
    expect(resolveRunOptions(definition, { model: agent, turnLimit: 3 }).turnLimit).toBe(3)
  })

  test('an unknown key is refused however often the same options come', () => {
    const definition = loop()
    const agent = async () => 'a'
    const options = { model: agent, turns: 3 } as unknown as Parameters<typeof runScenario>[1]
    for (let i = 0; i < 2; i++) {
      expect(() => resolveRunOptions(definition, options)).toThrow(/unknown key 'turns'/)
    }
  })
})

/** The promises made while `fn` runs (Node's async hooks see each one). */
async function promisesDuring(fn: () => Promise<unknown>): Promise<number> {
  let count = 0
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') count++
    },
  })
  hook.enable()
  try {
    await fn()
  } finally {
    hook.disable()
  }
  return count
}

describe('promises per turn', () => {
  // A turn whose agent answers with a promise awaits that promise and nothing made to race its
  // deadline: each promise made per turn costs the promise hooks of every async context in the
  // process. Counted, not timed: the agent's promise and the await's are 2 per turn.
  test('an async agent costs at most two promises per turn', async () => {
    const definition = loop()
    const agent = async () => 'a'
    const made = async (turns: number) => {
      await runScenario(definition, { model: agent, turnLimit: turns })
      return promisesDuring(() => runScenario(definition, { model: agent, turnLimit: turns }))
    }
    // 20 more turns: what a run costs once is the same in both.
    expect((await made(40)) - (await made(20))).toBeLessThanOrEqual(2 * 20)
  })

  test("a scripted model with a list of replies runs outside the agent's call counting", async () => {
    // Counting an agent's calls runs it in an AsyncLocalStorage scope, which turns on Node's
    // promise hooks for the whole process: a list of replies makes no calls, so it needs none.
    expect(agentSide(scriptedModel(['a'])).counted).toBe(false)
    expect(agentSide(scriptedModel(() => 'a')).counted).toBe(true)
    expect(agentSide(async () => 'a').counted).toBe(true)
    // A user's agent sees its turn's tally in its async context; the scripted one is still run.
    let observer: unknown
    const agent = async () => {
      observer = currentCallObserver()
      return 'a'
    }
    await runScenario(loop(), { model: agent, turnLimit: 1 })
    expect(observer).toBeDefined()
    const result = await runScenario(loop(), { model: scriptedModel(['a', 'b']), turnLimit: 2 })
    expect(result.path).toEqual(['ask', 'ask'])
  })
})
