import OpenAI, { type ClientOptions } from 'openai'
import { onTestFinished } from 'vitest'
import {
  type OpenAIServerOptions,
  type ScriptedServer,
  startOpenAIServer,
} from '../support/openai-server/index.js'

/** The fake key every test client sends; asserted never to be stored by the server. */
export const FAKE_KEY = 'test-key-fake'

/** A real `openai` client pointed at the server, with the SDK's retries off unless overridden. */
export function sdkClient(server: ScriptedServer, options: ClientOptions = {}): OpenAI {
  return new OpenAI({ baseURL: server.baseURL, apiKey: FAKE_KEY, maxRetries: 0, ...options })
}

/** Starts a server for the current test and closes it when the test finishes. */
export async function serverForTest(options: OpenAIServerOptions = {}): Promise<ScriptedServer> {
  const server = await startOpenAIServer(options)
  onTestFinished(() => server.close())
  return server
}

/** The one-message conversation most tests send. */
export const question = [{ role: 'user' as const, content: 'What is the capital of France?' }]
