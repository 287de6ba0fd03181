// Leg 2 of CI (Node 24, Vitest 5, openai 7) installs from its own manifest and lockfile in this
// folder, so the root lockfile stays leg 1's and `npm ci` works for both. The manifest is the
// root package.json with only the versions below swapped; the test suite checks that it is.
//
// After changing the root devDependencies, run `node .ci/leg2/manifest.mjs --write` to
// regenerate this folder's package.json and package-lock.json.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The devDependency versions leg 2 runs with instead of the root's. */
export const leg2Versions = {
  '@ai-sdk/anthropic': '4.0.105',
  '@ai-sdk/mcp': '2.0.99',
  '@ai-sdk/openai': '4.0.118',
  '@ai-sdk/openai-compatible': '3.0.92',
  '@openai/agents': '0.20.0',
  '@types/node': '24.19.2',
  ai: '7.0.173',
  openai: '7.57.0',
  vitest: '5.1.1',
}

const here = fileURLToPath(new URL('.', import.meta.url))
const rootManifest = fileURLToPath(new URL('../../package.json', import.meta.url))

/** The leg-2 manifest derived from the root one. */
export function leg2Manifest(root = JSON.parse(readFileSync(rootManifest, 'utf8'))) {
  const devDependencies = { ...root.devDependencies }
  for (const [name, version] of Object.entries(leg2Versions)) {
    if (!(name in devDependencies))
      throw new Error(`leg 2 overrides '${name}', which the root does not install`)
    devDependencies[name] = version
  }
  return { ...root, devDependencies }
}

if (process.argv.includes('--write')) {
  writeFileSync(`${here}package.json`, `${JSON.stringify(leg2Manifest(), null, 2)}\n`)
  execFileSync(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'],
    {
      cwd: here,
      stdio: 'inherit',
    },
  )
}
