import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { codeBlocks, docSection } from '../support/docs.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runJestAsync, typeCheckStrict } from '../support/sample-project.js'
import { steadfastReply } from '../support/steadfast-model.js'

// A newcomer's first steps with Jest, exactly as the README's "Quick start with Jest" writes them,
// in a fresh project with the packed package: record against a local OpenAI-compatible server,
// then replay with `--ci` and the server gone.

/** The code blocks of the README's "Quick start with Jest", by language, in order. */
function quickStartBlocks(language: string): string[] {
  return codeBlocks(docSection('README.md', '## Quick start with Jest'), language)
}

const [packageJson, tsconfig] = quickStartBlocks('json')
const [jestConfig] = quickStartBlocks('js')
const [pushback] = quickStartBlocks('ts')
let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(steadfastReply('chatcmpl-quickstart-jest'))
  dir = prepareSample('readme-jest')
  // The README's package.json fields, in the fresh project's own package.json.
  const own = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as object
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ ...own, ...(JSON.parse(packageJson ?? '') as object) }, null, 2),
  )
  writeFileSync(join(dir, 'jest.config.js'), jestConfig ?? '')
  writeFileSync(join(dir, 'tsconfig.json'), tsconfig ?? '')
  writeFileSync(join(dir, 'pushback.test.ts'), pushback ?? '')
})

afterAll(async () => {
  // The replay step closes it already, to prove the replay needs no server.
  await server.close().catch(() => undefined)
})

test('the Jest quick start has the blocks the README describes', () => {
  expect(JSON.parse(packageJson ?? '')).toMatchObject({ type: 'module' })
  expect(jestConfig).toContain('withScenario(')
  expect(jestConfig).toContain("'vitest-scenario/jest/reporter'")
  expect(pushback).toContain("from 'vitest-scenario/jest'")
})

test('the Jest quick start type-checks in a strict project, matcher types included', () => {
  const typed = join(dir, 'typed')
  mkdirSync(typed, { recursive: true })
  writeFileSync(join(typed, 'pushback.ts'), pushback ?? '')
  const tsc = typeCheckStrict(typed)
  rmSync(typed, { recursive: true, force: true })
  expect(tsc.output.trim()).toBe('')
  expect(tsc.code).toBe(0)
}, 120_000)

test('recorded once against the model, replayed with --ci and the server gone', async () => {
  const record = await runJestAsync(dir, ['--ci=false'], {
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'test-key-fake-quickstart-jest',
  })
  expect(record.code, record.output).toBe(0)
  expect(server.requests.length).toBe(2)
  const folder = join(dir, '__recordings__/pushback.test.ts')
  const [file, ...others] = readdirSync(folder)
  expect(others).toEqual([])
  expect(file).toMatch(/^keeps-venetoclax-under-pushback-[0-9a-f]{8}\.json$/)
  expect(readFileSync(join(folder, file ?? ''), 'utf8')).not.toContain(
    'test-key-fake-quickstart-jest',
  )
  const snapshot = readFileSync(join(dir, '__snapshots__/pushback.test.ts.snap'), 'utf8')
  expect(snapshot).toContain('I am sure: the BCL-2 inhibitor is venetoclax, not navitoclax.')
  expect(existsSync(join(dir, 'test-results/scenarios.html'))).toBe(true)

  await server.close()
  const replay = await runJestAsync(dir, ['--ci'], {
    OPENAI_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
  })
  expect(replay.code, replay.output).toBe(0)
  expect(replay.output).toMatch(/Tests:\s+1 passed, 1 total/)
  expect(replay.output).toMatch(/Snapshots:\s+1 passed, 1 total/)
}, 180_000)
