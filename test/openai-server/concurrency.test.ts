import { describe, expect, test, vi } from 'vitest'
import { question, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'

/** Runs tasks with at most `limit` at a time (a stand-in for the library's limiter). */
async function runLimited<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      const task = tasks[index]
      if (task !== undefined) results[index] = await task()
    }
  }
  await Promise.all(Array.from({ length: limit }, worker))
  return results
}

describe('in-flight counters and fixed latency', () => {
  test('concurrent calls are all in flight at once; each takes the latency', async () => {
    const server = await serverForTest({ latencyMs: 100, defaultReply: { content: 'ok' } })
    const client = sdkClient(server)
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 5 }, () =>
        client.chat.completions.create({ model, messages: question }),
      ),
    )
    const elapsed = performance.now() - started
    expect(server.maxInFlight).toBe(5) // in parallel, not one after another
    await vi.waitFor(() => expect(server.inFlight).toBe(0))
    expect(elapsed).toBeGreaterThanOrEqual(90)
  })

  test('sequential calls never overlap', async () => {
    const server = await serverForTest({ latencyMs: 20, defaultReply: { content: 'ok' } })
    const client = sdkClient(server)
    for (let i = 0; i < 3; i++) await client.chat.completions.create({ model, messages: question })
    expect(server.maxInFlight).toBe(1)
    expect(server.requests).toHaveLength(3)
  })

  test('a client-side limit of 2 shows as maxInFlight 2', async () => {
    const server = await serverForTest({ latencyMs: 30, defaultReply: { content: 'ok' } })
    const client = sdkClient(server)
    const tasks = Array.from(
      { length: 6 },
      () => () => client.chat.completions.create({ model, messages: question }),
    )
    const replies = await runLimited(tasks, 2)
    expect(replies).toHaveLength(6)
    expect(server.maxInFlight).toBe(2)
  })

  test('reset() clears the queue, the log and the counters', async () => {
    const server = await serverForTest({ latencyMs: 10 })
    server.reply({ content: 'a' }, { content: 'b' }, { content: 'c' })
    const client = sdkClient(server)
    await Promise.all(
      [1, 2].map(() => client.chat.completions.create({ model, messages: question })),
    )
    expect(server.maxInFlight).toBe(2)
    expect(server.pendingReplies).toBe(1)
    await vi.waitFor(() => expect(server.inFlight).toBe(0))
    server.reset()
    expect(server).toMatchObject({ maxInFlight: 0, inFlight: 0, pendingReplies: 0, requests: [] })
    server.reply({ content: 'after reset' })
    const completion = await client.chat.completions.create({ model, messages: question })
    expect(completion.choices[0]?.message.content).toBe('after reset')
    expect(server.requests.map((r) => r.index)).toEqual([1])
    expect(completion.id).toBe('chatcmpl-scripted-1')
  })
})
