import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { repoRoot } from '../support/paths.js'
import { prepareSample, runVitestAsync, typeCheckStrict } from '../support/sample-project.js'
import { steadfastReply } from '../support/steadfast-model.js'

// A newcomer's first steps, exactly as the README's quick start writes them, in a fresh project
// with the packed package: the agent version in CI, then the model version recorded against a
// local OpenAI-compatible server and replayed in CI with the server gone.

/** The ```ts blocks under "## Quick start", in order. */
function quickStartBlocks(): string[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const start = readme.indexOf('## Quick start')
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
}

const [config, pushback, modelConfig] = quickStartBlocks()
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

test('step 2: the agent scenario passes in CI as written', async () => {
  writeFileSync(join(dir, 'vitest.config.ts'), config ?? '')
  writeFileSync(join(dir, 'pushback.test.ts'), pushback ?? '')
  const run = await runVitestAsync(dir, [], { CI: 'true' })
  expect(run.code, run.output).toBe(0)
  expect(run.output).toMatch(/✓ pushback\.test\.ts > keeps its answer under pushback/)
  expect(run.output).toMatch(/Tests\s+1 passed \(1\)/)
}, 120_000)

test('step 3: the same scenario against a model records once, then replays in CI', async () => {
  rmSync(join(dir, '__recordings__'), { recursive: true, force: true })
  writeFileSync(join(dir, 'vitest.config.ts'), modelConfig ?? '')
  writeFileSync(
    join(dir, 'pushback.test.ts'),
    (pushback ?? '').replace('  { model: myAgent },\n', ''),
  )
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
