import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { repoRoot } from '../support/paths.js'
import { run } from '../support/run.js'
import { runVitestAsync } from '../support/sample-project.js'

// A project that installs vitest-scenario without @openai/agents (the optional peer): the sample
// test/projects/openai-agents-missing, copied outside the repository so that nothing resolves
// from the repository's node_modules but what it links: vitest and the required peers.

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vitest-scenario-missing-peer-'))
  cpSync(join(repoRoot, 'test/projects/openai-agents-missing'), dir, { recursive: true })
  const target = join(dir, 'node_modules/vitest-scenario')
  mkdirSync(target, { recursive: true })
  const untar = run('tar', ['-xzf', inject('packedTarball'), '-C', target, '--strip-components=1'])
  expect(untar.code, untar.output).toBe(0)
  // The package's dependencies and the peers it needs here (the setup entry's network seal
  // loads @mswjs/interceptors).
  for (const name of ['vitest', 'openai', 'zod', 'tinyspy', '@mswjs/interceptors']) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true })
    symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name), 'dir')
  }
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const missing =
  "[vitest-scenario] vitest-scenario/openai-agents needs the package '@openai/agents' (>=0.14.0 <1.0.0), which is not installed"

test('importing the adapter in plain node names the package and the install command', () => {
  const result = run(
    process.execPath,
    ['--input-type=module', '--eval', "await import('vitest-scenario/openai-agents')"],
    { cwd: dir },
  )
  expect(result.code).not.toBe(0)
  expect(result.stderr).toContain(missing)
  expect(result.stderr).toContain('package: @openai/agents')
  expect(result.stderr).toContain('npm install --save-dev @openai/agents')
  expect(result.stderr).toContain("code: 'missing_peer'")
})

test('a Vitest test file importing it fails with that message; the rest of the package works', async () => {
  const result = await runVitestAsync(dir, [], { CI: 'true' })
  expect(result.code).toBe(1)
  expect(result.output).toContain('FAIL  agent.test.ts')
  expect(result.output).toContain(missing)
  expect(result.output).toContain('npm install --save-dev @openai/agents')
  expect(result.output).toMatch(/✓ core\.test\.ts > a scenario runs without the optional peers/)
  expect(result.output).not.toMatch(/warn/i)
}, 120_000)
