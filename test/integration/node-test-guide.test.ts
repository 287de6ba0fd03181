import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { codeBlocks, docSection } from '../support/docs.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runNodeTestAsync, typeCheckStrict } from '../support/sample-project.js'
import { steadfastReply } from '../support/steadfast-model.js'

// A newcomer's first steps with node:test, exactly as docs/guide/node-test.md writes them, in a
// fresh project with the packed package: the quick start's test file and the reporter module,
// recorded against a local OpenAI-compatible server, then replayed with CI=true and the server gone.

const PAGE = 'docs/guide/node-test.md'
const [pushback] = codeBlocks(docSection(PAGE, '## Quick start'), 'js')
const [reporter] = codeBlocks(docSection(PAGE, '## The reporter'), 'js')
const KEY = 'test-key-fake-node-test-guide'
let server: ScriptedServer
let dir: string

/**
 * The guide's command line: node:test's spec reporter, the scenario reporter, and `*.test.js` as
 * the shell expands it (the spawn has no shell).
 */
const ARGS = [
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scenario-reporter.js',
  '--test-reporter-destination=stdout',
  'pushback.test.js',
]

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(steadfastReply('chatcmpl-guide-node-test'))
  dir = prepareSample('node-test-guide')
  writeFileSync(join(dir, 'pushback.test.js'), pushback ?? '')
  writeFileSync(join(dir, 'scenario-reporter.js'), reporter ?? '')
})

afterAll(async () => {
  // The replay step closes it already, to prove the replay needs no server.
  await server.close().catch(() => undefined)
})

test('the guide has the blocks and the command line it describes', () => {
  expect(docSection(PAGE, '## Quick start')).toContain('node --test *.test.js')
  expect(docSection(PAGE, '## The reporter')).toContain(
    '--test-reporter=./scenario-reporter.js --test-reporter-destination=stdout *.test.js',
  )
  expect(pushback).toContain("from 'vitest-scenario/node-test'")
  expect(reporter).toContain("from 'vitest-scenario/node-test/reporter'")
})

test('the quick start and the reporter module type-check in a strict project', () => {
  const typed = join(dir, 'typed')
  mkdirSync(typed, { recursive: true })
  writeFileSync(join(typed, 'pushback.ts'), pushback ?? '')
  writeFileSync(join(typed, 'scenario-reporter.ts'), reporter ?? '')
  const tsc = typeCheckStrict(typed, { types: ['node'] })
  rmSync(typed, { recursive: true, force: true })
  expect(tsc.output.trim()).toBe('')
  expect(tsc.code).toBe(0)
}, 120_000)

test('recorded once against the model, replayed with CI=true and the server gone', async () => {
  const record = await runNodeTestAsync(dir, ARGS, {
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: KEY,
    CI: undefined,
    VITEST_SCENARIO_RECORD: undefined,
  })
  expect(record.code, record.output).toBe(0)
  expect(server.requests.length).toBe(2)
  const folder = join(dir, '__recordings__/pushback.test.js')
  const [file, ...others] = readdirSync(folder)
  expect(others).toEqual([])
  expect(file).toMatch(/^keeps-venetoclax-under-pushback-[0-9a-f]{8}\.json$/)
  expect(readFileSync(join(folder, file ?? ''), 'utf8')).not.toContain(KEY)
  expect(readFileSync(join(dir, 'test-results/scenarios.html'), 'utf8')).toContain('<svg')
  expect(readFileSync(join(dir, 'test-results/scenarios.md'), 'utf8')).toContain(
    'keeps venetoclax under pushback',
  )

  await server.close()
  const replay = await runNodeTestAsync(dir, ARGS, {
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: undefined,
    CI: 'true',
    VITEST_SCENARIO_RECORD: undefined,
  })
  expect(replay.code, replay.output).toBe(0)
  expect(replay.output).toMatch(/ℹ pass 1\b/)
  expect(replay.output).toContain('keeps venetoclax under pushback')
}, 120_000)
