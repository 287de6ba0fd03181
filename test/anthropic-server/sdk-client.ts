import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk'
import { onTestFinished } from 'vitest'
import {
  type AnthropicServer,
  type AnthropicServerOptions,
  startAnthropicServer,
} from '../support/anthropic-server/index.js'

/** The fake key every test client sends; asserted never to be stored by the server. */
export const FAKE_KEY = 'test-key-fake-anthropic'

/** The model id the tests ask for (any string works: the server echoes it; not a real id, so the SDK's deprecation warnings stay quiet). */
export const MODEL = 'claude-test'

/** A real `@anthropic-ai/sdk` client pointed at the server, with the SDK's retries off. */
export function sdkClient(server: AnthropicServer, options: ClientOptions = {}): Anthropic {
  return new Anthropic({ baseURL: server.url, apiKey: FAKE_KEY, maxRetries: 0, ...options })
}

/** Starts a server for the current test and closes it when the test finishes. */
export async function serverForTest(
  options: AnthropicServerOptions = {},
): Promise<AnthropicServer> {
  const server = await startAnthropicServer(options)
  onTestFinished(() => server.close())
  return server
}

/** The one-message conversation most tests send. */
export const question = [{ role: 'user' as const, content: 'What is the capital of France?' }]

/** The headers a hand-written request needs to pass the server's checks. */
export const apiHeaders = {
  'content-type': 'application/json',
  'x-api-key': FAKE_KEY,
  'anthropic-version': '2023-06-01',
}
