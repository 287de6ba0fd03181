import { RateLimitError } from 'openai'
import { describe, expect, test } from 'vitest'
import { TokenBucket } from '../support/openai-server/index.js'
import { question, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'

describe('TokenBucket', () => {
  test('lets a burst through, then refills at the rate', () => {
    let now = 1_000
    const bucket = new TokenBucket(10, 3, () => now)
    expect([bucket.take(), bucket.take(), bucket.take()].every((r) => r.ok)).toBe(true)
    expect(bucket.take()).toEqual({ ok: false, waitMs: 100 })
    now += 60
    expect(bucket.take()).toEqual({ ok: false, waitMs: expect.closeTo(40, 6) })
    now += 40
    expect(bucket.take()).toEqual({ ok: true })
    now += 10_000 // a long pause refills no more than the burst
    expect([1, 2, 3, 4].map(() => bucket.take().ok)).toEqual([true, true, true, false])
    bucket.reset()
    expect(bucket.take().ok).toBe(true)
  })

  test('rejects a rate or burst that cannot work', () => {
    expect(() => new TokenBucket(0, 1)).toThrow('perSecond > 0 and burst >= 1')
    expect(() => new TokenBucket(5, 0)).toThrow(RangeError)
  })
})

describe('rate-limit mode', () => {
  test('answers 429 with retry-after above the burst, without consuming replies', async () => {
    const server = await serverForTest({
      rateLimit: { perSecond: 1, burst: 3, retryAfter: 0.2 },
      defaultReply: { content: 'ok' },
    })
    const client = sdkClient(server)
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        client.chat.completions.create({ model, messages: question }),
      ),
    )
    const fulfilled = results.filter((r) => r.status === 'fulfilled')
    const rejected = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    expect(fulfilled).toHaveLength(3)
    expect(rejected).toHaveLength(3)
    for (const error of rejected) {
      expect(error).toBeInstanceOf(RateLimitError)
      expect((error as RateLimitError).headers.get('retry-after')).toBe('0.2')
      expect((error as RateLimitError).headers.get('retry-after-ms')).toBeNull()
    }
    const outcomes = server.requests.map((r) => r.outcome).sort()
    expect(outcomes).toEqual(['answered', 'answered', 'answered', ...Array(3).fill('rate-limited')])
  })

  test('the default retry-after is the wait for the next token, also as retry-after-ms', async () => {
    const server = await serverForTest({
      rateLimit: { perSecond: 1, burst: 1, retryAfterMs: true },
      defaultReply: { content: 'ok' },
    })
    const client = sdkClient(server)
    await client.chat.completions.create({ model, messages: question })
    const error = await client.chat.completions.create({ model, messages: question }).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(RateLimitError)
    const headers = (error as RateLimitError).headers
    const seconds = Number(headers.get('retry-after'))
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(1)
    expect(Number(headers.get('retry-after-ms'))).toBe(Math.round(seconds * 1000))
  })

  test('clients that honour retry-after all get through eventually', async () => {
    const server = await serverForTest({
      rateLimit: { perSecond: 5, burst: 1, retryAfterMs: true },
      defaultReply: { content: 'ok' },
    })
    const client = sdkClient(server, { maxRetries: 8 })
    const replies = await Promise.all(
      Array.from({ length: 3 }, () =>
        client.chat.completions.create({ model, messages: question }),
      ),
    )
    expect(replies.map((r) => r.choices[0]?.message.content)).toEqual(['ok', 'ok', 'ok'])
    const answered = server.requests.filter((r) => r.outcome === 'answered')
    expect(answered).toHaveLength(3)
    expect(server.requests.some((r) => r.outcome === 'rate-limited')).toBe(true)
  })
})
