import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { allDocBlocks, type Block, blockId, isCompleteTestFile } from '../support/doc-blocks.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { playDocsModels } from '../support/docs-models.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { repoRoot } from '../support/paths.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// Every ```ts block of the README and docs/ that is a complete test file (test/support/
// doc-blocks.ts, `isCompleteTestFile`) is run for real: by the test that names it below, or here.
// Here, each is a test file of one fresh project with the packed package and the README quick
// start's model config, recorded against the scripted OpenAI-compatible server
// (test/support/docs-models.ts answers), then replayed in CI with the server closed and no key.
// A block known to fail in CI is listed in KNOWN_BROKEN with why, and its failure is checked, so
// fixing it fails this test until the block moves to RUN_HERE.

/** Complete test files of the docs that other tests run, by block, with the test that runs it. */
const RUN_ELSEWHERE: Record<string, string> = {
  'README.md › ## Quick start › 2': 'test/integration/readme-quickstart.test.ts',
  'README.md › ## Quick start with Jest › 1': 'test/integration/readme-jest.test.ts',
  'docs/guide/ai-sdk.md › # Using the AI SDK › 2': 'test/integration/ai-sdk-e2e.test.ts',
  'docs/guide/openai-agents.md › # Using the OpenAI Agents SDK › 1':
    'test/integration/openai-agents-e2e.test.ts',
  'docs/guide/multi-agent.md › ## Triage, handoff, specialist › 1':
    'test/integration/agents-customer-service-e2e.test.ts',
  'docs/guide/mcp.md › ## With the OpenAI Agents SDK › 1': 'test/integration/mcp-agent-e2e.test.ts',
  // The first-hour walk runs these two with the Agents SDK page's example and the reports page's
  // config, in one project, against a chat-only server.
  'README.md › ## Testing an agent › 1': 'test/integration/first-hour-walk.test.ts',
  'docs/guide/testing-agents.md › ## Simulated users › 1':
    'test/integration/first-hour-walk.test.ts',
}

/** The complete test files this test runs, by block, with the file name each is saved as. */
const RUN_HERE: Record<string, string> = {
  'docs/guide/getting-started.md › ## A `build` function of your own › 1':
    'getting-started-build.test.ts',
  'docs/guide/samples.md › ## Samples › 1': 'samples.test.ts',
  'docs/guide/guardrails.md › ## A refusal as expected behaviour › 1': 'guardrails.test.ts',
  'docs/guide/vitest.md › # Scenario tests in Vitest › 1': 'vitest.test.ts',
  'docs/guide/comparing.md › ## Candidate runs › 2': 'candidate-agent.test.ts',
  'docs/reference/options.md › ## Run options › 1': 'refund.test.ts',
  'docs/reference/options.md › ## Run options › 2': 'refund-scenario.test.ts',
  'docs/reference/options.md › ## Scenario options › 1': 'late-parcel.test.ts',
  'docs/reference/options.md › ## `judgeConversation` options › 1': 'judge-after.test.ts',
  'docs/guide/testing-agents.md › ### Votes (self-consistency) › 1': 'judge-votes.test.ts',
}

/**
 * Complete test files that pass when recorded but fail in CI, run here to show it: the block,
 * its file name, the test that fails in the replay, and why. Fix the block (or the library) and
 * move it to RUN_HERE: the replay check below fails until then.
 */
const KNOWN_BROKEN: Record<string, { file: string; test: string; why: string }> = {}

const KEY = 'test-key-fake-docs-blocks'
const blocks = allDocBlocks()
const complete = blocks.filter(isCompleteTestFile)
const byId = new Map(blocks.map((block) => [blockId(block), block]))

/** The README quick start's step 3: the plugin with a model, what a reader's project has. */
const [, , modelConfig = ''] = codeBlocks(docSection('README.md', '## Quick start'), 'ts')

/** The block of an id; a block that is gone is an error that names it. */
function blockOf(id: string): Block {
  const block = byId.get(id)
  if (block === undefined) throw new Error(`no block ${id} in the docs any more`)
  return block
}

/** The blocks that pass here, with their file names. */
function blocksHere(): [file: string, block: Block][] {
  return Object.entries(RUN_HERE).map(([id, file]) => [file, blockOf(id)])
}

/** How many tests a block declares: its top-level `scenario(`, `test(`, `it(` lines. */
function testCount(block: Block): number {
  return block.code.match(/^(scenario|test|it)(\.\w+)*\s*[(`]/gm)?.length ?? 0
}

describe('the complete test files of the docs', () => {
  test('each is run: by the test that names it, or here', () => {
    const detected = complete.map(blockId)
    expect(detected.length).toBeGreaterThan(5)
    // Every block run elsewhere is still a complete test file of the docs, and its test reads
    // its page (and its section, when it reads one section).
    for (const [id, file] of Object.entries(RUN_ELSEWHERE)) {
      expect(detected, `${id} is no complete test file any more`).toContain(id)
      const { page, heading } = blockOf(id)
      const text = readFileSync(join(repoRoot, file), 'utf8')
      expect(text, file).toContain(`'${page}'`)
      if (heading.startsWith('## ')) expect(text, file).toContain(`'${heading}'`)
    }
    // A new complete test file in the docs fails here until a test runs it.
    const rest = detected.filter((id) => !Object.hasOwn(RUN_ELSEWHERE, id))
    expect(rest.sort()).toEqual([...Object.keys(RUN_HERE), ...Object.keys(KNOWN_BROKEN)].sort())
  })

  test('the detection tells test files from other blocks', () => {
    const ids = new Set(complete.map(blockId))
    // Modules that a test file imports, configs, runs outside a test, and fragments are not.
    expect(ids).not.toContain('docs/guide/ai-sdk.md › # Using the AI SDK › 1')
    expect(ids).not.toContain('README.md › ## Quick start › 1')
    expect(ids).not.toContain('docs/guide/models.md › ## The Responses API › 1')
    expect(ids).not.toContain('docs/guide/writing-scenarios.md › ## Question functions › 1')
    expect(
      blocks.filter((b) => b.marker?.kind === 'fragment' && isCompleteTestFile(b)).map(blockId),
    ).toEqual([])
  })
})

describe('the complete test files run here, recorded then replayed in CI', () => {
  let server: ScriptedServer
  let dir: string

  beforeAll(async () => {
    server = await startOpenAIServer({ apiKey: KEY, created: 1_700_000_000 })
    server.setDefaultReply(playDocsModels)
    dir = prepareSample('docs-blocks')
    expect(modelConfig).toContain('scenarioPlugin({ model:')
    writeFileSync(join(dir, 'vitest.config.ts'), modelConfig)
    for (const [file, block] of blocksHere()) writeFileSync(join(dir, file), block.code)
    for (const [id, { file }] of Object.entries(KNOWN_BROKEN)) {
      writeFileSync(join(dir, file), blockOf(id).code)
    }
  })

  afterAll(async () => {
    // The replay closes it already, to prove the replay needs no server.
    await server.close().catch(() => undefined)
  })

  test('every file passes as written, recorded once and replayed with the server gone', async () => {
    const here = blocksHere()
    const broken = Object.values(KNOWN_BROKEN)
    const tests = here.reduce((sum, [, block]) => sum + testCount(block), 0)
    expect(tests).toBeGreaterThanOrEqual(here.length)
    /** The summary of a run in which every test of `files` files and `count` tests passed. */
    const allPassed = (files: number, count: number) =>
      new RegExp(
        `Test Files\\s+${files} passed \\(${files}\\)\\n\\s+Tests\\s+${count} passed \\(${count}\\)\\n`,
      )

    const record = await runVitestAsync(dir, ['--update=new'], {
      CI: '',
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: KEY,
    })
    expect(record.code, record.output).toBe(0)
    expect(record.output, record.output).toMatch(
      allPassed(here.length + broken.length, tests + broken.length),
    )
    expect(server.requests.every((request) => request.authorization === 'matched')).toBe(true)
    // Each file that passes here made model calls and has its recordings; a known broken one
    // made its calls live, unrecorded.
    const recorded = join(dir, '__recordings__')
    expect(readdirSync(recorded).sort()).toEqual(here.map(([file]) => file).sort())
    for (const [name, text] of projectFiles(dir)) expect(text, name).not.toContain(KEY)

    await server.close()
    const ci = { CI: 'true', OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined }
    const replay = await runVitestAsync(
      dir,
      here.map(([file]) => file),
      ci,
    )
    expect(replay.code, replay.output).toBe(0)
    expect(replay.output, replay.output).toMatch(allPassed(here.length, tests))

    for (const { file, test: name, why } of broken) {
      const fails = await runVitestAsync(dir, [file], ci)
      expect(fails.code, `${file} replays in CI now: move it to RUN_HERE (${why})`).toBe(1)
      expect(fails.output).toContain(`× ${file} > ${name}`)
    }
  }, 300_000)
})
