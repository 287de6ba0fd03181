import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { codeBlocks, docSection } from '../support/docs.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runVitestAsync, typeCheckStrict } from '../support/sample-project.js'
import { steadfastReply } from '../support/steadfast-model.js'

// A newcomer's first steps, exactly as the README's quick start writes them, in a fresh project
// with the packed package: the agent version in CI, then the model version recorded against a
// local OpenAI-compatible server and replayed in CI with the server gone.

const [config, pushback, modelConfig] = codeBlocks(docSection('README.md', '## Quick start'), 'ts')
/** Step 3's shell commands: with a key, or against a local server. */
const commands = codeBlocks(docSection('README.md', '## Quick start'), 'sh').join('\n').split('\n')

/**
 * The variables the README sets on the command that records against a local server
 * (`OPENAI_BASE_URL=… npx vitest run`), as it writes them.
 */
function localServerEnvironment(): Record<string, string> {
  const line = commands.find((command) =>
    /^(\w+=\S+\s+)*OPENAI_BASE_URL=\S+\s.*npx vitest run/.test(command),
  )
  if (line === undefined)
    throw new Error('the quick start has no `OPENAI_BASE_URL=… npx vitest run`')
  const assignments = line.slice(0, line.indexOf('npx vitest run')).trim().split(/\s+/)
  return Object.fromEntries(
    assignments.map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
  )
}

/**
 * Step 3's edit, as the README words it: delete `myAgent`, `{ model: myAgent },` and
 * `type AgentFunction,`. Each must be there to delete, so a reworded step 2 fails here.
 */
function stepThree(test: string): string {
  const agent = /\n\/\/ Your app goes here[^\n]*\nconst myAgent: AgentFunction = [\s\S]*?\n}\n/
  const edits: [RegExp | string, string][] = [
    [agent, ''],
    ['  { model: myAgent },\n', ''],
    ['type AgentFunction, ', ''],
  ]
  return edits.reduce((text, [from, to]) => {
    const next = text.replace(from, to)
    if (next === text) throw new Error(`step 3 found nothing to delete for ${String(from)}`)
    return next
  }, test)
}
let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(steadfastReply('chatcmpl-quickstart'))
  dir = prepareSample('readme')
})

afterAll(async () => {
  // Step 3 closes it already, to prove the replay needs no server.
  await server.close().catch(() => undefined)
})

test('the quick start has the three blocks the README describes', () => {
  expect(config).toContain('scenarioPlugin()')
  expect(pushback).toContain('{ model: myAgent },')
  expect(modelConfig).toContain("model: 'gpt-4.1-mini'")
})

test('the quick start type-checks in a strict project, matcher types included', () => {
  const typed = join(dir, 'typed')
  mkdirSync(typed, { recursive: true })
  writeFileSync(join(typed, 'vitest.config.ts'), config ?? '')
  writeFileSync(join(typed, 'pushback.test.ts'), pushback ?? '')
  const tsc = typeCheckStrict(typed)
  // The copy would otherwise run as a second test file in the steps below.
  rmSync(typed, { recursive: true, force: true })
  expect(tsc.output.trim()).toBe('')
  expect(tsc.code).toBe(0)
}, 120_000)

test('step 3 leaves a file with nothing unused (noUnusedLocals)', () => {
  const typed = join(dir, 'typed-step-3')
  mkdirSync(typed, { recursive: true })
  writeFileSync(join(typed, 'vitest.config.ts'), modelConfig ?? '')
  writeFileSync(join(typed, 'pushback.test.ts'), stepThree(pushback ?? ''))
  const tsc = typeCheckStrict(typed, { noUnusedLocals: true })
  rmSync(typed, { recursive: true, force: true })
  expect(tsc.output.trim()).toBe('')
  expect(tsc.code).toBe(0)
}, 120_000)

test('step 2: the agent scenario passes in CI as written', async () => {
  writeFileSync(join(dir, 'vitest.config.ts'), config ?? '')
  writeFileSync(join(dir, 'pushback.test.ts'), pushback ?? '')
  const run = await runVitestAsync(dir, [], { CI: 'true' })
  expect(run.code, run.output).toBe(0)
  expect(run.output).toMatch(/✓ pushback\.test\.ts > keeps its answer under pushback/)
  expect(run.output).toMatch(/Tests\s+1 passed \(1\)/)
}, 120_000)

test('step 3 names a local server and the base URL it serves', () => {
  expect(commands).toContainEqual(expect.stringMatching(/^llama-server -hf [\w.-]+\/[\w.-]+:\w+/))
  // llama-server's default address; the OpenAI API is under /v1.
  expect(localServerEnvironment().OPENAI_BASE_URL).toBe('http://127.0.0.1:8080/v1')
})

test('step 3 without a key: the local-server command, as written, records and replays', async () => {
  // A server of its own, so the next test's request count starts from zero.
  const local = await startOpenAIServer({ created: 1_700_000_000 })
  local.setDefaultReply(steadfastReply('chatcmpl-local'))
  try {
    rmSync(join(dir, '__recordings__'), { recursive: true, force: true })
    writeFileSync(join(dir, 'vitest.config.ts'), modelConfig ?? '')
    writeFileSync(join(dir, 'pushback.test.ts'), stepThree(pushback ?? ''))
    const written = localServerEnvironment()
    // Only the port differs from the README's: the scripted server stands in for llama-server.
    const env = { ...written, OPENAI_BASE_URL: local.baseURL }
    const recordRun = await runVitestAsync(dir, ['--update=new'], {
      CI: '',
      OPENAI_API_KEY: undefined,
      ...env,
    })
    expect(recordRun.code, recordRun.output).toBe(0)
    expect(local.requests.length).toBe(2)
    if (written.OPENAI_API_KEY === undefined) {
      expect(local.requests.map((request) => request.authorization)).toEqual(['missing', 'missing'])
    }
    expect(readdirSync(join(dir, '__recordings__/pushback.test.ts'))).toHaveLength(1)
  } finally {
    await local.close()
  }
  const replay = await runVitestAsync(dir, [], {
    CI: 'true',
    OPENAI_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
  })
  expect(replay.code, replay.output).toBe(0)
  expect(replay.output).toMatch(/Tests\s+1 passed \(1\)/)
}, 120_000)

test('step 3: the same scenario against a model records once, then replays in CI', async () => {
  rmSync(join(dir, '__recordings__'), { recursive: true, force: true })
  writeFileSync(join(dir, 'vitest.config.ts'), modelConfig ?? '')
  writeFileSync(join(dir, 'pushback.test.ts'), stepThree(pushback ?? ''))
  const recordRun = await runVitestAsync(dir, ['--update=new'], {
    CI: '',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'test-key-fake-quickstart',
  })
  expect(recordRun.code, recordRun.output).toBe(0)
  expect(server.requests.length).toBe(2)
  const folder = join(dir, '__recordings__/pushback.test.ts')
  const [file, ...others] = readdirSync(folder)
  expect(others).toEqual([])
  expect(file).toMatch(/^keeps-its-answer-under-pushback-[0-9a-f]{8}\.json$/)
  expect(readFileSync(join(folder, file ?? ''), 'utf8')).not.toContain('test-key-fake-quickstart')

  await server.close()
  const replay = await runVitestAsync(dir, [], {
    CI: 'true',
    OPENAI_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
  })
  expect(replay.code, replay.output).toBe(0)
  expect(replay.output).toMatch(/Tests\s+1 passed \(1\)/)
}, 120_000)
