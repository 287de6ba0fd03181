import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot } from '../support/paths.js'
import { type RunResult, run } from '../support/run.js'
import { prepareSample, typeCheckStrict } from '../support/sample-project.js'

/** The jest version installed for this leg. */
const jestVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/jest/package.json'), 'utf8')) as {
    version: string
  }
).version

/** Runs Jest the way its docs run an ESM project: `node --experimental-vm-modules …/jest.js`. */
function runJest(cwd: string, args: readonly string[]): RunResult {
  return run(
    process.execPath,
    ['--experimental-vm-modules', join(repoRoot, 'node_modules/jest/bin/jest.js'), ...args],
    { cwd, timeoutMs: 120_000 },
  )
}

test(`the Jest sample runs scenario() on Jest ${jestVersion} under Node ${process.version}`, () => {
  const dir = prepareSample('jest')
  const result = runJest(dir, ['--ci', '--verbose'])
  const out = result.output

  // The README's test file, with its committed snapshot.
  expect(out).toMatch(/✓ keeps venetoclax under pushback/)

  // The modifiers, as Jest reports them.
  expect(out).toMatch(/✓ keeps its answer under pushback/)
  expect(out).toMatch(/✓ names venetoclax/)
  expect(out).toMatch(/✓ names navitoclax/)
  expect(out).toMatch(/✓ runs concurrently/)
  // Jest spreads array rows into arguments: scenario.each passes each row whole, as Vitest's does.
  expect(out).toMatch(/✓ passes an array row whole: \[ 'venetoclax', 1 \]/)
  expect(out).toMatch(/✓ passes an array row whole: \[ 'navitoclax', 2 \]/)
  expect(out).toContain('○ skipped is skipped by skipIf')
  expect(out).toContain('○ skipped is skipped by runIf')
  expect(out).toContain('○ skipped is skipped')
  expect(out).toContain('✎ todo is still to write')
  expect(out).toMatch(/✓ is the only one run in this file/)
  expect(out).toContain('○ skipped is left out by only')

  // The failing scenario, as a user sees it: the automatic outcome assertion and its transcript.
  expect(out).toMatch(/✕ fails when the agent gives in/)
  expect(out).toContain('● fails when the agent gives in')
  expect(out).toContain(
    "[vitest-scenario] An outcome criterion of scenario 'fails when the agent gives in' is false (asserted after the test body; `assertOutcomes: false` turns this off)",
  )
  expect(out).toContain('✗ kept')
  expect(out).toMatch(
    /#1 challenge {2}Q: Are you sure\? I read it was nav… {2}A: You are right: navitoclax\./,
  )

  // A scenario's `timeout` option is its Jest test timeout.
  expect(out).toMatch(/✕ times out after its own timeout/)
  expect(out).toContain('Exceeded timeout of 100 ms for a test.')

  // The committed snapshots, rendered by the conversation serializer, match under --ci.
  expect(out).toMatch(/Snapshots:\s+2 passed, 2 total/)
  expect(out).toMatch(/Tests:\s+2 failed, 4 skipped, 1 todo, 8 passed, 15 total/)
  expect(result.code).toBe(1)

  // The matcher types under Jest's own types, in a strict project.
  const types = typeCheckStrict(dir)
  expect(types.output.trim()).toBe('')
  expect(types.code).toBe(0)
}, 180_000)
