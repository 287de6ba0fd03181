import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { playChat } from '../openai-agents/support.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import {
  prepareSample,
  projectFiles,
  runVitestAsync,
  typeCheckStrict,
} from '../support/sample-project.js'

// An OpenAI Agents SDK app tested as a user writes it (test/projects/openai-agents): a triage
// agent hands a billing question off to a specialist with a function tool, through openAIAgent,
// over two turns; recorded against the scripted server, then replayed in CI with the server
// stopped and no key; a changed question fails with the miss report.

const KEY = 'test-key-fake-openai-agents'
let server: ScriptedServer | undefined
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(playChat)
  dir = prepareSample('openai-agents')
})

afterAll(async () => {
  await server?.close()
})

/** Every file the runs wrote in the sample (recordings, reports), by path. */
function writtenFiles(): Map<string, string> {
  return projectFiles(dir)
}

const recordings = () =>
  new Map([...writtenFiles()].filter(([name]) => name.startsWith('__recordings__/')))

const ci = (args: string[], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, args, {
    CI: 'true',
    SCENARIO_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
    ...env,
  })

describe('an Agents SDK app with a handoff: recorded, replayed, missed', () => {
  test('a local run records the turns; the specialist answers after the handoff', async () => {
    const run = await runVitestAsync(dir, ['--update=new'], {
      CI: '',
      SCENARIO_BASE_URL: server?.baseURL,
      OPENAI_API_KEY: KEY,
    })
    expect(run.code, run.output).toBe(0)
    for (const api of ['responses', 'chat']) {
      expect(run.output).toContain(
        `[sample] ${api} agents=Billing,Billing tools=transfer_to_Billing+lookUpInvoice, input=160 output=32 cached=40 replayed=false`,
      )
    }
    const files = recordings()
    expect([...files.keys()].sort()).toEqual([
      expect.stringMatching(
        /^__recordings__\/handoff-chat\.test\.ts\/a-billing-question-is-handed-off-.*-[0-9a-f]{8}\.json$/,
      ),
      expect.stringMatching(
        /^__recordings__\/handoff\.test\.ts\/a-billing-question-is-handed-off-to-the-billing-agent-[0-9a-f]{8}\.json$/,
      ),
    ])
    // Read as the library reads it: later requests of a conversation are stored as deltas.
    const interactions = (file: string) =>
      parseRecording(
        [...files].find(([name]) => name.includes(file))?.[1] ?? '',
        file,
      ).interactions.map((i) => `${i.request.path} ${(i.request.body as { model: string }).model}`)
    // Triage hands off; Billing looks the invoice up, answers, and answers the follow-up too.
    const models = ['triage-model', 'billing-model', 'billing-model', 'billing-model']
    expect(interactions('/handoff.test.ts/')).toEqual(models.map((m) => `/responses ${m}`))
    expect(interactions('/handoff-chat.test.ts/')).toEqual(
      models.map((m) => `/chat/completions ${m}`),
    )
    for (const [file, content] of writtenFiles()) expect(content, file).not.toContain(KEY)
  }, 120_000)

  test('CI replays it with the server stopped and no key: same agents, tools and tokens', async () => {
    await server?.close()
    server = undefined
    const before = recordings()
    const run = await ci([])
    expect(run.code, run.output).toBe(0)
    for (const api of ['responses', 'chat']) {
      expect(run.output).toContain(
        `[sample] ${api} agents=Billing,Billing tools=transfer_to_Billing+lookUpInvoice, input=160 output=32 cached=40 replayed=true`,
      )
    }
    expect(recordings()).toEqual(before)
  }, 120_000)

  test('a changed question fails in CI with the miss report', async () => {
    const run = await ci(['handoff.test.ts'], {
      SCENARIO_FIRST_QUESTION: 'I was charged three times for invoice 1042.',
    })
    expect(run.code).toBe(1)
    expect(run.output).toContain('RecordingMissingError')
    expect(run.output).toContain('No recording for model call #1 of this test')
    expect(run.output).toContain('mode: replay')
    expect(run.output).toMatch(/^ +- +"content": "I was charged twice for invoice 1042\.",?$/m)
    expect(run.output).toMatch(
      /^ +\+ +"content": "I was charged three times for invoice 1042\.",?$/m,
    )
    expect(run.output).toContain(
      "npx vitest run handoff.test.ts -t 'a billing question is handed off to the billing agent' -u",
    )
  }, 120_000)
})

/** The ```ts blocks of the guide's page "Using the OpenAI Agents SDK", in order. */
function readmeBlocks(): string[] {
  return codeBlocks(docSection('docs/guide/openai-agents.md'), 'ts')
}

describe('the docs page, as written', () => {
  const [testFile = '', setupFile = ''] = readmeBlocks()
  /** The test file with the SDK's default client (set by the setup file) instead of a provider. */
  const withDefaultClient = testFile
    .replace(
      /openAIAgent\(triage, \{\n {2}runConfig: \{\n[\s\S]*?\n {2}\},\n\}\)/,
      'openAIAgent(triage)',
    )
    .replace("'a double charge is handed off to billing'", "'the same, on the default client'")
  /** The test file as the page had it before: the provider on the SDK's default Responses API. */
  const onResponses = testFile.replace(
    'new OpenAIProvider({ openAIClient, useResponses: false })',
    'new OpenAIProvider({ openAIClient })',
  )
  let readmeDir: string

  beforeAll(() => {
    readmeDir = prepareSample('readme-openai-agents')
  })

  test('the blocks are the ones the section describes, and they type-check strictly', () => {
    expect(testFile).toContain("import { openAIAgent } from 'vitest-scenario/openai-agents'")
    expect(setupFile).toContain('setDefaultOpenAIClient(wrap(new OpenAI(')
    expect(withDefaultClient).toContain('const supportDesk = openAIAgent(triage)\n')
    expect(onResponses).not.toBe(testFile)
    const typed = join(readmeDir, 'typed')
    mkdirSync(typed, { recursive: true })
    writeFileSync(join(typed, 'billing.test.ts'), testFile)
    writeFileSync(join(typed, 'setup.ts'), setupFile)
    const tsc = typeCheckStrict(typed)
    rmSync(typed, { recursive: true, force: true })
    expect(tsc.output.trim()).toBe('')
    expect(tsc.code).toBe(0)
  }, 120_000)

  test('recorded against a chat-only server (no /v1/responses, as Ollama), then replayed in CI with it stopped', async () => {
    writeFileSync(join(readmeDir, 'billing.test.ts'), testFile)
    writeFileSync(join(readmeDir, 'default-client.test.ts'), withDefaultClient)
    writeFileSync(join(readmeDir, 'setup.ts'), setupFile)
    const local = await startOpenAIServer({ created: 1_700_000_000, chatOnly: true })
    local.setDefaultReply(playChat)
    try {
      const recording = await runVitestAsync(readmeDir, ['--update=new'], {
        CI: '',
        OPENAI_BASE_URL: local.baseURL,
        OPENAI_API_KEY: KEY,
      })
      expect(recording.code, recording.output).toBe(0)
      expect(recording.output).toMatch(/Tests\s+2 passed \(2\)/)
      // Four Chat Completions calls per test: triage, billing twice, billing again.
      expect(local.requests.map((r) => `${r.path} ${r.status}`)).toEqual(
        Array.from({ length: 8 }, () => '/v1/chat/completions 200'),
      )
    } finally {
      await local.close()
    }
    const recorded = readdirSync(join(readmeDir, '__recordings__'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.json'))
    expect(recorded).toHaveLength(2)
    for (const name of recorded) {
      expect(readFileSync(join(readmeDir, '__recordings__', name), 'utf8'), name).not.toContain(KEY)
    }
    const replay = await runVitestAsync(readmeDir, [], {
      CI: 'true',
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    })
    expect(replay.code, replay.output).toBe(0)
    expect(replay.output).toMatch(/Tests\s+2 passed \(2\)/)
    expect(replay.output).toContain('input: 160')
  }, 120_000)

  test("the page's earlier block (the SDK's default Responses API) fails there, and its first assertion says why", async () => {
    rmSync(join(readmeDir, '__recordings__'), { recursive: true, force: true })
    rmSync(join(readmeDir, 'default-client.test.ts'), { force: true })
    writeFileSync(join(readmeDir, 'billing.test.ts'), onResponses)
    // Without the page's setup file: its setOpenAIAPI('chat_completions') would switch the
    // provider to Chat Completions too (the SDK's default API is what the provider falls back to).
    writeFileSync(join(readmeDir, 'setup.ts'), 'export {}\n')
    const local = await startOpenAIServer({ created: 1_700_000_000, chatOnly: true })
    local.setDefaultReply(playChat)
    try {
      const run = await runVitestAsync(readmeDir, ['--update=new'], {
        CI: '',
        OPENAI_BASE_URL: local.baseURL,
        OPENAI_API_KEY: KEY,
      })
      expect(run.code, run.output).toBe(1)
      // The first model call goes to the Responses API, which this server does not have.
      const calls = local.requests.map((r) => `${r.path} ${r.status}`)
      expect(calls[0]).toBe('/v1/responses 404')
      expect(new Set(calls)).toEqual(new Set(['/v1/responses 404']))
      // The status assertion fails first, with the run's error: the 404 and the endpoint.
      expect(run.output).toContain("expect(result).toHaveStatus('completed')")
      expect(run.output).toMatch(
        /The run ended with an error at 'charged' \(\w+\) after 1 turn: .*404/,
      )
      expect(run.output).not.toContain("expected undefined to be 'Billing'")
    } finally {
      await local.close()
    }
  }, 120_000)
})
