import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runCommand } from './run-command.js'
import type { PinnedPackage } from './versions.js'

/** The sha512 of a file in the registry's `dist.integrity` form (`sha512-<base64>`). */
export async function fileIntegrity(file: string): Promise<string> {
  const digest = createHash('sha512')
    .update(await readFile(file))
    .digest('base64')
  return `sha512-${digest}`
}

/**
 * Downloads pinned npm tarballs with `npm pack` (nothing is installed, no install script runs)
 * into `dir` and checks each against its pinned sha512. Resolves with the tarballs' paths, in
 * the order given; rejects on a download failure or an integrity mismatch.
 */
export async function fetchPinnedPackages(
  packages: readonly PinnedPackage[],
  dir: string,
): Promise<string[]> {
  await runCommand(
    'npm',
    [
      'pack',
      '--loglevel=error',
      '--ignore-scripts',
      '--pack-destination',
      dir,
      ...packages.map((p) => `${p.name}@${p.version}`),
    ],
    {
      env: {
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      },
    },
  )
  const files: string[] = []
  for (const pkg of packages) {
    const file = join(dir, pkg.tarball)
    const actual = await fileIntegrity(file)
    if (actual !== pkg.integrity) {
      throw new Error(
        `integrity mismatch for ${pkg.name}@${pkg.version} (${file}):\n  expected ${pkg.integrity}\n  actual   ${actual}`,
      )
    }
    files.push(file)
  }
  return files
}
