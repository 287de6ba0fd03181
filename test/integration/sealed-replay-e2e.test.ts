import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import {
  prepareSample,
  projectFiles,
  runJestAsync,
  runVitestAsync,
} from '../support/sample-project.js'

// The sealed replay (test/projects/sealed-replay), run with a real `vitest` process: an OpenAI
// Agents SDK agent whose own calls go through a wrap()ped client, with an input guardrail that runs
// its own agent on the SDK's default client, which nothing wraps. That client is pointed at
// https://api.openai.com/v1, and the seal refuses the request before any connection: in CI with
// `network_blocked`, while recording with `unrecorded_call`. Nothing but 127.0.0.1 is contacted.
// The other file makes requests an app makes without a recording (a client built at the top of
// the file, a captured `fetch`, global `fetch`, `node:http`/`node:https`) and swallows the errors.

const KEY = 'test-key-fake-sealed-replay'
/** The default client's URL: never contacted, the seal refuses first. */
const DEFAULT_CLIENT = { OPENAI_BASE_URL: 'https://api.openai.com/v1', OPENAI_API_KEY: KEY }
const GUARDRAIL_CALL = 'POST https://api.openai.com/v1/responses'
const TEST = 'a guarded support agent answers a billing question'

let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(() => ({ content: 'You were charged twice; the refund is on its way.' }))
  dir = prepareSample('sealed-replay')
})

afterAll(async () => {
  await server.close()
})

const recordings = () =>
  new Map([...projectFiles(dir)].filter(([name]) => name.startsWith('__recordings__/')))

const ci = (args: string[], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, args, { CI: 'true', SCENARIO_BASE_URL: undefined, ...DEFAULT_CLIENT, ...env })

const record = (args: string[], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, ['--update=new', ...args], {
    CI: '',
    SCENARIO_BASE_URL: server.baseURL,
    ...DEFAULT_CLIENT,
    ...env,
  })

/** The verbose reporter's line for a test: `✓` or `×`, file and name. */
const line = (mark: '✓' | '×', file: string, name: string) =>
  new RegExp(`^ +${mark} ${file} > ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm')

describe('an Agents SDK input guardrail on the default client', () => {
  test('without the guardrail, the wrapped agent records and replays in CI, nothing refused', async () => {
    const recorded = await record(['guardrail.test.ts'], { SEAL_GUARDRAIL: 'off' })
    expect(recorded.code, recorded.output).toBe(0)
    expect(recordings().size).toBe(1)
    const replayed = await ci(['guardrail.test.ts'], { SEAL_GUARDRAIL: 'off' })
    expect(replayed.code, replayed.output).toBe(0)
    expect(replayed.output).not.toContain('NetworkBlockedError')
  }, 120_000)

  test('in CI its nested run is refused with network_blocked, and the test fails', async () => {
    const before = recordings()
    const requests = server.requests.length
    const run = await ci(['guardrail.test.ts'])
    expect(run.code, run.output).toBe(1)
    expect(run.output).toMatch(line('×', 'guardrail.test.ts', TEST))
    // The app (the adapter) took the guardrail's failure as an error turn: only the seal fails it.
    expect(run.output).toContain('[sample] status=error')
    expect(run.output).toContain(
      `NetworkBlockedError: [vitest-scenario] Network request refused in replay mode: no recording answers ${GUARDRAIL_CALL}, and its host is not in allowNetwork`,
    )
    expect(run.output).toContain(`  - request: ${GUARDRAIL_CALL}`)
    expect(run.output).toContain(`  - test: ${TEST}`)
    expect(run.output).toContain('setDefaultOpenAIClient(wrap(new OpenAI()))')
    expect(run.output).toContain(
      "add it to allowNetwork (scenarioPlugin({ allowNetwork }) in vitest.config.ts); allowed now: 'localhost', '127.0.0.0/8', '::1'.",
    )
    expect(run.output).toContain(
      'Docs: node_modules/vitest-scenario/docs/reference/errors.md#network_blocked',
    )
    // The wrapped agent was not even asked (the guardrail runs first), and nothing was missed.
    expect(run.output).not.toContain('RecordingMissingError')
    expect(server.requests.length).toBe(requests)
    expect(recordings()).toEqual(before)
  }, 120_000)

  test('while recording it is caught with unrecorded_call, before it is paid for', async () => {
    const before = recordings()
    const run = await record(['guardrail.test.ts'])
    expect(run.code, run.output).toBe(1)
    expect(run.output).toMatch(line('×', 'guardrail.test.ts', TEST))
    expect(run.output).toContain(
      `UnrecordedCallError: [vitest-scenario] Unrecorded model call refused while recording (mode: new): ${GUARDRAIL_CALL} went past the test's recording, so CI would block it`,
    )
    expect(run.output).toContain('wrap(client)')
    expect(run.output).toContain(
      'Docs: node_modules/vitest-scenario/docs/reference/errors.md#unrecorded_call',
    )
    expect(recordings()).toEqual(before)
  }, 120_000)
})

describe('requests no recording answers, swallowed by the app', () => {
  let output = ''
  let code: number | null = null

  beforeAll(async () => {
    const run = await ci(['unwrapped.test.ts'])
    output = run.output
    code = run.code
  }, 120_000)

  test('each fails its test with network_blocked, naming the request and the test', () => {
    expect(code, output).toBe(1)
    const refused: [string, string][] = [
      ['a client built at the top of the file', 'POST https://api.openai.com/v1/chat/completions'],
      ['the fetch captured before the test', 'GET https://api.example.com/v1/weather'],
      ['global fetch', 'GET https://api.example.com/v1/forecast?api_key=[secret]'],
      ['node:http get and node:https request', 'GET http://api.example.com/status'],
      ['node:http get and node:https request', 'POST https://api.example.com/v1/secret-area'],
      ['node:http get and node:https request', 'GET http://api.example.com/named'],
    ]
    for (const [name, request] of refused) {
      expect(output).toMatch(line('×', 'unwrapped.test.ts', name))
      expect(output).toContain(`  - request: ${request}\n  - test: ${name}\n`)
    }
  })

  test('the caller gets the error (fetch: itself or as the cause of its TypeError)', () => {
    expect(output).toContain('[sample] fetch patched in a test: true')
    // openai's APIConnectionError, whose cause is fetch's TypeError, whose cause is the refusal.
    expect(output).toContain(
      '[sample] captured fetch: TypeError  cause=NetworkBlockedError network_blocked',
    )
    expect(output).toContain('[sample] global fetch: NetworkBlockedError network_blocked')
    expect(output).toContain('[sample] http.get: NetworkBlockedError network_blocked')
    expect(output).toContain('[sample] https.request: NetworkBlockedError network_blocked')
    expect(output).toContain('[sample] named request: NetworkBlockedError network_blocked')
  })

  test('credentials in the URL are never printed', () => {
    expect(output).not.toContain('abc123')
    expect(output).not.toContain('hunter2pass')
  })

  test('a loopback server keeps working, and the seal is lifted after the tests', () => {
    expect(output).toMatch(line('✓', 'unwrapped.test.ts', 'a loopback server keeps working'))
    expect(output).toContain('[sample] loopback: pong sent')
    expect(output).toContain('[sample] after the tests: fetch=true request=true dispatcher=true')
  })

  test('allowNetwork replaces the loopback default: listed hosts pass, others are refused', async () => {
    const run = await ci(['unwrapped.test.ts', '-t', 'allowNetwork'], {
      SEAL_ALLOW_NETWORK: '127.0.0.1',
    })
    expect(run.code, run.output).toBe(1)
    expect(run.output).toContain('[sample] allowed: pong')
    expect(run.output).toContain('[sample] not allowed: NetworkBlockedError network_blocked')
    expect(run.output).toMatch(
      / {2}- request: GET http:\/\/127\.0\.0\.2:\d+\/ping\n {2}- test: allowNetwork\n/,
    )
    expect(run.output).toContain("allowed now: '127.0.0.1'.")
  }, 120_000)
})

describe('under Jest', () => {
  let jestDir: string

  beforeAll(() => {
    jestDir = prepareSample('jest-sealed')
  })

  test('with --ci an unwrapped client and node:http fail their tests with network_blocked; loopback works', async () => {
    const run = await runJestAsync(jestDir, ['--ci', 'sealed.test.ts'], { CI: 'true' })
    expect(run.code, run.output).toBe(1)
    expect(run.output).toMatch(/✕ a client built at the top of the file/)
    expect(run.output).toMatch(/✕ node:http to a host that is not allowed/)
    expect(run.output).toMatch(/✓ a loopback server keeps working/)
    expect(run.output).toContain('- request: POST https://api.openai.com/v1/chat/completions')
    expect(run.output).toContain('- request: GET http://api.example.com/status')
    expect(run.output).toContain('[sample] http.get: NetworkBlockedError')
    expect(run.output).toContain(
      'add it to allowNetwork (withScenario(jestConfig, { allowNetwork }) in jest.config.js)',
    )
  }, 120_000)

  test('while recording, the model call is refused with unrecorded_call', async () => {
    const run = await runJestAsync(
      jestDir,
      ['--ci=false', 'sealed.test.ts', '-t', 'top of the file'],
      { CI: '' },
    )
    expect(run.code, run.output).toBe(1)
    expect(run.output).toContain(
      'UnrecordedCallError: [vitest-scenario] Unrecorded model call refused while recording (mode: new): POST https://api.openai.com/v1/chat/completions',
    )
  }, 120_000)

  test('allowNetwork from withScenario replaces the default', async () => {
    const run = await runJestAsync(jestDir, ['--ci', 'sealed.test.ts', '-t', 'loopback'], {
      CI: 'true',
      SEAL_ALLOW_NETWORK: 'auth.example.com',
    })
    expect(run.code, run.output).toBe(1)
    expect(run.output).toMatch(/- request: GET http:\/\/127\.0\.0\.1:\d+\/ping/)
    expect(run.output).toContain("allowed now: 'auth.example.com'.")
  }, 120_000)
})
