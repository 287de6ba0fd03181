import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'

// test/projects/redact-module names its redact hook by module (`recordings: { redact:
// './support/redact.ts' }`): a TypeScript module whose hook closes over a pattern built by an
// imported helper. The workers load it through Vitest's module runner (Node 20 cannot import a
// `.ts` file itself), so recordings are masked in the worker, in both CI legs.
let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply((request) => {
    const messages = (request.body as { messages?: { content: string }[] }).messages ?? []
    return { content: `You are ${messages.at(-1)?.content.match(/tenant-\d+/)?.[0] ?? '?'}.` }
  })
  dir = prepareSample('redact-module')
})

afterAll(async () => {
  await server.close()
})

function recording(): string {
  const folder = join(dir, '__recordings__', 'tenant.test.ts')
  const [name] = readdirSync(folder)
  return readFileSync(join(folder, name ?? ''), 'utf8')
}

describe('a redact hook named by module', () => {
  test('is loaded in the workers and masks what is recorded; the replay matches', async () => {
    const local = await runVitestAsync(dir, ['--update=new'], {
      CI: '',
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test-key-fake-redact-module',
    })
    expect(local.code, local.output).toBe(0)
    const text = recording()
    expect(text).not.toContain('tenant-123456')
    expect(text).toContain('I am <tenant>.')
    expect(text).toContain('You are <tenant>.')
    // CI: replay only, nothing listening, no key: the masked request matches the masked recording.
    const ci = await runVitestAsync(dir, [], {
      CI: 'true',
      SCENARIO_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    })
    expect(ci.code, ci.output).toBe(0)
    expect(ci.output).toContain('masks the tenant id with the hook from the module')
  }, 120_000)

  test('a module without a function as its default export fails the run, naming it', async () => {
    writeFileSync(join(dir, 'support', 'redact.ts'), 'export const redact = (v: string) => v\n')
    const run = await runVitestAsync(dir, [], { CI: 'true', SCENARIO_BASE_URL: undefined })
    expect(run.code).toBe(1)
    expect(run.output).toContain(
      `[vitest-scenario] The recordings.redact module ${join(dir, 'support', 'redact.ts')} has no function as its default export (got undefined)`,
    )
  }, 120_000)
})
