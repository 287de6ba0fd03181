import OpenAI from 'openai'
import { expect, test } from 'vitest'
import { createLimiter, RecordingMissingError } from '../../src/core.js'
import { memoryStore, RecordingSession } from '../../src/host.js'
import { chatCompletion } from '../../src/models/chat-completion.js'
import { defaultRetryPolicy } from '../../src/models/retry-policy.js'

// openai turns an error its `fetch` threw whose text says "timeout" (a miss report quotes the
// prompt) into an APIConnectionTimeoutError without the cause. The library then takes the
// session's error for that very call from the answer the session left for it: with calls in
// flight together on one session, each turn names its own miss.

test('concurrent misses on one session: each call reports its own, also when openai lost it', async () => {
  const recording = new RecordingSession({
    file: '/rec/none.json',
    displayFile: 'none.json',
    test: 'lost errors',
    mode: 'replay',
    command: 'npx vitest run -u',
    store: memoryStore(),
  })
  const client = new OpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'test-key', maxRetries: 0 })
  const calls = { limiter: createLimiter({ maxConcurrentCalls: 8 }), recording }
  const ask = (question: string) =>
    chatCompletion(
      { model: 'm', client },
      { messages: [{ role: 'user', content: question }] },
      {
        signal: new AbortController().signal,
        stage: 'answer',
        calls,
        policy: { ...defaultRetryPolicy, maxRetries: 0 },
      },
    ).then(
      () => undefined,
      (error: unknown) => error,
    )
  const questions = [
    'Which timeout applies to the first question?',
    'Which drug inhibits BCL-2?',
    'What timeout does the third one have?',
    'At what dose?',
  ]
  const errors = await Promise.all(questions.map(ask))
  errors.forEach((error, i) => {
    expect(error).toMatchObject({ category: 'recording' })
    const cause = (error as { cause?: unknown }).cause
    expect(cause).toBeInstanceOf(RecordingMissingError)
    expect((cause as RecordingMissingError).details).toContain(questions[i])
  })
  expect(recording.failures).toHaveLength(4)
})
