import type { UsageSpec } from './types.js'

/** The `usage` object of a Chat Completions response, as the API sends it. */
export interface ChatUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number }
  completion_tokens_details: {
    reasoning_tokens: number
    audio_tokens: number
    accepted_prediction_tokens: number
    rejected_prediction_tokens: number
  }
}

/** A rough, deterministic token estimate: one token per 4 characters, at least 1. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}

/** The request's `messages` as text, for the prompt-token estimate. */
function promptText(requestBody: unknown): string {
  if (typeof requestBody !== 'object' || requestBody === null) return ''
  const messages: unknown = Reflect.get(requestBody, 'messages')
  return messages === undefined ? '' : JSON.stringify(messages)
}

/**
 * Builds `usage` from a spec; counts the spec leaves out are estimated from the request's
 * messages and the reply's text.
 */
export function buildUsage(spec: UsageSpec, requestBody: unknown, replyText: string): ChatUsage {
  const prompt = spec.promptTokens ?? estimateTokens(promptText(requestBody))
  const completion = spec.completionTokens ?? estimateTokens(replyText)
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: spec.cachedTokens ?? 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: spec.reasoningTokens ?? 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  }
}
