// @ts-check
// The entry points of package.json "exports", bundled: one file per entry at the path the entry
// names (dist/src/core.js, dist/matchers/index.js, …), with the modules several entries share in
// chunks under dist/src/chunks/. `npm run build` runs `tsc -p tsconfig.build.json` first, which
// writes one JavaScript and one declaration file per source file; this then writes the entries
// over tsc's. The entries load only the bundle; tsc's other files stay beside them, unused by the
// package (its `exports` reach none of them), for what imports a module of `dist/` by path (the
// repository's benchmarks). `npx tsc -p tsconfig.build.json` alone gives a working, unbundled
// dist/.
//
// Why: a test file runs in a process of its own (Vitest's default isolation), which loads the
// package again. One file per source file was 245 modules for `vitest-scenario` and its setup
// entry (26 files bundled), and Node's module loader (resolving, reading and compiling each;
// `compileSourceTextModule`) was most of what the library cost per test file.
//
//   node scripts/bundle.mjs [outDir]     (default: dist)
//
// Every bare import stays external: the peers (vitest, zod, jest, openai, ai, @openai/agents) and
// tinyspy are imported from the user's node_modules exactly as the sources import them, dynamic
// imports of optional peers stay dynamic. The build fails when the output breaks a rule the
// sources keep (test/package/hygiene.test.ts checks the sources and the loaded entries).
import { chmodSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { rolldown } from 'rolldown'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Where shared chunks go: beside the entries of `src/`, one folder deep like them. */
const CHUNKS = 'src/chunks'

/** The entries whose import graph may reach Jest (`jest`, `@jest/*`, `jest-*`). */
const JEST_ENTRIES = ['src/hosts/jest/index', 'src/hosts/jest/setup']
/** The entries whose import graph may reach Vitest at run time. */
const VITEST_ENTRIES = [
  'src/index',
  'matchers/index',
  'src/hosts/vitest/setup/index',
  'src/hosts/vitest/plugin/index',
  'src/hosts/vitest/reporter/index',
]
/** The adapter entries: each may load its own optional SDK, and no other entry may. */
const SDK_ENTRIES = {
  'src/ai-sdk/index': /^ai$/,
  'src/openai-agents/index': /^@openai\/agents$/,
  'src/mcp': /^(?:ai|@modelcontextprotocol\/sdk(?:\/.*)?)$/,
}

const JEST = /^(?:jest(?:-[\w-]+)?|@jest\/[\w-]+)(?:\/.*)?$/
const VITEST = /^(?:vitest|@vitest\/[\w-]+)(?:\/.*)?$/
const SDK =
  /^(?:ai|@ai-sdk\/[^/]+|@openai\/agents[^/]*|@anthropic-ai\/[^/]+|@modelcontextprotocol\/[^/]+)(?:\/.*)?$/

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Error(`[vitest-scenario build] ${message}`)
}

/** The entries, by output name without `.js` (`src/core`), from package.json "exports". */
function entries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  /** @type {Record<string, string>} */
  const input = {}
  for (const [name, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object') continue
    const match = /^\.\/dist\/(.+)\.js$/.exec(target.default)
    if (match?.[1] === undefined) fail(`exports['${name}'].default is not ./dist/<path>.js`)
    input[match[1]] = join(root, `${match[1]}.ts`)
  }
  for (const [name, target] of Object.entries(bins(pkg))) {
    const match = /^\.\/dist\/(.+)\.js$/.exec(target)
    if (match?.[1] === undefined) fail(`bin['${name}'] is not ./dist/<path>.js`)
    input[match[1]] = join(root, `${match[1]}.ts`)
  }
  return input
}

/**
 * The package's commands ("bin"), by name: bundled like the entries (one file to load, not a
 * module per source file), kept executable.
 * @param {{ bin?: Record<string, string> }} pkg
 * @returns {Record<string, string>}
 */
function bins(pkg) {
  return pkg.bin ?? {}
}

/**
 * Builds the entries into `outDir` and checks the output.
 * @param {{ outDir?: string }} [options]
 */
export async function bundle({ outDir = join(root, 'dist') } = {}) {
  const input = entries()
  const inputOptions = /** @type {import('rolldown').InputOptions} */ ({
    input,
    cwd: root,
    platform: 'node',
    tsconfig: join(root, 'tsconfig.build.json'),
    // Only the package's own modules are bundled: relative and absolute paths.
    external: (/** @type {string} */ id) =>
      !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    transform: { target: 'es2023' },
  })
  const outputOptions = /** @type {import('rolldown').OutputOptions} */ ({
    dir: outDir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: `${CHUNKS}/[name]-[hash].js`,
    // Maps point into src/, which the package ships; the sources are not copied into them.
    sourcemap: true,
    sourcemapExcludeSources: true,
  })
  const { common, documents } = await commonModules(inputOptions, outputOptions)
  const build = await rolldown(inputOptions)
  const { output } = await build.write({
    ...outputOptions,
    codeSplitting: {
      groups: [
        // First, so that the common chunk does not take them in as dependencies of its modules.
        { name: 'documents', test: (id) => documents.has(id), priority: 2 },
        { name: 'common', test: (id) => common.has(id), priority: 1 },
      ],
    },
  })
  await build.close()
  const chunks = output.flatMap((item) => (item.type === 'chunk' ? [item] : []))
  const maps = new Set(output.map((item) => item.fileName))
  for (const chunk of chunks) {
    // An entry that only re-exports has no source map: tsc's, for the file it replaced, goes.
    if (!maps.has(`${chunk.fileName}.map`))
      rmSync(join(outDir, `${chunk.fileName}.map`), { force: true })
  }
  check(input, chunks)
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  for (const target of Object.values(bins(pkg))) {
    const file = join(outDir, target.replace(/^\.\/dist\//, ''))
    // The bin runs by its path too (`./node_modules/.bin/…`, `dist/src/cli/main.js`): its first
    // line is `#!/usr/bin/env node`, kept by the bundler.
    if (!readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n')) {
      fail(`${target} lost its #!/usr/bin/env node line`)
    }
    chmodSync(file, 0o755)
  }
  return chunks
}

/**
 * The modules that both `vitest-scenario/core` and the setup entry load when imported (statically,
 * not behind a dynamic import), from a first build. They go in one chunk: left to itself the
 * bundler cuts them into a chunk per set of entries that reach them (over a dozen files, some of a
 * few hundred bytes), and every test file's process loads each of those files again. Nothing in it
 * imports vitest or an optional SDK (core reaches neither), and what loads it loads all of it
 * anyway, but the rarely used entries that reach only part of it (the host entry). What the
 * serialization entry loads is kept apart (`documents`), as small as it is without the grouping.
 * @param {import('rolldown').InputOptions} inputOptions
 * @param {import('rolldown').OutputOptions} outputOptions
 * @returns {Promise<{ common: Set<string>, documents: Set<string> }>}
 */
async function commonModules(inputOptions, outputOptions) {
  const build = await rolldown(inputOptions)
  const { output } = await build.generate({ ...outputOptions, sourcemap: false })
  await build.close()
  const chunks = output.flatMap((item) => (item.type === 'chunk' ? [item] : []))
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  /** @param {string} name */
  const loaded = (name) => {
    /** @type {Set<string>} */
    const ids = new Set()
    /** @param {import('rolldown').OutputChunk | undefined} chunk */
    const walk = (chunk) => {
      if (chunk === undefined || ids.has(chunk.fileName)) return
      ids.add(chunk.fileName)
      for (const id of chunk.imports) walk(byFile.get(id))
    }
    walk(byFile.get(`${name}.js`))
    return new Set([...ids].flatMap((file) => byFile.get(file)?.moduleIds ?? []))
  }
  const setup = loaded('src/hosts/vitest/setup/index')
  // The documents entry stays as small as it is: what it loads is left to the bundler.
  const documents = loaded('src/serialization')
  const common = [...loaded('src/core')].filter(
    (id) => setup.has(id) && !documents.has(id) && id.startsWith(root),
  )
  return { common: new Set(common), documents }
}

/**
 * The output keeps the rules of the sources: the layering of the entries' imports, files found
 * next to the module that names them, class names.
 * @param {Record<string, string>} input
 * @param {import('rolldown').OutputChunk[]} chunks
 */
function check(input, chunks) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  for (const name of Object.keys(input)) {
    const entry = byFile.get(`${name}.js`)
    if (entry === undefined || !entry.isEntry) fail(`no entry file ${name}.js was written`)
    const { statics, dynamics } = reached(entry, byFile)
    const all = [...statics, ...dynamics]
    if (!JEST_ENTRIES.includes(name)) {
      const jest = all.filter((id) => JEST.test(id))
      if (jest.length > 0) fail(`${name}.js reaches ${jest.join(', ')}`)
    }
    if (!VITEST_ENTRIES.includes(name)) {
      const vitest = statics.filter((id) => VITEST.test(id))
      if (vitest.length > 0) fail(`${name}.js reaches ${vitest.join(', ')}`)
    }
    const own = SDK_ENTRIES[/** @type {keyof typeof SDK_ENTRIES} */ (name)]
    const sdks = all.filter((id) => SDK.test(id) && !(own?.test(id) && !statics.includes(id)))
    if (sdks.length > 0) {
      fail(`${name}.js reaches ${sdks.join(', ')} (an optional SDK: only its adapter, lazily)`)
    }
  }
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      if (!id.startsWith(root) || !/\.ts$/.test(id)) continue
      const source = readFileSync(id, 'utf8')
      // `new URL('./x.js', import.meta.url)` finds a file relative to the module: the module must
      // be in an output file in its own folder.
      const local = relative(root, dirname(id))
      if (/new URL\(\s*['"]\.\.?\//.test(source) && dirname(chunk.fileName) !== local) {
        fail(
          `${relative(root, id)} finds files relative to its own folder, but was bundled into ${chunk.fileName}`,
        )
      }
    }
    // A class renamed to set it apart from another of the same name would carry the new name.
    const renamed = /\b(?:class\s+([\w$]+\$\d+)|([\w$]+\$\d+)\s*=\s*class\b)/.exec(chunk.code)
    if (renamed !== null) {
      fail(`class ${renamed[1] ?? renamed[2]} in ${chunk.fileName} was renamed by the bundler`)
    }
  }
}

/**
 * The bare imports an entry reaches: statically (through the chunks it imports), and
 * dynamically from any chunk it reaches.
 * @param {import('rolldown').OutputChunk} entry
 * @param {Map<string, import('rolldown').OutputChunk>} byFile
 */
function reached(entry, byFile) {
  /** @type {Set<string>} */
  const statics = new Set()
  /** @type {Set<string>} */
  const dynamics = new Set()
  const seen = new Set()
  /** @param {import('rolldown').OutputChunk} chunk */
  const walk = (chunk) => {
    if (seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const id of chunk.imports) {
      const next = byFile.get(id)
      if (next === undefined) statics.add(id)
      else walk(next)
    }
    for (const id of chunk.dynamicImports) {
      const next = byFile.get(id)
      if (next === undefined) dynamics.add(id)
      else walk(next)
    }
  }
  walk(entry)
  return { statics: [...statics], dynamics: [...dynamics] }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = resolve(process.argv[2] ?? join(root, 'dist'))
  const chunks = await bundle({ outDir })
  const bytes = chunks.reduce((sum, chunk) => sum + chunk.code.length, 0)
  const entryCount = chunks.filter((chunk) => chunk.isEntry).length
  console.log(
    `bundled ${entryCount} entries and ${chunks.length - entryCount} shared chunks (${Math.round(bytes / 1024)} KiB) into ${relative(process.cwd(), outDir) || '.'}`,
  )
}
