import { Usage as SdkUsage } from '@openai/agents'
import { describe, expect, test } from 'vitest'
import { runUsage } from '../../src/openai-agents/run-usage.js'

// The tokens of an Agents SDK run, from its raw responses: the SDK's own Usage objects (details as
// records or lists of records), the reasoning tokens, and the model each raw response names.

describe('runUsage', () => {
  test('sums cached and reasoning tokens; names the models in order of first use', () => {
    const first = new SdkUsage({
      requests: 1,
      inputTokens: 40,
      outputTokens: 30,
      totalTokens: 70,
      inputTokensDetails: { cached_tokens: 10 },
      outputTokensDetails: { reasoning_tokens: 24 },
    })
    const second = new SdkUsage({
      requests: 1,
      inputTokens: 20,
      outputTokens: 5,
      totalTokens: 25,
      inputTokensDetails: [{ cached_tokens: 4 }],
      outputTokensDetails: [{ reasoning_tokens: 3 }],
    })
    const usage = runUsage([
      { usage: first, providerData: { model: 'o4-mini-2025-04-16' } },
      { usage: second, providerData: { model: 'gpt-4.1-mini' } },
      { usage: second, providerData: { model: 'o4-mini-2025-04-16' } },
    ])
    expect(usage).toEqual({
      input: 80,
      output: 40,
      cached: 18,
      cacheWrite: 0,
      reasoning: 30,
      model: 'o4-mini-2025-04-16, gpt-4.1-mini',
    })
  })

  test('a provider that keeps no raw response and states no details: only the counts', () => {
    const usage = new SdkUsage({ requests: 1, inputTokens: 5, outputTokens: 2, totalTokens: 7 })
    expect(runUsage([{ usage }])).toEqual({ input: 5, output: 2, cached: 0, cacheWrite: 0 })
  })
})
