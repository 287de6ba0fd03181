import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { playAirline } from '../openai-agents/airline.js'
import { transcriptOf } from '../openai-agents/support.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { type ReceivedRequest, startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import {
  prepareSample,
  projectFiles,
  runVitestAsync,
  typeCheckStrict,
} from '../support/sample-project.js'

// The Agents SDK's customer-service shape tested as a user writes it
// (test/projects/agents-customer-service): the app's Runner and one run context over three turns
// of openAIAgent, where triage hands off once and the seat booking agent continues; and an input
// guardrail whose guardrail agent calls the global run(). Recorded against the scripted server
// (the Responses API), then replayed in CI with the server stopped and no key.

const KEY = 'test-key-fake-customer-service'
let server: ScriptedServer | undefined
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(playAirline)
  dir = prepareSample('agents-customer-service')
})

afterAll(async () => {
  await server?.close()
})

const recordings = () =>
  new Map([...projectFiles(dir)].filter(([name]) => name.startsWith('__recordings__/')))

/** The models of a recording's calls, in order. */
function models(fileIncludes: string): string[] {
  const found = [...recordings()].find(([name]) => name.includes(fileIncludes))
  return parseRecording(found?.[1] ?? '', fileIncludes).interactions.map(
    (i) => `${i.request.path} ${(i.request.body as { model: string }).model}`,
  )
}

const record = (file: string) =>
  runVitestAsync(dir, ['--update=new', file], {
    CI: '',
    SCENARIO_BASE_URL: server?.baseURL,
    OPENAI_API_KEY: KEY,
  })

const CONTINUED =
  '[sample] customer-service agents=Triage Agent>Seat Booking Agent|Seat Booking Agent|Seat Booking Agent context={"confirmationNumber":"ABC123","seatNumber":"14C"}'

describe('the customer-service shape: recorded, then replayed', () => {
  test('the sample type-checks strictly, as a user would compile it', () => {
    const tsc = typeCheckStrict(dir, { types: ['node'] })
    expect(tsc.output.trim()).toBe('')
    expect(tsc.code).toBe(0)
  }, 120_000)

  test('three turns: the server sees one handoff, turns 2 and 3 start at the seat booking agent', async () => {
    const run = await record('customer-service.test.ts')
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain(`${CONTINUED} replayed=false`)
    const asked = (server?.requests ?? []).map((r) => (r.body as { model: string }).model)
    expect(asked).toEqual(['triage-model', 'seat-model', 'seat-model', 'seat-model', 'seat-model'])
    const handoffs = transcriptOf(server?.requests.at(-1)?.body).filter((line) =>
      line.includes(' transfer_to_'),
    )
    expect(handoffs).toEqual(['call call_seats transfer_to_Seat_Booking_Agent {}'])
    expect(models('/customer-service.test.ts/')).toEqual(
      ['triage-model', 'seat-model', 'seat-model', 'seat-model', 'seat-model'].map(
        (m) => `/responses ${m}`,
      ),
    )
  }, 120_000)

  test("the guardrail agent's run() call is recorded with the test, through the SDK's default client", async () => {
    server?.reset()
    server?.setDefaultReply(playAirline)
    const run = await record('guardrail.test.ts')
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain(
      '[sample] guardrail tripped=Math Homework Guardrail next=Seat Booking Agent replayed=false',
    )
    // Turn 1: the guardrail agent only (blocking guardrail); turn 2: guardrail, triage, seats.
    expect(models('/guardrail.test.ts/')).toEqual(
      ['guardrail-model', 'guardrail-model', 'triage-model', 'seat-model'].map(
        (m) => `/responses ${m}`,
      ),
    )
    for (const [file, content] of projectFiles(dir)) expect(content, file).not.toContain(KEY)
  }, 120_000)

  test('CI replays both with the server stopped and no key', async () => {
    await server?.close()
    server = undefined
    const before = recordings()
    const run = await runVitestAsync(dir, [], {
      CI: 'true',
      SCENARIO_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain(`${CONTINUED} replayed=true`)
    expect(run.output).toContain(
      '[sample] guardrail tripped=Math Homework Guardrail next=Seat Booking Agent replayed=true',
    )
    expect(recordings()).toEqual(before)
  }, 120_000)
})

/** The guide's models, as the airline's scripted model names them. */
const GUIDE_MODELS: Record<string, string> = {
  'gpt-4.1-mini': 'triage-model',
  'gpt-4.1': 'seat-model',
  'gpt-4.1-nano': 'guardrail-model',
}

/** The airline's model behind the guide's model names. */
function playGuide(request: ReceivedRequest) {
  const body = request.body as { model: string }
  return playAirline({
    ...request,
    body: { ...body, model: GUIDE_MODELS[body.model] ?? body.model },
  })
}

describe('the "Multi-agent apps" guide, as written', () => {
  const [testFile = '', setupFile = ''] = codeBlocks(
    docSection('docs/guide/multi-agent.md', '## Triage, handoff, specialist'),
    'ts',
  )
  let guideDir: string

  beforeAll(() => {
    guideDir = prepareSample('multi-agent-guide')
    writeFileSync(join(guideDir, 'support-desk.test.ts'), testFile)
    writeFileSync(join(guideDir, 'setup.ts'), setupFile)
  })

  test('the blocks are the test file and the setup file, and they type-check strictly', () => {
    expect(testFile).toContain('openAIAgent(triage, { runner, context })')
    expect(setupFile).toContain('setDefaultOpenAIClient(wrap(new OpenAI(')
    const tsc = typeCheckStrict(guideDir, { types: ['node'] })
    expect(tsc.output.trim()).toBe('')
    expect(tsc.code).toBe(0)
  }, 120_000)

  test('recorded against the scripted server, then replayed in CI with it stopped and no key', async () => {
    const local = await startOpenAIServer({ created: 1_700_000_000 })
    local.setDefaultReply(playGuide)
    try {
      const recording = await runVitestAsync(guideDir, ['--update=new'], {
        CI: '',
        OPENAI_BASE_URL: local.baseURL,
        OPENAI_API_KEY: KEY,
      })
      expect(recording.code, recording.output).toBe(0)
      expect(recording.output).toMatch(/Tests\s+2 passed \(2\)/)
      // One handoff over the three turns; the guardrail agent's calls reach the server too.
      const models = local.requests.map((r) => (r.body as { model: string }).model)
      expect(models.filter((m) => m === 'gpt-4.1-nano')).toHaveLength(2)
    } finally {
      await local.close()
    }
    const replay = await runVitestAsync(guideDir, [], {
      CI: 'true',
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    })
    expect(replay.code, replay.output).toBe(0)
    expect(replay.output).toMatch(/Tests\s+2 passed \(2\)/)
  }, 120_000)
})
