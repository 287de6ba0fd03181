import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type {
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from '../support/openai-server/types.js'
import { resultsDir } from '../support/paths.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// The promise: no secret reaches a file a user may commit or publish, nor the terminal. A spawned
// `vitest` run of test/projects/reliability-secrets meets canary secrets of every kind, in model
// answers, an echoed error body and a query string; afterwards no file under the project and no
// line of the captured output holds any of them.
const CANARY = {
  // A key given as `apiKey` in a model config, from a variable whose name says nothing.
  live: 'lk-8c1e4f7a2b9d6053e1a4c7f0b3d6e9a2',
  // The API key from OPENAI_API_KEY (a secret-named variable).
  apiKey: 'sk-canary-apikey-0123456789abcdefABCDEF',
  // The value of a secret-named variable.
  env: 'pw-canary-env-5b8e1d4a7c0f3b6e',
  bearer: 'Bearer cnry0bearer1token2abcdefghijklmnop',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjYW5hcnkxMjM0In0.c2lnbmF0dXJlY2FuYXJ5MTIz',
  // A credential query parameter.
  query: 'qk-canary-query-7d2f9a4c1e8b5063',
  // The password in a model base URL's user-info (the port is closed; the call fails).
  urlPassword: 'hunter2pass',
}
// What must not appear: each canary, and the distinctive part of each (a partly masked key leaks too).
// A clipped copy leaks as well as a whole one: the first 12 characters of each count as found.
const needles = Object.values(CANARY).flatMap((canary) => {
  const secret = canary.replace(/^Bearer /, '')
  return [canary, secret.slice(0, 12), secret.slice(-12)]
})

let server: ScriptedServer
let dir: string
let output = ''
let code: number | null = null

function reply(request: ReceivedRequest): ScriptedReply {
  const messages = (request.body as { messages?: { role: string; content: string }[] }).messages
  const question = messages?.at(-1)?.content ?? ''
  switch (question) {
    case 'say:live-key':
      return { content: `Your key is ${CANARY.live}.` }
    case 'say:env-bearer-jwt':
      return {
        content: `Password ${CANARY.env}; header Authorization: ${CANARY.bearer}; token ${CANARY.jwt}`,
      }
    case 'say:error-401':
      return { status: 401, message: `Incorrect API key provided: ${CANARY.apiKey}.` }
    case 'say:tenant-and-escapes':
      return {
        content:
          'Tenant tenant-123456 \u001b]0;pwned\u0007title \u001b[2Jclear \u001b]8;;http://evil.test\u0007link\u001b]8;;\u0007 nul\u0000 bidi\u202eevil',
      }
    default:
      return { content: 'Hello.' }
  }
}

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(reply)
  dir = prepareSample('reliability-secrets')
  const run = await runVitestAsync(
    dir,
    ['--update=new'],
    {
      CI: '',
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: CANARY.apiKey,
      SCENARIO_DB_PASSWORD: CANARY.env,
      SCENARIO_LIVE_CREDENTIAL: CANARY.live,
      SCENARIO_QUERY_CREDENTIAL: CANARY.query,
      SCENARIO_CREDENTIALED_URL: `http://user:${CANARY.urlPassword}@127.0.0.1:9/v1`,
      GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md'),
    },
    { configReporters: true },
  )
  output = run.output
  code = run.code
  writeFileSync(join(resultsDir, 'reliability-secrets-output.txt'), output)
}, 180_000)

afterAll(async () => {
  await server.close()
})

test('the run met every canary: the tests that hold one fail, the others pass', () => {
  expect(code, output).toBe(1)
  expect(server.requests.length).toBeGreaterThanOrEqual(5)
  expect(output).toMatch(/✓ .*credentials in the query string/)
  expect(output).toMatch(/✓ .*redact and escapes reach the snapshot|× .*redact and escapes/)
})

test('no canary in any file the run wrote: recordings, snapshots, reports, step summary, task meta', () => {
  const files = projectFiles(dir)
  const written = [...files.keys()]
  expect(written).toEqual(
    expect.arrayContaining([
      'reports/scenarios.md',
      'reports/scenarios.html',
      'step-summary.md',
      'reports/results.json',
    ]),
  )
  expect(written.some((f) => f.startsWith('__recordings__/'))).toBe(true)
  expect(written.some((f) => f.startsWith('__snapshots__/'))).toBe(true)
  for (const [file, text] of files) {
    for (const needle of needles) {
      expect(text.includes(needle), `${needle} found in ${file}`).toBe(false)
    }
  }
})

test('no canary in what the terminal showed', () => {
  for (const needle of needles) {
    expect(output.includes(needle), `${needle} printed`).toBe(false)
  }
  // What would have shown them is masked instead.
  expect(output).toContain('[secret]')
})

test('committed artifacts refuse a secret, naming the artifact, the path and the rule', () => {
  expect(output).toMatch(
    /Recording not written: the value at interactions\.0\.response\.body\.choices\.0\.message\.content looks like a secret \(the live API key\)/,
  )
  expect(output).toMatch(
    /Conversation snapshot not written: the value at history\.0\.rawResponse looks like a secret/,
  )
  expect(output).toMatch(/snapshot file: __snapshots__\/leaks\.test\.ts\.snap/)
})

test('the redact hook applies to snapshots as to recordings', () => {
  const snapshot = readFileSync(join(dir, '__snapshots__/leaks.test.ts.snap'), 'utf8')
  expect(snapshot).toContain('<tenant>')
  expect(snapshot).not.toContain('tenant-123456')
  const recordings = [...projectFiles(dir)].filter(([f]) => f.startsWith('__recordings__/'))
  const tenant = recordings.find(([, text]) => text.includes('<tenant>'))
  expect(tenant, 'the recording of the tenant test').toBeDefined()
})

test('a password in a base URL is masked where the connection error shows the URL', () => {
  expect(output).toMatch(/× .*a base URL with a password in it/)
  // Shown with the user-info masked: the matcher message, the reports and the step summary.
  const masked = 'http://[secret]@127.0.0.1:9/v1/chat/completions'
  expect(output).toContain(masked)
  const files = projectFiles(dir)
  for (const file of ['reports/scenarios.md', 'reports/scenarios.html', 'reports/results.json']) {
    expect(files.get(file), file).toMatch(/http:\/\/\\?\[secret\\?\]@127\.0\.0\.1:9/)
  }
})

test('credential query parameters stay out of the recording; the others are kept', () => {
  const recording = [...projectFiles(dir)].find(
    ([f]) => f.startsWith('__recordings__/') && f.includes('credentials-in-the-query-string'),
  )
  expect(recording).toBeDefined()
  const parsed = JSON.parse(recording?.[1] ?? '{}')
  expect(parsed.interactions[0].request.query).toBe('api-version=2024-10-21')
})

test('control characters from answers are neither printed raw nor written to reports', () => {
  for (const raw of ['\u001b]0;', '\u001b[2J', '\u001b]8;', '\u0007', '\u0000', '\u202e']) {
    expect(output.includes(raw), `${JSON.stringify(raw)} printed raw`).toBe(false)
  }
  const files = projectFiles(dir)
  for (const file of ['reports/scenarios.md', 'reports/scenarios.html', 'step-summary.md']) {
    const text = files.get(file) ?? ''
    expect(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the test
      /[\u0000-\u0008\u000b-\u001f\u007f\u202e]/.test(text),
      `control character in ${file}`,
    ).toBe(false)
  }
})
