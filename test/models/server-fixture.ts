import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

/**
 * Starts one scripted server for the calling test file (reset before each test, closed after
 * the file) and gives a model config that points at it, with a fake key.
 */
export function useScriptedServer(): {
  server: () => ScriptedServer
  model: () => { model: string; baseURL: string; apiKey: string }
} {
  let server: ScriptedServer | undefined
  const current = () => {
    if (server === undefined) throw new Error('the scripted server is not started yet')
    return server
  }
  beforeAll(async () => {
    server = await startOpenAIServer()
  })
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(() => {
    server?.reset()
  })
  return {
    server: current,
    model: () => ({ model: 'test-model', baseURL: current().baseURL, apiKey: 'test-key-fake' }),
  }
}
