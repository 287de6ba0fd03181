import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { repoRoot, resultsDir } from './paths.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the tarball `npm pack` made of the built package for this run. */
    packedTarball: string
  }
}

/**
 * Packs the built package once per run, so the hygiene and integration tests all look at the
 * tarball a user would install rather than at the working tree.
 */
export default function setup(project: TestProject): void {
  if (!existsSync(join(repoRoot, 'dist/src/core.js'))) {
    throw new Error(
      '[vitest-scenario tests] dist/ is missing: run `npm run build` (or `npm test`) first.',
    )
  }
  // One folder per run, so concurrent runs of the suite do not pull the tarball from each other.
  const packDir = join(resultsDir, 'pack', String(process.pid))
  rmSync(packDir, { recursive: true, force: true })
  mkdirSync(packDir, { recursive: true })
  // --ignore-scripts: `prepack` would build again, under tests that are reading dist/; the suite
  // packs what `npm test` has just built.
  const out = execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const [info] = JSON.parse(out) as [{ filename: string }]
  project.provide('packedTarball', join(packDir, info.filename))
}
