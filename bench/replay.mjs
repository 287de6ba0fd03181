// @ts-check
// Replay overhead (see bench/README.md, "Replay overhead"): a Vitest suite of scenario tests that
// replay recordings in CI, against a baseline suite with the same files and tests that only reads
// the same recordings and asserts on them. Both run as real `vitest run` processes with Vitest's
// default pool and isolation; the figure is the ratio of their wall-clock medians. Two
// configurations, one after the other: many files of few tests (what the library costs per test
// file: loading it in each file's fresh process) and one file of many tests (what it costs per
// test, in one process). A third suite, the baseline's tests with the plugin configured, shows
// what the plugin's setup file and per-test hooks cost before any scenario runs.
// Run with `npm run bench` (it builds first): the scenario suite imports the freshly built dist/.

import { fork, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, loadavg } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transpileScriptedServer } from './transpile-server.mjs'

/** The issue's target: the scenario suite takes at most this many times the baseline's time. */
const TARGET_RATIO = 1.15
/**
 * The configurations measured, files × tests per file. `BENCH_REPLAY_FILES` and
 * `BENCH_REPLAY_TESTS` measure one of your own instead (the other number defaults to the first
 * configuration's).
 */
const CONFIGURATIONS =
  process.env.BENCH_REPLAY_FILES === undefined && process.env.BENCH_REPLAY_TESTS === undefined
    ? [
        { files: 20, tests: 10 },
        { files: 1, tests: 1000 },
      ]
    : [
        {
          files: positive('BENCH_REPLAY_FILES', 20),
          tests: positive('BENCH_REPLAY_TESTS', 10),
        },
      ]
const TURNS = 5
/** Timed rounds; each runs every suite once, the one that goes first rotating. */
const ROUNDS = Number(process.env.BENCH_REPLAY_ROUNDS ?? 5)
/**
 * How the sample projects get `vitest-scenario`: `copy` (default) puts `package.json` and `dist/`
 * in a `node_modules/vitest-scenario` folder, as an install would; `symlink` links that folder to
 * the repository (for comparison only: Vite then sees the package outside `node_modules`).
 */
const INSTALL = process.env.BENCH_REPLAY_INSTALL ?? 'copy'
/** Extra arguments for every timed `vitest run` (e.g. `--reporter=verbose` when profiling). */
const EXTRA_ARGS = (process.env.BENCH_REPLAY_VITEST_ARGS ?? '').split(' ').filter(Boolean)
/** The test files' folder, inside each project. */
const TESTS_DIR = 'tests'
const FIXTURES_DIR = 'fixtures'

const root = fileURLToPath(new URL('..', import.meta.url))
const workDir = join(root, 'test-results/bench-replay')
/**
 * The built package to install (default: the repository's `dist/`): another build's folder, to
 * compare two builds against the same baseline (`copy` only).
 */
const DIST = process.env.BENCH_REPLAY_DIST ?? join(root, 'dist')
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs')
const benchStarted = performance.now()

/** @param {string} message @returns {never} */
function invalid(message) {
  console.error(`\nBENCHMARK INVALID: ${message}`)
  process.exit(1)
}

/**
 * A positive integer from the environment.
 * @param {string} name
 * @param {number} fallback
 */
function positive(name, fallback) {
  const text = process.env[name]
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1)
    invalid(`${name} must be a positive integer, not '${text}'`)
  return value
}

/**
 * One configuration: its sizes and its two projects, in a folder of its own.
 * @typedef {{ files: number, tests: number, projects: { scenario: string, baseline: string, plugin: string } }} Bench
 */

/** @param {{ files: number, tests: number }} sizes @returns {Bench} */
function benchOf({ files, tests }) {
  const dir = join(workDir, `${files}x${tests}`)
  return {
    files,
    tests,
    projects: {
      scenario: join(dir, 'scenario'),
      baseline: join(dir, 'baseline'),
      plugin: join(dir, 'plugin'),
    },
  }
}

/** @param {number} n */
const pad2 = (n) => String(n).padStart(2, '0')
/** @param {number} file */
const testFileName = (file) => `replay-${pad2(file)}.test.ts`

// ---------------------------------------------------------------------------------------------
// 1. The sample projects and how they resolve their packages.

/** Gives the sample projects `vitest-scenario` from the fresh build, in a shared node_modules. */
function installPackage() {
  if (!existsSync(join(DIST, 'src/index.js'))) {
    invalid(`${DIST} has no src/index.js: run \`npm run build\` first (\`npm run bench\` does)`)
  }
  const target = join(workDir, 'node_modules/vitest-scenario')
  mkdirSync(join(workDir, 'node_modules'), { recursive: true })
  if (INSTALL === 'symlink') {
    symlinkSync(root, target, 'dir')
  } else if (INSTALL === 'copy') {
    // A snapshot of this build: what `npm install` gives a user (the package under node_modules),
    // and safe from a rebuild of dist/ while the benchmark runs.
    mkdirSync(target, { recursive: true })
    cpSync(join(root, 'package.json'), join(target, 'package.json'))
    cpSync(DIST, join(target, 'dist'), { recursive: true })
  } else {
    invalid(`BENCH_REPLAY_INSTALL must be 'copy' or 'symlink', not '${INSTALL}'`)
  }
}

/**
 * Checks that both projects resolve one copy of each package: vitest, openai and zod from the
 * repository's node_modules (by walking up), vitest-scenario from the one installPackage made.
 * Self-reference (`vitest-scenario` from inside the repository) does not work here: each project
 * has its own package.json, which ends the package scope, so the name must come from node_modules.
 */
/** @param {Bench} bench */
function checkResolution(bench) {
  for (const dir of Object.values(bench.projects)) {
    const require = createRequire(join(dir, 'package.json'))
    /** @param {string} name @param {string} expected */
    const expect = (name, expected) => {
      const found = realpathSync(require.resolve(name))
      if (!found.startsWith(`${realpathSync(expected)}/`)) {
        invalid(`${relative(root, dir)} resolves ${name} to ${found}, not inside ${expected}`)
      }
    }
    expect('vitest/package.json', join(root, 'node_modules/vitest'))
    expect('openai', join(root, 'node_modules/openai'))
    expect('zod', join(root, 'node_modules/zod'))
    expect(
      'vitest-scenario/plugin',
      INSTALL === 'symlink' ? root : join(workDir, 'node_modules/vitest-scenario'),
    )
  }
}

/** @param {string} dir @param {string} config */
function writeProject(dir, config) {
  mkdirSync(join(dir, TESTS_DIR), { recursive: true })
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `bench-replay-${dir.split('/').at(-1)}`, private: true, type: 'module' }, null, 2)}\n`,
  )
  writeFileSync(join(dir, 'vitest.config.ts'), config)
}

/** The scenario suite's config (and the plugin suite's): the plugin, recordings under fixtures/. */
const PLUGIN_CONFIG = `import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// Default pool and isolation: neither is set.
export default defineConfig({
  plugins: [scenarioPlugin({ recordings: { dir: '${FIXTURES_DIR}' } })],
  test: { include: ['${TESTS_DIR}/*.test.ts'] },
})
`

/**
 * The scenario suite: the plugin, default pool and isolation, recordings under fixtures/.
 * @param {Bench} bench
 */
function writeScenarioProject(bench) {
  writeProject(bench.projects.scenario, PLUGIN_CONFIG)
  for (let file = 1; file <= bench.files; file++) {
    writeFileSync(
      join(bench.projects.scenario, TESTS_DIR, testFileName(file)),
      `import { expect } from 'vitest'
import { END, scenario } from 'vitest-scenario'

// The scripted server while recording; a closed port when replaying (nothing listens there).
const model = {
  model: 'bench-model',
  baseURL: process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:9/v1',
}
const nodes = ['ask', 'explain', 'challenge', 'confirm', 'wrap']
const replaying = process.env.CI === 'true'

for (let index = 1; index <= ${bench.tests}; index++) {
  // Questions of their own in every test, so every recording differs.
  const questions = nodes.map(
    (node, turn) => \`File ${file}, conversation \${index}, turn \${turn + 1} (\${node}): which drug inhibits BCL-2?\`,
  )
  scenario(
    \`conversation \${index}\`,
    { model },
    (s) =>
      s
        .addNode('ask', { question: questions[0] ?? '' })
        .addNode('explain', { question: questions[1] ?? '' })
        .addNode('challenge', { question: questions[2] ?? '' })
        .addNode('confirm', { question: questions[3] ?? '' })
        .addNode('wrap', { question: questions[4] ?? '' })
        .addEdge('ask', 'explain')
        .addEdge('explain', 'challenge')
        .addEdge('challenge', 'confirm')
        .addEdge('confirm', 'wrap')
        .addEdge('wrap', END)
        .setEntry('ask'),
    // The imported expect, as in the README's quick start and the baseline: a test context's
    // own expect costs Vitest 0.1–0.3 ms to make in every test that reads it.
    async ({ run }) => {
      const result = await run()
      expect(result.error?.message).toBeUndefined()
      expect(result).toHaveStatus('completed')
      expect(result).toHaveTurnCount(${TURNS})
      expect(result.usage.replayed === true).toBe(replaying)
      result.history.forEach((turn, i) => {
        // The server echoes the question.
        expect(turn.rawResponse).toBe(\`Echo: \${questions[i]}\`)
      })
    },
  )
}
`,
    )
  }
}

/**
 * The baseline: the same files and tests, without the plugin. Each file imports openai and zod
 * (a client is built, a schema parses the recording), each test reads the recording the scenario
 * suite made for the same test (a copy, at the same path) and asserts on its 5 turns.
 * @param {Bench} bench
 * @param {Map<string, string[]>} recordingsByFile test file → recording file names, by test
 */
function writeBaselineProject(bench, recordingsByFile) {
  writeProject(
    bench.projects.baseline,
    `import { defineConfig } from 'vitest/config'

// Default pool and isolation: neither is set. No plugin.
export default defineConfig({
  test: { include: ['${TESTS_DIR}/*.test.ts'] },
})
`,
  )
  cpSync(join(bench.projects.scenario, FIXTURES_DIR), join(bench.projects.baseline, FIXTURES_DIR), {
    recursive: true,
  })
  for (let file = 1; file <= bench.files; file++) {
    const names = recordingsByFile.get(testFileName(file)) ?? []
    writeFileSync(
      join(bench.projects.baseline, TESTS_DIR, testFileName(file)),
      `import { readFileSync } from 'node:fs'
import OpenAI from 'openai'
import { expect, test } from 'vitest'
import { z } from 'zod'

// A client, as the scenario suite builds one per worker (never called here).
const client = new OpenAI({ apiKey: 'test-key-fake', baseURL: 'http://127.0.0.1:9/v1' })
const message = z.object({ role: z.string(), content: z.string() })
const recordingSchema = z.object({
  status: z.literal('complete'),
  interactions: z.array(
    z.object({
      // In full, or (format 2) as the messages it adds to the request it extends.
      request: z.union([
        z.object({ body: z.object({ messages: z.array(message) }) }),
        z.object({ extends: z.number(), append: z.array(message) }),
      ]),
      response: z.object({
        status: z.number(),
        body: z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })) }),
      }),
    }),
  ),
})
const folder = new URL('../${FIXTURES_DIR}/${TESTS_DIR}/${testFileName(file)}/', import.meta.url)
const recordings = ${JSON.stringify(names, null, 2).replaceAll('"', "'")}

for (let index = 1; index <= ${bench.tests}; index++) {
  test(\`conversation \${index}\`, () => {
    expect(client.baseURL).toBe('http://127.0.0.1:9/v1')
    const path = new URL(recordings[index - 1] ?? '', folder)
    const recording = recordingSchema.parse(JSON.parse(readFileSync(path, 'utf8')))

    expect(recording.status).toBe('complete')
    expect(recording.interactions).toHaveLength(${TURNS})
    recording.interactions.forEach(({ request, response }, turn) => {
      const messages = 'append' in request ? request.append : request.body.messages
      const question = messages.at(-1)?.content ?? ''
      expect(question).toContain(\`File ${file}, conversation \${index}, turn \${turn + 1} \`)
      expect(response.status).toBe(200)
      expect(response.body.choices[0]?.message.content).toBe(\`Echo: \${question}\`)
    })
  })
}
`,
    )
  }
}

/**
 * The plugin suite (its project written with the scenario suite's config before recording): the
 * baseline's test files and recordings. Its tests make no model call, so the difference from the
 * baseline is the plugin's setup file (matchers, serializer, hooks) and its per-test hooks: the
 * part of the scenario suite's cost that any test of a project with the plugin pays.
 * @param {Bench} bench
 */
function copyBaselineTests(bench) {
  for (const dir of [FIXTURES_DIR, TESTS_DIR]) {
    cpSync(join(bench.projects.baseline, dir), join(bench.projects.plugin, dir), {
      recursive: true,
    })
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Recording once, against the scripted server in a child process.

/**
 * Transpiles the test suite's scripted server (TypeScript) into the work folder and writes a
 * child that answers every chat completion with an echo of the last user message, with fixed ids
 * and timestamps (a deterministic model), and no latency.
 */
function writeServer() {
  const outDir = join(workDir, 'server')
  transpileScriptedServer(outDir)
  writeFileSync(
    join(outDir, 'child.js'),
    `import { startOpenAIServer } from './index.js'
function echo(request) {
  const messages = request.body?.messages ?? []
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? ''
  return {
    content: 'Echo: ' + question,
    id: 'chatcmpl-echo',
    headers: { 'x-request-id': 'req_echo' },
    usage: { promptTokens: 11, completionTokens: 7 },
  }
}
const server = await startOpenAIServer({ created: 1700000000, latencyMs: 0, defaultReply: echo })
process.on('message', async (message) => {
  if (message === 'stats') {
    const byStatus = {}
    for (const r of server.requests) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1
    process.send({ requests: server.requests.length, byStatus })
  } else if (message === 'close') {
    await server.close()
    process.exit(0)
  }
})
process.send({ baseURL: server.baseURL })
`,
  )
  return join(outDir, 'child.js')
}

/** @param {string} childFile */
async function startServer(childFile) {
  const child = fork(childFile, [], { stdio: 'inherit' })
  /** @template T @returns {Promise<T>} */
  const next = () =>
    new Promise((resolve, reject) => {
      child.once('message', (m) => resolve(/** @type {T} */ (m)))
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
    })
  const { baseURL } = /** @type {{ baseURL: string }} */ (await next())
  return {
    baseURL,
    stats: () => {
      const answer =
        /** @type {Promise<{ requests: number, byStatus: Record<string, number> }>} */ (next())
      child.send('stats')
      return answer
    },
    close: () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send('close')
      return exited
    },
  }
}

/** What the shell around each `vitest run` prints after it: the CPU time of the processes it waited for. */
const CPU_MARK = '@@vitest-scenario-bench-cpu'

/**
 * Runs `vitest run` in a project and times the process from spawn to exit. A shell runs it and
 * then prints its `times`: the CPU time (user + system) of Vitest and every worker it waited for,
 * which a busy machine disturbs far less than the wall clock.
 * @param {string} dir
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env overrides; `undefined` removes a variable
 */
function runVitest(dir, args, env) {
  /** @type {Record<string, string>} */
  const merged = {}
  for (const [name, value] of Object.entries({
    ...process.env,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    VITEST_SCENARIO_RECORD: undefined,
    ...env,
  })) {
    if (value !== undefined) merged[name] = value
  }
  return new Promise(
    /** @param {(run: { code: number | null, ms: number, cpuMs: number, output: string }) => void} resolve */
    (resolve, reject) => {
      const started = performance.now()
      const script = `"$@"; code=$?; echo ${CPU_MARK} >&2; times >&2; exit $code`
      const child = spawn(
        '/bin/sh',
        ['-c', script, 'sh', process.execPath, vitestBin, 'run', ...args],
        { cwd: dir, env: merged },
      )
      let output = ''
      child.stdout.setEncoding('utf8').on('data', (chunk) => {
        output += chunk
      })
      child.stderr.setEncoding('utf8').on('data', (chunk) => {
        output += chunk
      })
      child.on('error', reject)
      child.on('close', (code) => {
        const ms = performance.now() - started
        const mark = output.lastIndexOf(CPU_MARK)
        // `times`: the shell's own user and system time, then its children's.
        const times = [...output.slice(mark).matchAll(/(\d+)m([\d.]+)s/g)].map(
          (m) => (Number(m[1]) * 60 + Number(m[2])) * 1000,
        )
        const cpuMs = mark === -1 ? Number.NaN : (times[2] ?? Number.NaN) + (times[3] ?? Number.NaN)
        resolve({ code, ms, cpuMs, output: mark === -1 ? output : output.slice(0, mark) })
      })
    },
  )
}

/** @param {string} dir @returns {string[]} every file under dir, relative to it, sorted */
function filesUnder(dir) {
  /** @type {string[]} */
  const files = []
  /** @param {string} folder */
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.push(relative(dir, path))
    }
  }
  if (existsSync(dir)) walk(dir)
  return files.sort()
}

/** @param {string} dir a hash of every file's path and bytes */
function hashTree(dir) {
  const hash = createHash('sha256')
  for (const file of filesUnder(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
  return hash.digest('hex')
}

/**
 * Records the scenario suite once; returns each test file's recordings, in test order.
 * @param {Bench} bench
 */
async function record(bench) {
  const server = await startServer(writeServer())
  let run
  try {
    run = await runVitest(bench.projects.scenario, ['--update=new'], {
      CI: '',
      BENCH_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test-key-fake',
    })
    const stats = await server.stats()
    const expected = bench.files * bench.tests * TURNS
    if (run.code !== 0) invalid(`recording failed (exit code ${run.code}):\n${run.output}`)
    if (stats.requests !== expected || stats.byStatus['200'] !== expected) {
      invalid(`the server answered ${JSON.stringify(stats)}, expected ${expected} × 200`)
    }
  } finally {
    await server.close()
  }
  const files = filesUnder(join(bench.projects.scenario, FIXTURES_DIR))
  if (files.length !== bench.files * bench.tests || !files.every((f) => f.endsWith('.json'))) {
    invalid(
      `recorded ${files.length} files, expected ${bench.files * bench.tests}:\n${files.join('\n')}`,
    )
  }
  /** @type {Map<string, string[]>} */
  const byFile = new Map()
  for (const path of files) {
    const [testsDir, testFile, name] = path.split('/')
    const recording = JSON.parse(
      readFileSync(join(bench.projects.scenario, FIXTURES_DIR, path), 'utf8'),
    )
    const index = Number(/^conversation (\d+)$/.exec(recording.test)?.[1])
    if (
      testsDir !== TESTS_DIR ||
      testFile === undefined ||
      name === undefined ||
      !(index >= 1 && index <= bench.tests) ||
      recording.status !== 'complete' ||
      recording.interactions.length !== TURNS
    ) {
      invalid(`unexpected recording ${path}: test '${recording.test}', status ${recording.status}`)
    }
    const names = byFile.get(testFile) ?? []
    names[index - 1] = name
    byFile.set(testFile, names)
  }
  return { byFile, ms: run.ms }
}

// ---------------------------------------------------------------------------------------------
// 3. Timing.

/** @typedef {'scenario' | 'baseline' | 'plugin'} Suite */
/** The suites in the order of the table; each round starts with the next one. */
/** @type {readonly Suite[]} */
const SUITES = ['scenario', 'baseline', 'plugin']

/** CI: replay only, no server, no key. */
const CI_ENV = { CI: 'true', OPENAI_API_KEY: undefined, BENCH_BASE_URL: undefined }

/**
 * One timed `vitest run` of a suite; a run that does not pass all its tests stops the benchmark.
 * @param {Bench} bench
 * @param {Suite} suite
 */
async function timed(bench, suite) {
  const run = await runVitest(bench.projects[suite], EXTRA_ARGS, CI_ENV)
  const total = bench.files * bench.tests
  const passed = new RegExp(`Tests\\s+${total} passed \\(${total}\\)`).test(run.output)
  if (run.code !== 0 || !passed) {
    invalid(
      `the ${suite} suite did not pass all ${total} tests (exit code ${run.code}):\n${run.output}`,
    )
  }
  return { ms: run.ms, cpuMs: run.cpuMs, phases: phasesOf(run.output) }
}

/**
 * The phases of Vitest's summary line `Duration 4.1s (transform 1.2s, setup 300ms, …)`, in ms
 * (summed over workers, so they may exceed the wall time).
 * @param {string} output
 * @returns {Record<string, number>}
 */
function phasesOf(output) {
  const line = /Duration\s+([\d.]+m?s)\s+\(([^)]*)\)/.exec(output)
  if (line === null) return {}
  /** @type {Record<string, number>} */
  const phases = { duration: toMs(line[1] ?? '') }
  for (const part of (line[2] ?? '').split(',')) {
    const [name, value] = part.trim().split(/\s+/)
    if (name !== undefined && value !== undefined) phases[name] = toMs(value)
  }
  return phases
}

/** @param {string} text `1.23s` or `456ms` */
function toMs(text) {
  return text.endsWith('ms') ? Number(text.slice(0, -2)) : Number(text.slice(0, -1)) * 1000
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`

/**
 * Two runs at once would delete each other's projects (and time each other's load): a lock file
 * beside the work folder holds the pid of the run that owns it; a lock whose process is gone is
 * taken over.
 */
function takeLock() {
  const lock = `${workDir}.lock`
  mkdirSync(dirname(lock), { recursive: true })
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      process.on('exit', () => rmSync(lock, { force: true }))
      return
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error
    }
    const owner = Number(readFileSync(lock, 'utf8'))
    let alive = false
    try {
      process.kill(owner, 0)
      alive = true
    } catch {}
    if (alive)
      invalid(`another replay benchmark (pid ${owner}) is running; ${relative(root, lock)}`)
    rmSync(lock, { force: true })
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Measures one configuration: generates its projects, records once, times the rounds, prints
 * them and the medians; returns the ratio of the medians and its per-round range.
 * @param {Bench} bench
 */
async function measure(bench) {
  writeScenarioProject(bench)
  writeProject(bench.projects.baseline, '')
  writeProject(bench.projects.plugin, PLUGIN_CONFIG)
  checkResolution(bench)
  console.log(
    `\n== ${bench.files} file${bench.files === 1 ? '' : 's'} × ${bench.tests} tests × ${TURNS} turns, default pool and isolation, CI=true`,
  )
  const recorded = await record(bench)
  const fixturesHash = hashTree(join(bench.projects.scenario, FIXTURES_DIR))
  writeBaselineProject(bench, recorded.byFile)
  copyBaselineTests(bench)
  console.log(
    `recorded ${bench.files * bench.tests} recordings (${bench.files * bench.tests * TURNS} calls) in ${seconds(recorded.ms)}`,
  )

  // One untimed run of each first: all pass in CI before anything is timed, and all have their
  // files in the page cache and Vitest's cache folder written.
  for (const suite of SUITES) await timed(bench, suite)

  /** @typedef {{ ms: number, cpuMs: number, phases: Record<string, number> }} Run */
  /** @type {Record<Suite, Run[]>} */
  const runs = { scenario: [], baseline: [], plugin: [] }
  console.log(
    '\nround  first      scenario   baseline   plugin     ratio    CPU ratio  plugin ratio',
  )
  for (let round = 0; round < ROUNDS; round++) {
    // Each suite goes first in turn, so drift on the machine hits all three alike.
    const order = SUITES.map((_, i) => SUITES[(round + i) % SUITES.length] ?? 'scenario')
    for (const suite of order) runs[suite].push(await timed(bench, suite))
    const s = runs.scenario[round]
    const b = runs.baseline[round]
    const p = runs.plugin[round]
    const ratio = (s?.ms ?? Number.NaN) / (b?.ms ?? Number.NaN)
    const cpuRatio = (s?.cpuMs ?? Number.NaN) / (b?.cpuMs ?? Number.NaN)
    const pluginRatio = (p?.ms ?? Number.NaN) / (b?.ms ?? Number.NaN)
    console.log(
      `${String(round + 1).padEnd(7)}${order[0]?.padEnd(11)}${seconds(s?.ms ?? Number.NaN).padEnd(11)}${seconds(b?.ms ?? Number.NaN).padEnd(11)}${seconds(p?.ms ?? Number.NaN).padEnd(11)}${`${ratio.toFixed(3)}×`.padEnd(9)}${`${cpuRatio.toFixed(3)}×`.padEnd(11)}${pluginRatio.toFixed(3)}×`,
    )
  }

  if (
    hashTree(join(bench.projects.scenario, FIXTURES_DIR)) !== fixturesHash ||
    hashTree(join(bench.projects.plugin, FIXTURES_DIR)) !== fixturesHash
  ) {
    invalid('the replaying runs changed the recordings')
  }

  /** @param {Suite} suite */
  const medians = (suite) => ({
    wall: median(runs[suite].map((r) => r.ms)),
    cpu: median(runs[suite].map((r) => r.cpuMs)),
  })
  const scenario = medians('scenario')
  const baseline = medians('baseline')
  const phaseNames = [
    ...new Set(SUITES.flatMap((suite) => runs[suite].flatMap((r) => Object.keys(r.phases)))),
  ]
  console.log(
    '\nmedians (wall clock of the vitest process; CPU time of it and its workers; Vitest phases summed over workers)',
  )
  console.log(
    `${'suite'.padEnd(10)}${'wall'.padEnd(10)}${'CPU'.padEnd(10)}${phaseNames.map((p) => p.padEnd(13)).join('')}`,
  )
  for (const suite of SUITES) {
    const { wall, cpu } = medians(suite)
    const phases = phaseNames.map((p) =>
      seconds(median(runs[suite].map((r) => r.phases[p] ?? Number.NaN))).padEnd(13),
    )
    console.log(
      `${suite.padEnd(10)}${seconds(wall).padEnd(10)}${seconds(cpu).padEnd(10)}${phases.join('')}`,
    )
  }
  const perRound = runs.scenario.map((r, i) => r.ms / (runs.baseline[i]?.ms ?? Number.NaN))
  return {
    ratio: scenario.wall / baseline.wall,
    cpuRatio: scenario.cpu / baseline.cpu,
    pluginRatio: medians('plugin').wall / baseline.wall,
    low: Math.min(...perRound),
    high: Math.max(...perRound),
  }
}

takeLock()
rmSync(workDir, { recursive: true, force: true })
mkdirSync(workDir, { recursive: true })
installPackage()

const vitestVersion = JSON.parse(
  readFileSync(join(root, 'node_modules/vitest/package.json'), 'utf8'),
).version
const defaultWorkers = Math.max(availableParallelism() - 1, 1)
console.log(
  `Replay overhead: ${CONFIGURATIONS.map((c) => `${c.files} × ${c.tests}`).join(', then ')} (files × tests), ${ROUNDS} rounds each`,
)
console.log(
  `node ${process.version}, vitest ${vitestVersion}, ${availableParallelism()} CPUs (Vitest's default: ${defaultWorkers} worker${defaultWorkers === 1 ? '' : 's'}), vitest-scenario: ${INSTALL}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)

/** @type {string[]} */
const verdicts = []
for (const sizes of CONFIGURATIONS) {
  const { ratio, cpuRatio, pluginRatio, low, high } = await measure(benchOf(sizes))
  verdicts.push(
    `${`${sizes.files} × ${sizes.tests}`.padEnd(12)}scenario ÷ baseline = ${ratio.toFixed(3)}× (per-round range ${low.toFixed(3)}–${high.toFixed(3)}×; CPU time ${cpuRatio.toFixed(3)}×) — target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'MET' : 'NOT MET'}; the plugin alone (no scenario): ${pluginRatio.toFixed(3)}×`,
  )
}
console.log(`\n${verdicts.join('\n')}`)
console.log(
  `benchmark took ${seconds(performance.now() - benchStarted)}; load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
