import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject } from 'vitest'
import { repoRoot, resultsDir } from './paths.js'
import { type RunResult, run } from './run.js'

/** The vitest version installed for this leg. */
export const vitestVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/vitest/package.json'), 'utf8')) as {
    version: string
  }
).version

/**
 * Copies `test/projects/<name>` into `test-results/` and installs the packed tarball there as
 * `node_modules/vitest-scenario`, so the sample imports exactly what `npm install` would give a
 * user. vitest itself resolves from the repository's `node_modules`: the leg's own version.
 */
export function prepareSample(name: string): string {
  const dir = join(resultsDir, 'projects', name)
  rmSync(dir, { recursive: true, force: true })
  cpSync(join(repoRoot, 'test/projects', name), dir, { recursive: true })
  const target = join(dir, 'node_modules/vitest-scenario')
  mkdirSync(target, { recursive: true })
  const untar = run('tar', ['-xzf', inject('packedTarball'), '-C', target, '--strip-components=1'])
  expect(untar.code, untar.output).toBe(0)
  return dir
}

/** Runs `vitest run` (verbose reporter, CI mode) in a prepared sample project. */
export function runVitest(cwd: string): RunResult {
  return run(
    process.execPath,
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=verbose'],
    { cwd, env: { CI: 'true' } },
  )
}
