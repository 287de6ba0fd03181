import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { selectCompileCommands } from './compile-commands.js'
import { runCommand } from './run-command.js'
import { type CompileJob, planUnityBuild, type UnityRule } from './unity-build.js'

/** Inputs of {@link buildLlamaServer}. */
export interface BuildServerOptions {
  /** The llama.cpp source tree (from node-llama-cpp's git bundle). */
  readonly sourceDir: string
  /** The folder with the prebuilt `lib*.so` files; llama-server is linked into it. */
  readonly binDir: string
  /** A scratch folder for CMake's build tree and the object files. */
  readonly workDir: string
}

/** What {@link buildLlamaServer} made, and how long each step took. */
export interface BuiltServer {
  /** The llama-server executable. */
  readonly serverPath: string
  /** How many source files were compiled, and in how many compiler runs. */
  readonly files: number
  readonly compilerRuns: number
  readonly configureMs: number
  readonly compileMs: number
  readonly linkMs: number
}

/**
 * The compiler's optimisation level. Parsing headers dominates, so `-O1` costs about what `-O0`
 * does, and the server (JSON, grammars, tokenizer) runs several times faster with it.
 */
const optimization = '-O1'

/** The sources of the `llama-server` target that the prebuilt libraries do not contain. */
const serverSources = [
  '/tools/server/',
  '/tools/mtmd/',
  '/vendor/cpp-httplib/',
  '/vendor/hash/',
  '/tools/ui/ui.cpp',
]

/** Files under those folders that belong to other targets. */
const otherTargets = ['mtmd-cli.cpp', 'mtmd-debug.cpp', 'deprecation-warning.cpp']

/**
 * Unity batches (see {@link planUnityBuild}): halves the compile time. The server's files share
 * nlohmann json and cpp-httplib; the mtmd encoders share ggml. Batches of the server files stay
 * small enough to keep both cores busy.
 */
const unityRules: readonly UnityRule[] = [
  { match: '/tools/mtmd/models/', maxFiles: 100 },
  { match: '/tools/server/', maxFiles: 5 },
]

/** The prebuilt libraries llama-server links against directly (the others are loaded by ggml). */
const linkedLibrary = /^libllama-common\.so$|^lib(llama|ggml)\.v[\d.]+\.so$|^libggml-base\.so$/

/** Runs the jobs on all cores, biggest first (by source size) so that no big one runs last. */
async function compileAll(jobs: readonly CompileJob[]): Promise<void> {
  const sized = await Promise.all(
    jobs.map(async (job) => {
      const sizes = await Promise.all(job.sources.map(async (source) => (await stat(source)).size))
      return { job, size: sizes.reduce((a, b) => a + b, 0) }
    }),
  )
  const queue = sized.sort((a, b) => b.size - a.size).map((s) => s.job)
  let failure: Error | undefined
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job !== undefined && failure === undefined; job = queue.shift()) {
      if (job.unityText !== undefined) await writeFile(job.input, job.unityText)
      try {
        await runCommand(
          job.compiler,
          [...job.flags, optimization, '-w', '-o', job.object, '-c', job.input],
          { cwd: job.cwd },
        )
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker))
  if (failure !== undefined) throw new Error('compiling llama-server failed', { cause: failure })
}

/**
 * Builds llama.cpp's `llama-server` the fast way: CMake only configures the source tree (no web
 * UI, no OpenSSL, no tests) and writes `compile_commands.json`; then only llama-server's own
 * 69 files (server, mtmd, cpp-httplib, hash and the empty UI stub) are compiled, in unity
 * batches on all cores, and linked against the prebuilt node-llama-cpp libraries with rpath
 * `$ORIGIN`. A full CMake build of llama-server takes about 4 min of 2 cores instead.
 */
export async function buildLlamaServer(options: BuildServerOptions): Promise<BuiltServer> {
  const { sourceDir, binDir, workDir } = options
  const cmakeDir = join(workDir, 'cmake')
  const objectDir = join(workDir, 'obj')
  await mkdir(objectDir, { recursive: true })

  const t0 = performance.now()
  await runCommand('cmake', [
    '-S',
    sourceDir,
    '-B',
    cmakeDir,
    '-DCMAKE_BUILD_TYPE=Release',
    '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON',
    '-DLLAMA_USE_PREBUILT_UI=OFF',
    '-DLLAMA_BUILD_UI=OFF',
    '-DLLAMA_OPENSSL=OFF',
    '-DLLAMA_BUILD_TESTS=OFF',
    '-DLLAMA_BUILD_EXAMPLES=OFF',
  ])
  // Generates the empty tools/ui/ui.cpp and ui.h that the server includes when it has no web UI.
  await runCommand('cmake', ['--build', cmakeDir, '--target', 'llama-ui-assets'])
  const t1 = performance.now()

  const entries: unknown = JSON.parse(
    await readFile(join(cmakeDir, 'compile_commands.json'), 'utf8'),
  )
  const commands = selectCompileCommands(entries, { include: serverSources, exclude: otherTargets })
  const jobs = planUnityBuild(commands, unityRules, objectDir)
  const linker = jobs.find((job) => job.sources.some((s) => s.endsWith('.cpp')))?.compiler
  if (linker === undefined) throw new Error('no llama-server sources in compile_commands.json')
  await compileAll(jobs)
  const t2 = performance.now()

  const serverPath = join(binDir, 'llama-server')
  const libraries = (await readdir(binDir)).filter((f) => linkedLibrary.test(f)).sort()
  if (libraries.length !== 4) {
    throw new Error(
      `expected 4 prebuilt libraries to link in ${binDir}, found: ${libraries.join(', ')}`,
    )
  }
  await runCommand(linker, [
    '-o',
    serverPath,
    ...jobs.map((job) => job.object),
    `-L${binDir}`,
    ...libraries.map((lib) => `-l:${lib}`),
    '-Wl,-rpath,$ORIGIN',
    '-lpthread',
  ])
  const t3 = performance.now()
  return {
    serverPath,
    files: commands.length,
    compilerRuns: jobs.length,
    configureMs: t1 - t0,
    compileMs: t2 - t1,
    linkMs: t3 - t2,
  }
}
