import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Block, tsBlocks } from '../support/doc-blocks.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { playDocsModels } from '../support/docs-models.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// A newcomer's first hour, walked as the docs lay it out: the README (quick start, "Testing an
// agent"), then "Testing agents", then "Using the OpenAI Agents SDK", then "Reports". Every block
// is copied byte for byte into one fresh project with the packed package — the reports page's
// vitest.config.ts (the README's model config with the reporter) and the pages' complete test
// files — and run against a local chat-only server (Chat Completions, no Responses API: what
// Ollama and llama-server offer), recorded once, then replayed in CI with the server gone and no
// key. Nothing is edited: a block that only works after an edit fails here.

const KEY = 'test-key-fake-first-hour'

/** The ```ts block `ordinal` (1-based) under `heading` of `page`, with its id for messages. */
function block(page: string, heading: string, ordinal = 1): Block {
  const found = tsBlocks(page).find((b) => b.heading === heading && b.ordinal === ordinal)
  if (found === undefined) throw new Error(`no ts block ${ordinal} under '${heading}' in ${page}`)
  return found
}

/** The README quick start's step 3: the plugin with a model. */
const [, , readmeModelConfig = ''] = codeBlocks(docSection('README.md', '## Quick start'), 'ts')
/** The reports page's config: that model config, with the reporter next to Vitest's own. */
const reporterConfig = block('docs/guide/reports.md', '## Set up the reporter')

/** The walk's test files, as the pages have them, by the file name each is saved as. */
const testFiles: Record<string, Block> = {
  'late-parcel.test.ts': block('README.md', '## Testing an agent'),
  'simulated-users.test.ts': block('docs/guide/testing-agents.md', '## Simulated users'),
  'billing.test.ts': block('docs/guide/openai-agents.md', '# Using the OpenAI Agents SDK'),
}

describe('the first hour: README → Testing agents → OpenAI Agents SDK → Reports', () => {
  let server: ScriptedServer | undefined
  let dir: string

  beforeAll(async () => {
    server = await startOpenAIServer({ apiKey: KEY, created: 1_700_000_000, chatOnly: true })
    server.setDefaultReply(playDocsModels)
    dir = prepareSample('first-hour-walk')
    writeFileSync(join(dir, 'vitest.config.ts'), reporterConfig.code)
    for (const [file, { code }] of Object.entries(testFiles)) writeFileSync(join(dir, file), code)
  })

  afterAll(async () => {
    await server?.close()
  })

  test('the blocks are the ones the walk means', () => {
    // The reporter config is the README's: the same plugin call with a model.
    expect(readmeModelConfig).toContain('plugins: [scenarioPlugin({ model: {')
    expect(reporterConfig.code).toContain('plugins: [scenarioPlugin({ model: {')
    expect(reporterConfig.code).toContain("'vitest-scenario/reporter'")
    // The Testing agents example runs a simulated user and a judge: it sets the options both need.
    const agents = testFiles['simulated-users.test.ts']?.code ?? ''
    expect(agents).toMatch(/simulatedUser\(/)
    expect(agents).toMatch(/\.addOutcome\('[^']+', judge\(/)
    expect(agents).toMatch(/parsingModel: \{/)
    // The Agents SDK example calls Chat Completions, which the local server has.
    expect(testFiles['billing.test.ts']?.code).toContain('useResponses: false')
    // Each example asserts the run's status before it reads the run.
    for (const [file, { code }] of Object.entries(testFiles)) {
      expect(code, file).toMatch(
        /await run\(\)\n\s+expect\(result\)\.toHaveStatus\('completed'\)\n/,
      )
    }
  })

  test('recorded against the chat-only server, green as written', async () => {
    const record = await runVitestAsync(
      dir,
      [],
      { CI: '', OPENAI_BASE_URL: server?.baseURL, OPENAI_API_KEY: KEY },
      { configReporters: true },
    )
    expect(record.code, record.output).toBe(0)
    expect(record.output).toMatch(/Test Files\s+3 passed \(3\)\n\s+Tests\s+3 passed \(3\)\n/)
    const paths = new Set(server?.requests.map((r) => `${r.path} ${r.status}`))
    expect([...paths]).toEqual(['/v1/chat/completions 200'])
    expect(server?.requests.every((r) => r.authorization === 'matched')).toBe(true)
    const recorded = [...projectFiles(dir).keys()].filter((f) => f.startsWith('__recordings__/'))
    for (const file of Object.keys(testFiles)) {
      expect(
        recorded.some((f) => f.startsWith(`__recordings__/${file}/`)),
        file,
      ).toBe(true)
    }
    for (const [name, text] of projectFiles(dir)) expect(text, name).not.toContain(KEY)
  }, 180_000)

  test('replayed in CI with the server closed and no key: green, and both reports written', async () => {
    await server?.close()
    server = undefined
    // The reports the replay writes, not the ones the recording run left.
    rmSync(join(dir, 'test-results'), { recursive: true, force: true })
    const replay = await runVitestAsync(
      dir,
      [],
      { CI: 'true', OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined },
      { configReporters: true },
    )
    expect(replay.code, replay.output).toBe(0)
    expect(replay.output).toMatch(/Test Files\s+3 passed \(3\)\n\s+Tests\s+3 passed \(3\)\n/)
    const html = readFileSync(join(dir, 'test-results/scenarios.html'), 'utf8')
    const markdown = readFileSync(join(dir, 'test-results/scenarios.md'), 'utf8')
    for (const name of [
      'a late parcel gets a delivery date',
      'a double charge is handed off to billing',
    ]) {
      expect(html).toContain(name)
      expect(markdown).toContain(name)
    }
  }, 180_000)
})
