import { createHash, randomBytes } from 'node:crypto'
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildLlamaServer } from './build-server.js'
import { fetchPinnedPackages } from './fetch-packages.js'
import { acquireFileLock, isProcessAlive } from './file-lock.js'
import { writeTinyModel } from './tiny-model.js'
import { unpackLlamaSources } from './unpack-sources.js'
import { llamaPrebuiltPackage, llamaSourcePackage, nodeLlamaCppVersion } from './versions.js'

/** The llama-server executable and the model it serves, ready to start. */
export interface LlamaArtifacts {
  /** The cache entry holding both (`bin/` with llama-server and its libraries, `tiny.gguf`). */
  readonly dir: string
  readonly serverPath: string
  readonly modelPath: string
  /** Whether this call built them (false: they came from the cache). */
  readonly built: boolean
}

/** Options of {@link prepareLlama}. */
export interface PrepareLlamaOptions {
  /** The cache root, e.g. `node_modules/.cache/vitest-scenario-llama`. */
  readonly cacheRoot: string
  /** Progress messages (one line each). */
  readonly log: (message: string) => void
}

/**
 * The files whose content decides what the build produces; their hash is part of the cache key,
 * so editing any of them rebuilds.
 */
const recipeFiles = [
  'versions.ts',
  'unpack-sources.ts',
  'compile-commands.ts',
  'unity-build.ts',
  'build-server.ts',
  'gguf.ts',
  'tiny-model.ts',
]

/** Bump when the layout of a cache entry (below) changes. */
const cacheLayout = 1

/** The cache key: pinned versions, platform, and a hash of the build recipe. */
export async function llamaCacheKey(): Promise<string> {
  const hash = createHash('sha256').update(`layout ${cacheLayout}\0`)
  for (const file of recipeFiles) {
    hash.update(`${file}\0`)
    hash.update(await readFile(new URL(`./${file}`, import.meta.url)))
  }
  const recipe = hash.digest('hex').slice(0, 12)
  return `llama-${nodeLlamaCppVersion}-${process.platform}-${process.arch}-${recipe}`
}

const manifestName = 'ready.json'

function artifactsIn(dir: string, built: boolean): LlamaArtifacts {
  return {
    dir,
    serverPath: join(dir, 'bin', 'llama-server'),
    modelPath: join(dir, 'tiny.gguf'),
    built,
  }
}

async function isComplete(dir: string): Promise<boolean> {
  const { serverPath, modelPath } = artifactsIn(dir, false)
  try {
    await Promise.all([access(join(dir, manifestName)), access(serverPath), access(modelPath)])
    return true
  } catch {
    return false
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

/** Builds llama-server and the model into `dir` (a fresh folder); returns a one-line summary. */
async function buildInto(dir: string, log: (message: string) => void): Promise<string> {
  const t0 = performance.now()
  const downloads = join(dir, 'downloads')
  await mkdir(downloads)
  log(
    `npm pack ${llamaSourcePackage.name}@${nodeLlamaCppVersion} ${llamaPrebuiltPackage.name}@${nodeLlamaCppVersion}`,
  )
  const [sourceTarball, prebuiltTarball] = await fetchPinnedPackages(
    [llamaSourcePackage, llamaPrebuiltPackage],
    downloads,
  )
  if (sourceTarball === undefined || prebuiltTarball === undefined)
    throw new Error('npm pack: missing tarball')
  const t1 = performance.now()
  const { sourceDir, binDir } = await unpackLlamaSources(sourceTarball, prebuiltTarball, dir)
  const t2 = performance.now()
  log('compiling llama-server (about 45 s on 2 idle cores)')
  const server = await buildLlamaServer({ sourceDir, binDir, workDir: dir })
  const t3 = performance.now()
  await writeTinyModel({
    vocabPath: join(sourceDir, 'models', 'ggml-vocab-qwen2.gguf'),
    templatePath: join(sourceDir, 'models', 'templates', 'Qwen-Qwen2.5-7B-Instruct.jinja'),
    outPath: join(dir, 'tiny.gguf'),
  })
  const t4 = performance.now()
  // Keep only what the server needs at run time (bin/ and tiny.gguf, about 115 MB).
  await Promise.all(
    ['src', 'cmake', 'obj', 'downloads'].map((name) =>
      rm(join(dir, name), { recursive: true, force: true }),
    ),
  )
  const t5 = performance.now()
  const summary =
    `npm pack + sha512 ${seconds(t1 - t0)}, unpack ${seconds(t2 - t1)}, ` +
    `cmake configure ${seconds(server.configureMs)}, compile ${server.files} files in ${server.compilerRuns} runs ${seconds(server.compileMs)}, ` +
    `link ${seconds(server.linkMs)}, model ${seconds(t4 - t3)}, clean-up ${seconds(t5 - t4)}; ` +
    `total ${seconds(t5 - t0)}`
  const manifest = {
    packages: [llamaSourcePackage, llamaPrebuiltPackage].map((p) => `${p.name}@${p.version}`),
    builtAt: new Date().toISOString(),
    node: process.version,
    summary,
  }
  await writeFile(join(dir, manifestName), `${JSON.stringify(manifest, null, 2)}\n`)
  return summary
}

/** Removes cache entries of other recipes and unfinished builds of processes that are gone. */
async function pruneCache(cacheRoot: string, key: string): Promise<void> {
  const names = await readdir(cacheRoot)
  const locked = new Set(
    names.filter((n) => n.endsWith('.lock')).map((n) => n.slice(0, -'.lock'.length)),
  )
  for (const name of names) {
    if (name === key || name.endsWith('.lock')) continue
    const unfinished = /^(.*)\.tmp-(\d+)-[0-9a-f]+$/.exec(name)
    const stale = unfinished
      ? !isProcessAlive(Number(unfinished[2]))
      : /^llama-/.test(name) && !locked.has(name)
    if (stale) await rm(join(cacheRoot, name), { recursive: true, force: true })
  }
}

/**
 * Returns a llama-server executable and the tiny model, from the cache when a finished entry for
 * the current key exists, else building them (about 45-55 s on 2 cores).
 *
 * Safe for concurrent runs: one process builds while the others wait on a lock, and the build
 * goes into a private folder that is renamed into place only when complete, so a cache entry is
 * either absent or whole.
 */
export async function prepareLlama(options: PrepareLlamaOptions): Promise<LlamaArtifacts> {
  const { cacheRoot, log } = options
  const key = await llamaCacheKey()
  const dir = join(cacheRoot, key)
  if (await isComplete(dir)) return artifactsIn(dir, false)

  await mkdir(cacheRoot, { recursive: true })
  const lock = await acquireFileLock(join(cacheRoot, `${key}.lock`), {
    timeoutMs: 15 * 60_000,
    staleMs: 30 * 60_000,
    onWait: (owner) => log(`waiting for the llama-server build of ${owner}`),
  })
  try {
    if (await isComplete(dir)) return artifactsIn(dir, false)
    const scratch = join(cacheRoot, `${key}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`)
    await mkdir(scratch)
    try {
      log(`building llama-server and the tiny model into ${dir}`)
      const summary = await buildInto(scratch, log)
      await rm(dir, { recursive: true, force: true }) // an incomplete leftover, if any
      await rename(scratch, dir)
      log(`built: ${summary}`)
    } catch (error) {
      await rm(scratch, { recursive: true, force: true })
      throw error
    }
    await pruneCache(cacheRoot, key)
    return artifactsIn(dir, true)
  } finally {
    await lock.release()
  }
}
