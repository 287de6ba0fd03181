import { describe, expect, test } from 'vitest'
import { runScenario } from '../../src/runner/index.js'
import { END, type QuestionContext, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import type { ChatMessage } from '../../src/state/types.js'

const oneNode = (question: Parameters<Scenario['addNode']>[1]['question']) =>
  new Scenario('q').addNode('ask', { question }).addEdge('ask', END).setEntry('ask').validate()

describe('question functions with a context', () => {
  test('an async question function is awaited; its text is the question the agent sees', async () => {
    const agent = scriptedModel(['Venetoclax.'])
    const result = await runScenario(
      oneNode({ question: async (state) => `Turn ${state.turn}: which drug inhibits BCL-2?` }),
      { model: agent },
    )
    expect(result.status).toBe('completed')
    expect(result.history[0]?.questionText).toBe('Turn 0: which drug inhibits BCL-2?')
    expect(agent.calls[0]?.[0].at(-1)).toEqual({
      role: 'user',
      content: 'Turn 0: which drug inhibits BCL-2?',
    })
  })

  test('the context names the node and turn and holds the conversation so far, seed first, no system message', async () => {
    const seen: { nodeId: string; turn: number; conversation: unknown }[] = []
    const question = (_state: unknown, context: QuestionContext) => {
      // A copy: the view reads the live transcript, which grows after this turn.
      seen.push({
        nodeId: context.nodeId,
        turn: context.turn,
        conversation: JSON.parse(JSON.stringify(context.conversation)),
      })
      return `question ${context.turn}`
    }
    const definition = new Scenario('ctx')
      .addNode('ask', { question: { question } })
      .addNode('again', { question: { question } })
      .addEdge('ask', 'again')
      .addEdge('again', END)
      .setEntry('ask')
      .validate()
    const seed: ChatMessage[] = [{ role: 'assistant', content: 'Hello, how can I help?' }]
    await runScenario(definition, {
      model: scriptedModel(['a0', 'a1']),
      systemPrompt: 'You are terse.',
      seed,
    })
    expect(seen).toEqual([
      { nodeId: 'ask', turn: 0, conversation: seed },
      {
        nodeId: 'again',
        turn: 1,
        conversation: [
          ...seed,
          { role: 'user', content: 'question 0' },
          { role: 'assistant', content: 'a0' },
        ],
      },
    ])
  })

  test('the conversation is a plain array of copies: a write changes nothing of the run', async () => {
    let thrown: unknown
    const question = (_state: unknown, context: QuestionContext) => {
      try {
        context.conversation.push({ role: 'user', content: 'x' })
      } catch (error) {
        thrown = error
      }
      return 'q'
    }
    const agent = scriptedModel(['a'])
    await runScenario(oneNode({ question }), { model: agent })
    expect(thrown).toBeUndefined()
    expect(agent.calls[0]?.[0]).toEqual([{ role: 'user', content: 'q' }])
  })

  test("context.signal is the answering side's: aborted with the run", async () => {
    const controller = new AbortController()
    let signal: AbortSignal | undefined
    const question = (_state: unknown, context: QuestionContext) => {
      signal = context.signal
      return 'q'
    }
    const result = await runScenario(oneNode({ question }), {
      model: async (_conversation, context) => {
        expect(context.signal).toBe(signal)
        controller.abort(new Error('stop'))
        return 'late'
      },
      signal: controller.signal,
    })
    expect(signal?.aborted).toBe(true)
    expect(result.stopReason).toBe('aborted')
  })

  test('a question function that rejects is an unexpected error at stage question', async () => {
    const agent = scriptedModel(['never'])
    const result = await runScenario(
      oneNode({
        question: async () => {
          throw new Error('no question today')
        },
      }),
      { model: agent },
    )
    expect(result.status).toBe('error')
    expect(result.stopReason).toBe('error')
    expect(result.error).toMatchObject({
      nodeId: 'ask',
      category: 'unexpected',
      stage: 'question',
      message: 'no question today',
    })
    expect(agent.callCount).toBe(0)
    expect(result.history).toHaveLength(1)
  })

  test('an async question that resolves to a non-string is an unexpected error naming the node', async () => {
    const result = await runScenario(
      oneNode({ question: (async () => 42) as unknown as () => Promise<string> }),
      { model: scriptedModel(['never']) },
    )
    expect(result.error).toMatchObject({
      category: 'unexpected',
      stage: 'question',
      message: "The question function of node 'ask' returned 42, not a string",
    })
  })

  test('a question that settles after the run was aborted is not asked', async () => {
    const controller = new AbortController()
    const agent = scriptedModel(['never'])
    const result = await runScenario(
      oneNode({
        question: async () => {
          controller.abort(new Error('stop'))
          return 'too late'
        },
      }),
      { model: agent, signal: controller.signal },
    )
    expect(result.stopReason).toBe('aborted')
    expect(result.error).toMatchObject({ category: 'aborted', stage: 'question' })
    expect(agent.callCount).toBe(0)
  })

  test('a synchronous question function keeps the turn synchronous (no microtask before the agent)', async () => {
    // The agent is called in the same synchronous run as the question: nothing queued between.
    let order = ''
    const definition = oneNode({
      question: () => {
        order += 'q'
        queueMicrotask(() => {
          order += 'm'
        })
        return 'q'
      },
    })
    await runScenario(definition, {
      model: () => {
        order += 'a'
        return 'x'
      },
    })
    expect(order.startsWith('qa')).toBe(true)
  })
})
