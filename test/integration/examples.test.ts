import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'
import { codeBlocks, docSection } from '../support/docs.js'
import { playModels } from '../support/example-models.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import { repoRoot } from '../support/paths.js'
import { runVitestAsync } from '../support/sample-project.js'

// The project's own examples (examples/) replay from the top-level fixtures/ in every run. With
// RECORD_EXAMPLES=1 the second test records them again, against the scripted server playing the
// models the examples name, with the answers written in test/support/example-models.ts (see
// examples/README.md).

const fixtures = join(repoRoot, 'fixtures/examples')
const snapshots = join(repoRoot, 'examples/__snapshots__')

/** The recordings and the conversation snapshots, by path: a replay must change neither. */
function fixtureFiles(): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.set(relative(repoRoot, path), readFileSync(path, 'utf8'))
    }
  }
  walk(fixtures)
  walk(snapshots)
  return files
}

/**
 * `npm run examples`. The config imports the package by its own name; Vite's default config
 * loader bundles it into node_modules/.vite-temp, where Node's self-reference cannot resolve it,
 * so the examples load their config with Vite's module runner.
 */
const runExamples = (env: Record<string, string | undefined>) =>
  runVitestAsync(
    repoRoot,
    [
      ...['--config', 'examples/vitest.config.ts', '--configLoader', 'runner'],
      ...['--reporter=default', '--reporter=vitest-scenario/reporter'],
    ],
    env,
  )

/** A line of the scenario reporter's terminal block, with its run's duration left out. */
const withoutDuration = (line: string) => line.replace(/ · \d+(\.\d+)?m?s$/, ' · <duration>')

test('the examples replay from fixtures/ with no model, no key and no network', async () => {
  const before = fixtureFiles()
  expect(before.size).toBeGreaterThan(0)
  const run = await runExamples({
    CI: 'true',
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
  })
  expect(run.code, run.output).toBe(0)
  expect(run.output).toMatch(/Tests\s+27 passed \(27\)/)
  expect(run.output).not.toMatch(/obsolete/i)
  expect(fixtureFiles()).toEqual(before)
  // The terminal sample of the reports guide is lines of this run, as the reporter prints them.
  const [sample = ''] = codeBlocks(docSection('docs/guide/reports.md', '## In the terminal'), '')
  const printed = new Set(run.output.split('\n').map(withoutDuration))
  const documented = sample.split('\n').filter((line) => line.trim() !== '')
  expect(documented.length).toBeGreaterThan(10)
  expect(documented.filter((line) => !printed.has(withoutDuration(line)))).toEqual([])
}, 120_000)

test.runIf(process.env.RECORD_EXAMPLES === '1')(
  'records the examples again (RECORD_EXAMPLES=1)',
  async () => {
    const server = await startOpenAIServer({ created: 1_750_000_000 })
    server.setDefaultReply(playModels)
    try {
      const run = await runExamples({
        CI: '',
        VITEST_SCENARIO_RECORD: 'rerecord',
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test-key-fake-examples',
      })
      expect(run.code, run.output).toBe(0)
      expect(run.output).toMatch(/Tests\s+27 passed \(27\)/)
    } finally {
      await server.close()
    }
  },
  120_000,
)
