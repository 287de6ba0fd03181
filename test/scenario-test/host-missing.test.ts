// The Vitest host entry without its host layer: this repository's own config has no
// scenarioPlugin(), so the entry's functions here run exactly as in a project that forgot it.
// `VITEST_SCENARIO_RECORD` stands in for CI (`replay`) and for a local run (`new`).
import OpenAI from 'openai'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { runScenario as coreRunScenario, END, HostMissingError, Scenario } from '../../src/core.js'
import { judgeConversation, recordedFetch, runScenario, wrap } from '../../src/index.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'

let server: ScriptedServer
beforeAll(async () => {
  server = await startOpenAIServer()
})
afterAll(() => server.close())
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  server.reset()
})

const WARNED = Symbol.for('vitest-scenario.hostMissingWarned')
const definition = new Scenario('ask')
  .addNode('ask', { question: 'Which drug?' })
  .addEdge('ask', END)
  .setEntry('ask')
  .validate()
const model = () => ({ model: 'test-model', baseURL: server.baseURL, apiKey: 'test-key-fake' })

describe('in CI (replay)', () => {
  test('runScenario with a model config fails with host_missing and sends nothing', async () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'replay')
    const error = await runScenario(definition, { model: model() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HostMissingError)
    expect(error).toMatchObject({ code: 'host_missing', runner: 'Vitest', call: 'runScenario()' })
    expect((error as Error).message).toContain('plugins: [scenarioPlugin()]')
    expect((error as Error).message).toContain('vitest.config.ts')
    // A parsing model alone names a model too.
    await expect(
      runScenario(definition, { model: async () => 'x', parsingModel: model() }),
    ).rejects.toThrow(HostMissingError)
    expect(server.requests).toHaveLength(0)
  })

  test('wrap(), recordedFetch and judgeConversation refuse before any request', async () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'replay')
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake' })
    // Wrapping makes no call (a setup file may wrap before the host's setup entry runs): the
    // copy's calls are refused, each before it is sent.
    const wrapped = wrap(client)
    const call = wrapped.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    const refused = await call.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(
      refused instanceof HostMissingError || (refused as Error).cause instanceof HostMissingError,
    ).toBe(true)
    await expect(recordedFetch(`${server.baseURL}/chat/completions`)).rejects.toThrow(
      HostMissingError,
    )
    const result = await coreRunScenario(definition, { model: async () => 'Venetoclax.' })
    await expect(judgeConversation(result, ['Names a drug.'], { model: model() })).rejects.toThrow(
      HostMissingError,
    )
    expect(server.requests).toHaveLength(0)
  })

  test('an agent function alone needs no host; the core entry never checks', async () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'replay')
    const alone = await runScenario(definition, { model: async () => 'Venetoclax.' })
    expect(alone.status).toBe('completed')
    server.setDefaultReply({ content: 'Venetoclax.' })
    const core = await coreRunScenario(definition, { model: model() })
    expect(core.status).toBe('completed')
    expect(server.requests).toHaveLength(1)
  })

  test('VITEST_SCENARIO_RECORD=off calls live on purpose, with no warning', async () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'off')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.setDefaultReply({ content: 'Venetoclax.' })
    expect((await runScenario(definition, { model: model() })).status).toBe('completed')
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('locally (new)', () => {
  test('warns once per process, then calls the model live', async () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'new')
    delete (globalThis as Record<symbol, unknown>)[WARNED]
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.setDefaultReply({ content: 'Venetoclax.' })
    expect((await runScenario(definition, { model: model() })).status).toBe('completed')
    expect((await runScenario(definition, { model: model() })).status).toBe('completed')
    wrap(new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake' }))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('plugins: [scenarioPlugin()]')
    expect(server.requests).toHaveLength(2)
  })
})
