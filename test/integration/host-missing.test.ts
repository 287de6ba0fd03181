import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runJestAsync, runVitestAsync } from '../support/sample-project.js'

// A project that imports the scenario API but never installed the host layer (no scenarioPlugin()
// in vitest.config.ts; no withScenario / setup entry in jest.config.js) cannot replay. In CI, with a
// key on the machine, its model calls used to go live and pass: now each scenario test that names a
// model fails with host_missing before any call (the scripted server gets no request), naming the
// config line. Locally the calls go live after one warning. An agent function alone needs no host.
let server: ScriptedServer
const KEY = 'test-key-fake-host-missing'

beforeAll(async () => {
  server = await startOpenAIServer()
  server.setDefaultReply({ content: 'Venetoclax.' })
})

afterAll(async () => {
  await server.close()
})

const env = (ci: boolean) => ({
  SCENARIO_BASE_URL: server.baseURL,
  OPENAI_API_KEY: KEY,
  CI: ci ? 'true' : '',
  VITEST_SCENARIO_RECORD: undefined,
})

/** How often the host_missing warning was printed. */
const warnings = (output: string) => output.split('host layer is not installed').length - 1

describe('Vitest without scenarioPlugin()', () => {
  let dir: string
  beforeAll(() => {
    dir = prepareSample('host-missing')
  })

  test('CI: each model test fails with host_missing before any request; the agent test passes', async () => {
    server.reset()
    server.setDefaultReply({ content: 'Venetoclax.' })
    const run = await runVitestAsync(dir, [], env(true))
    expect(run.code, run.output).not.toBe(0)
    expect(server.requests).toHaveLength(0)
    expect(run.output).toContain('HostMissingError')
    expect(run.output).toContain("scenario('asks the model') would call a model in CI")
    expect(run.output).toContain('plugins: [scenarioPlugin()]')
    expect(run.output).toContain('docs/reference/errors.md#host_missing')
    expect(run.output).toMatch(/✓ .*an agent function alone/)
    expect(run.output).toMatch(/2 failed \| 1 passed/)
    expect(run.output).not.toContain(KEY)
  }, 180_000)

  test('locally: warns once, calls the model live, passes', async () => {
    server.reset()
    server.setDefaultReply({ content: 'Venetoclax.' })
    const run = await runVitestAsync(dir, [], env(false))
    expect(run.code, run.output).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(warnings(run.output), run.output).toBe(1)
    expect(run.output).toContain('plugins: [scenarioPlugin()]')
  }, 180_000)
})

describe('Jest without withScenario()', () => {
  let dir: string
  beforeAll(() => {
    dir = prepareSample('jest-host-missing')
  })

  test('CI (--ci): each model test fails with host_missing before any request', async () => {
    server.reset()
    server.setDefaultReply({ content: 'Venetoclax.' })
    const run = await runJestAsync(dir, ['--ci'], env(true))
    expect(run.code, run.output).not.toBe(0)
    expect(server.requests).toHaveLength(0)
    expect(run.output).toContain("scenario('asks the model') would call a model in CI")
    expect(run.output).toContain('export default withScenario')
    expect(run.output).toContain('docs/reference/errors.md#host_missing')
    expect(run.output).toMatch(/✓ an agent function alone/)
    expect(run.output).toMatch(/Tests:\s+2 failed, 1 passed/)
  }, 180_000)

  test('locally (--ci=false): warns once, calls the model live, passes', async () => {
    server.reset()
    server.setDefaultReply({ content: 'Venetoclax.' })
    const run = await runJestAsync(dir, ['--ci=false'], env(false))
    expect(run.code, run.output).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(warnings(run.output), run.output).toBe(1)
  }, 180_000)
})
