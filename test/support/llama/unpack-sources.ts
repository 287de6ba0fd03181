import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { runCommand } from './run-command.js'

/** Where {@link unpackLlamaSources} put things. */
export interface UnpackedSources {
  /** The llama.cpp source tree, cloned from the bundle that node-llama-cpp ships. */
  readonly sourceDir: string
  /** The folder holding the prebuilt `lib*.so` files (and, later, the linked llama-server). */
  readonly binDir: string
}

/**
 * Unpacks what the build needs from the two pinned tarballs into `dir`:
 * - `src/`: `git clone` of `package/llama/gitRelease.bundle` from the node-llama-cpp tarball
 *   (the llama.cpp tree its release was made from: server sources, vocab GGUFs, chat templates);
 * - `bin/`: the prebuilt `lib*.so` files of `@node-llama-cpp/linux-x64` (`package/bins/linux-x64`).
 *   llama-server is linked into the same folder, because ggml looks for its CPU backend variants
 *   (`libggml-cpu-<arch>.so`) next to the executable.
 */
export async function unpackLlamaSources(
  sourceTarball: string,
  prebuiltTarball: string,
  dir: string,
): Promise<UnpackedSources> {
  const bundle = 'package/llama/gitRelease.bundle'
  await runCommand('tar', ['-xzf', sourceTarball, '-C', dir, bundle])
  const sourceDir = join(dir, 'src')
  await runCommand(
    'git',
    ['-c', 'advice.detachedHead=false', 'clone', '--quiet', join(dir, bundle), sourceDir],
    { env: { GIT_TERMINAL_PROMPT: '0' } },
  )
  await rm(join(dir, 'package'), { recursive: true, force: true })

  const binDir = join(dir, 'bin')
  await mkdir(binDir, { recursive: true })
  await runCommand('tar', [
    '-xzf',
    prebuiltTarball,
    '-C',
    binDir,
    '--strip-components=3',
    '--wildcards',
    'package/bins/linux-x64/*.so',
  ])
  return { sourceDir, binDir }
}
