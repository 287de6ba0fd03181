import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, test } from 'vitest'
import { repoRoot, resultsDir } from '../support/paths.js'
import { run } from '../support/run.js'

const vitestVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/vitest/package.json'), 'utf8')) as {
    version: string
  }
).version

/**
 * Copies `test/projects/<name>` into `test-results/` and installs the packed tarball there as
 * `node_modules/vitest-scenario`, so the sample imports exactly what `npm install` would give a
 * user. vitest itself resolves from the repository's `node_modules`: the leg's own version.
 */
function prepareSample(name: string): string {
  const dir = join(resultsDir, 'projects', name)
  rmSync(dir, { recursive: true, force: true })
  cpSync(join(repoRoot, 'test/projects', name), dir, { recursive: true })
  const target = join(dir, 'node_modules/vitest-scenario')
  mkdirSync(target, { recursive: true })
  const untar = run('tar', ['-xzf', inject('packedTarball'), '-C', target, '--strip-components=1'])
  expect(untar.code, untar.output).toBe(0)
  return dir
}

test(`the basic sample runs on Vitest ${vitestVersion} under Node ${process.version} and reports its intended failure`, () => {
  const cwd = prepareSample('basic')
  const result = run(
    process.execPath,
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=verbose'],
    {
      cwd,
      env: { CI: 'true' },
    },
  )
  expect(result.output).toContain(`[sample] node ${process.version}, vitest ${vitestVersion}`)
  expect(result.output).toMatch(/✓ basic\.test\.ts > imports the packed package by name/)
  expect(result.output).toMatch(/× basic\.test\.ts > fails on purpose/)
  expect(result.output).toContain(`RUN  v${vitestVersion} `)
  expect(result.output).toContain('FAIL  basic.test.ts > fails on purpose')
  expect(result.output).toContain(
    "AssertionError: expected { status: 'completed', turnCount: 2 } to deeply equal",
  )
  expect(result.output).toContain('-   "status": "limit_reached",')
  expect(result.output).toContain('+   "status": "completed",')
  expect(result.output).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/)
  expect(result.code).toBe(1)
}, 120_000)
