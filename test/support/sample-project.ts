import { spawn } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
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

/**
 * Runs `vitest run` in a sample project without blocking this process, so a server the test
 * itself runs (the scripted OpenAI server) can answer the sample's calls. `env` values of
 * `undefined` remove the variable. With `configReporters`, the reporters of the project's config
 * run instead of the verbose one.
 */
export function runVitestAsync(
  cwd: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
  options: { configReporters?: boolean } = {},
): Promise<RunResult> {
  return spawnAsync(
    cwd,
    [
      join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      // The project's own reporters (with their options) when asked, else the verbose one.
      ...(options.configReporters === true ? [] : ['--reporter=verbose']),
      ...args,
    ],
    env,
  )
}

/**
 * Runs the real `jest` in a sample project the way Jest's docs run an ESM project (`node
 * --experimental-vm-modules …/jest.js`), without blocking this process, so a server the test
 * runs can answer the sample's calls. `env` values of `undefined` remove the variable.
 */
export function runJestAsync(
  cwd: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  return spawnAsync(
    cwd,
    ['--experimental-vm-modules', join(repoRoot, 'node_modules/jest/bin/jest.js'), ...args],
    env,
  )
}

/**
 * Runs Node's own test runner (`node --test …`, with the Node running these tests) in a sample
 * project without blocking this process, so a server the test runs can answer the sample's
 * calls. `env` values of `undefined` remove the variable.
 */
export function runNodeTestAsync(
  cwd: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  return spawnAsync(cwd, ['--test', ...args], env)
}

/**
 * Runs Node with `argv` in `cwd` without blocking this process, colours off, killed after 120 s.
 * `env` values of `undefined` remove the variable.
 */
export function spawnAsync(
  cwd: string,
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<RunResult> {
  const merged: Record<string, string> = {}
  for (const [name, value] of Object.entries({
    ...process.env,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...env,
  })) {
    if (value !== undefined) merged[name] = value
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd, env: merged })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` })
    })
  })
}

/**
 * Every file under `folder` of a sample project (`node_modules` left out) with its text, by path
 * relative to the project: what the runs wrote (recordings, reports), for checks such as "no
 * file holds the fake key".
 */
export function projectFiles(dir: string, folder = dir): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      if (name === 'node_modules') continue
      const path = join(current, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.set(relative(dir, path), readFileSync(path, 'utf8'))
    }
  }
  walk(folder)
  return files
}

/**
 * Type-checks the `.ts` files of `folder` as a newcomer's strict project would (ES2022, NodeNext
 * resolution, so the packed package's `exports` and types are what TypeScript sees), with `tsc`
 * from the repository. `types` are the ambient type packages (`['node']` for files that read
 * `process`); `exactOptionalPropertyTypes` for the strictest projects; `noUnusedLocals` to show that what a
 * step of the docs leaves behind has nothing unused.
 */
export function typeCheckStrict(
  folder: string,
  options: {
    types?: string[]
    exactOptionalPropertyTypes?: boolean
    noUnusedLocals?: boolean
  } = {},
): RunResult {
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        ...(options.exactOptionalPropertyTypes === true
          ? { exactOptionalPropertyTypes: true }
          : {}),
        ...(options.noUnusedLocals === true ? { noUnusedLocals: true } : {}),
        skipLibCheck: true,
        noEmit: true,
        types: options.types ?? [],
      },
      include: ['*.ts'],
    }),
  )
  return run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', folder])
}
