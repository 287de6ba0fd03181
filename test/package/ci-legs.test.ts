import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { leg2Manifest, leg2Versions } from '../../.ci/leg2/manifest.mjs'
import { repoRoot } from '../support/paths.js'

interface Lockfile {
  packages: Record<string, { version?: string; devDependencies?: Record<string, string> }>
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as T

test('the leg-2 manifest is the root manifest with only the leg-2 versions swapped', () => {
  expect(readJson('.ci/leg2/package.json')).toEqual(leg2Manifest(readJson('package.json')))
})

test('the leg-2 lockfile matches its manifest and pins Vitest 5 and openai 7', () => {
  const lock = readJson<Lockfile>('.ci/leg2/package-lock.json')
  const manifest = readJson<{ devDependencies: Record<string, string> }>('.ci/leg2/package.json')
  expect(lock.packages['']?.devDependencies).toEqual(manifest.devDependencies)
  for (const [name, version] of Object.entries(leg2Versions)) {
    expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version)
  }
})

// In leg 2, CI installs from a copy whose package.json and lockfile are leg 2's, so this reads
// whichever pair is installed: either way the lockfile must agree with its manifest.
test('the installed lockfile matches the installed manifest', () => {
  const lock = readJson<Lockfile>('package-lock.json')
  const manifest = readJson<{ devDependencies: Record<string, string> }>('package.json')
  expect(lock.packages['']?.devDependencies).toEqual(manifest.devDependencies)
})
