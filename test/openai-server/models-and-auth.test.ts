import { AuthenticationError, NotFoundError } from 'openai'
import { describe, expect, test } from 'vitest'
import { DEFAULT_MODELS, startOpenAIServer } from '../support/openai-server/index.js'
import { FAKE_KEY, question, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'

describe('GET /v1/models', () => {
  test('lists the default models, and retrieves one', async () => {
    const server = await serverForTest()
    const client = sdkClient(server)
    const ids = []
    for await (const entry of client.models.list()) ids.push(entry.id)
    expect(ids).toEqual(DEFAULT_MODELS)
    await expect(client.models.retrieve('gpt-4.1')).resolves.toMatchObject({
      id: 'gpt-4.1',
      object: 'model',
    })
    expect(server.pendingReplies).toBe(0)
  })

  test('lists the models given, and answers 404 for others', async () => {
    const server = await serverForTest({ models: ['local-model'] })
    const client = sdkClient(server)
    const page = await client.models.list()
    expect(page.data.map((entry) => entry.id)).toEqual(['local-model'])
    await expect(client.models.retrieve('gpt-4.1')).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('the apiKey option', () => {
  test('without it, any key is accepted and none is stored', async () => {
    const server = await serverForTest()
    server.reply({ content: 'ok' })
    await sdkClient(server, { apiKey: 'whatever-key' }).chat.completions.create({
      model,
      messages: question,
    })
    expect(server.requests[0]?.authorization).toBe('present')
    expect(JSON.stringify(server.requests)).not.toContain('whatever-key')
  })

  test('with it, the right key passes and a wrong key gets a 401 that does not echo it', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({ content: 'ok' }, { content: 'never used' })
    await sdkClient(server).chat.completions.create({ model, messages: question })
    const wrong = sdkClient(server, { apiKey: 'sk-wrong-key-123' })
    const error = await wrong.chat.completions.create({ model, messages: question }).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' })
    expect((error as Error).message).not.toContain('sk-wrong-key-123')
    expect(server.requests.map((r) => [r.authorization, r.status])).toEqual([
      ['matched', 200],
      ['mismatched', 401],
    ])
    expect(server.pendingReplies).toBe(1) // the rejected request consumed no reply
    const printed = JSON.stringify(server.requests)
    expect(printed).not.toContain(FAKE_KEY)
    expect(printed).not.toContain('sk-wrong-key-123')
  })

  test('with it, a request without Authorization gets a 401 too', async () => {
    const server = await startOpenAIServer({ apiKey: FAKE_KEY })
    try {
      const response = await fetch(`${server.baseURL}/models`)
      expect(response.status).toBe(401)
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message).toContain("You didn't provide an API key")
      expect(server.requests[0]?.authorization).toBe('missing')
    } finally {
      await server.close()
    }
  })

  test('an empty apiKey option is refused', async () => {
    await expect(startOpenAIServer({ apiKey: '' })).rejects.toThrow('apiKey must not be empty')
  })
})
