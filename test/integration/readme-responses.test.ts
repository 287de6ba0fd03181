import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'

// The README's "The Responses API" block, as written, is the config of a fresh project with the
// packed package: the plugin's `api: 'responses'` crosses to the workers, the answering side's
// tool loop and the template parsing go to POST /responses, are recorded, and replay with
// CI=true and the server gone.

/** The ```ts blocks of the models guide's "The Responses API", in order. */
function responsesBlocks(): string[] {
  return codeBlocks(docSection('docs/guide/models.md', '## The Responses API'), 'ts')
}

const FAKE_KEY = 'test-key-fake-readme-responses'
const [config] = responsesBlocks()
let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ apiKey: FAKE_KEY })
  server.reply(
    { toolCalls: [{ name: 'weather', arguments: { city: 'Paris' }, id: 'call_paris' }] },
    { content: 'The sky in Paris is sunny.' },
    { json: { sky: 'sunny' } },
  )
  dir = prepareSample('readme-responses')
})

afterAll(async () => {
  await server.close()
})

test('the README block is a plugin config with api: responses', () => {
  expect(config).toContain('scenarioPlugin({')
  expect(config).toContain("api: 'responses'")
})

test('recorded once over the Responses API, then replayed in CI with the server gone', async () => {
  writeFileSync(join(dir, 'vitest.config.ts'), config ?? '')
  const recordRun = await runVitestAsync(dir, ['--update=new'], {
    CI: '',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: FAKE_KEY,
  })
  expect(recordRun.code, recordRun.output).toBe(0)
  expect(recordRun.output).toContain('[sample] answer=The sky in Paris is sunny. replayed=false')
  expect(server.requests.map((request) => request.path)).toEqual([
    '/v1/responses',
    '/v1/responses',
    '/v1/responses',
  ])
  // The plugin's temperature and the tool crossed to the workers with `api`.
  expect(server.requests[0]?.body).toMatchObject({
    temperature: 0,
    tools: [{ type: 'function', name: 'weather' }],
  })
  expect(server.requests[2]?.body).toMatchObject({ text: { format: { type: 'json_schema' } } })
  const folder = join(dir, '__recordings__/weather.test.ts')
  const [file, ...others] = readdirSync(folder)
  expect(others).toEqual([])
  const text = readFileSync(join(folder, file ?? ''), 'utf8')
  expect(text).not.toContain(FAKE_KEY)
  const recorded = parseRecording(text, file ?? '')
  expect(recorded.interactions.map((i) => i.request.path)).toEqual([
    '/responses',
    '/responses',
    '/responses',
  ])

  await server.close()
  const replay = await runVitestAsync(dir, [], {
    CI: 'true',
    OPENAI_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
  })
  expect(replay.code, replay.output).toBe(0)
  expect(replay.output).toContain('[sample] answer=The sky in Paris is sunny. replayed=true')
  expect(replay.output).toMatch(/Tests\s+1 passed \(1\)/)
}, 120_000)
