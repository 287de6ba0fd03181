// @ts-check
// Replay overhead (see bench/README.md, "Replay overhead"): a Vitest suite of scenario tests that
// replay recordings in CI, against "plainread", a suite with the same files and tests that reads
// the same recordings with `readFileSync` + `JSON.parse` and asserts on them (no SDK, no zod: the
// least a test of recorded answers can do). All run as real `vitest run` processes with Vitest's
// default pool and isolation. Two configurations, one after the other: many files of few tests
// (what the library costs per test file: loading it in each file's fresh process) and one file of
// many tests (what it costs per test, in one process); a third suite in each, plainread's tests
// with the plugin configured, shows what the plugin costs before any scenario runs. Before them,
// the setup entry's fixed cost per test file: files of one trivial test with the plugin against
// the same files with an empty setup file. The figures are paired per round (each suite's run
// against the reference's run of the same round); the run ends with a table of every target.
// Run with `npm run bench` (it builds first): the suites import the freshly built dist/.

import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, loadavg } from 'node:os'
import { join, relative } from 'node:path'
import {
  filesUnder,
  hashTree,
  invalid,
  median,
  medianOf,
  millis,
  paired,
  phasesOf,
  positive,
  printMedians,
  root,
  runVitest,
  seconds,
  startServer,
  takeLock,
  times,
  withRange,
} from './replay-run.mjs'
import { printSummary, saveRows, verdict } from './summary.mjs'

/** The targets, each against plainread (or, for the setup entry, an empty setup file). */
const TARGET = {
  /** 20 files × 10 tests: replay ÷ plainread, paired per-round median of the wall clock. */
  ratio20x10: 1.25,
  /** 1 file × 1,000 tests: the same. */
  ratio1x1000: 1.4,
  /** The plugin's setup entry, per test file, over an empty setup file, in ms. */
  setupMsPerFile: 30,
  /** A replayed 5-turn test over a plainread test, in ms, the per-file fixed cost removed. */
  msPerTest: 0.3,
}

/** @typedef {'setup' | '20x10' | '1x1000'} Row */
/** @type {readonly Row[]} */
const ROWS = ['setup', '20x10', '1x1000']
/**
 * `BENCH_REPLAY_ONLY=setup,1x1000` measures those rows only (comma-separated; default: all).
 * @type {Set<string>}
 */
const ONLY = new Set(
  (process.env.BENCH_REPLAY_ONLY ?? ROWS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
)
for (const name of ONLY) {
  if (!ROWS.includes(/** @type {Row} */ (name)))
    invalid(`BENCH_REPLAY_ONLY lists '${name}'; the rows are ${ROWS.join(', ')}`)
}
/**
 * The configurations measured, files × tests per file. `BENCH_REPLAY_FILES` and
 * `BENCH_REPLAY_TESTS` measure one of your own instead (the other number defaults to the first
 * configuration's); it has no target of its own.
 * @type {{ files: number, tests: number, row?: Row }[]}
 */
const CONFIGURATIONS =
  process.env.BENCH_REPLAY_FILES === undefined && process.env.BENCH_REPLAY_TESTS === undefined
    ? [
        { files: 20, tests: 10, row: /** @type {Row} */ ('20x10') },
        { files: 1, tests: 1000, row: /** @type {Row} */ ('1x1000') },
      ].filter((c) => ONLY.has(c.row))
    : [
        {
          files: positive('BENCH_REPLAY_FILES', 20),
          tests: positive('BENCH_REPLAY_TESTS', 10),
        },
      ]
/** Test files of one trivial test each in the setup row: enough that per-run costs average out. */
const SETUP_FILES = positive('BENCH_REPLAY_SETUP_FILES', 20)
const TURNS = 5
/** Timed rounds; each runs every suite of a row once, the one that goes first rotating. */
const ROUNDS = positive('BENCH_REPLAY_ROUNDS', 5)
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

const workDir = join(root, 'test-results/bench-replay')
/**
 * The built package to install (default: the repository's `dist/`): another build's folder, to
 * compare two builds against the same plainread suite (`copy` only).
 */
const DIST = process.env.BENCH_REPLAY_DIST ?? join(root, 'dist')
const benchStarted = performance.now()

/**
 * One configuration: its sizes and its projects, in a folder of its own.
 * @typedef {{ files: number, tests: number, row?: Row, projects: { scenario: string, baseline: string, plugin: string } }} Bench
 */

/** @param {{ files: number, tests: number, row?: Row }} sizes @returns {Bench} */
function benchOf({ files, tests, row }) {
  const dir = join(workDir, `${files}x${tests}`)
  return {
    files,
    tests,
    ...(row === undefined ? {} : { row }),
    projects: {
      scenario: join(dir, 'scenario'),
      baseline: join(dir, 'plainread'),
      plugin: join(dir, 'plugin'),
    },
  }
}

/** @param {number} n */
const pad2 = (n) => String(n).padStart(2, '0')
/** @param {number} file */
const testFileName = (file) => `replay-${pad2(file)}.test.ts`
/** @param {number} n @param {string} noun */
const plural = (n, noun) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`

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
 * Checks that the projects resolve one copy of each package: vitest from the repository's
 * node_modules (by walking up) and, in those that load the library, vitest-scenario from the
 * folder installPackage made and its peers openai and zod from the repository's node_modules.
 * Self-reference (`vitest-scenario` from inside the repository) does not work here: each project
 * has its own package.json, which ends the package scope, so the name must come from node_modules.
 * @param {string[]} plain projects that load nothing but vitest
 * @param {string[]} withLibrary projects whose config or tests load vitest-scenario
 */
function checkResolution(plain, withLibrary) {
  for (const dir of [...plain, ...withLibrary]) {
    const require = createRequire(join(dir, 'package.json'))
    /** @param {string} name @param {string} expected */
    const expect = (name, expected) => {
      const found = realpathSync(require.resolve(name))
      if (!found.startsWith(`${realpathSync(expected)}/`)) {
        invalid(`${relative(root, dir)} resolves ${name} to ${found}, not inside ${expected}`)
      }
    }
    expect('vitest/package.json', join(root, 'node_modules/vitest'))
    if (!withLibrary.includes(dir)) continue
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
 * Plainread, the reference: the same files and tests, without the plugin, and without `openai`
 * or `zod` (a test that checks recorded answers needs neither). Each test reads the recording
 * the scenario suite made for the same test (a copy, at the same path) with `readFileSync` and
 * `JSON.parse` and asserts on its 5 interactions what the scenario test asserts on its turns.
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
import { expect, test } from 'vitest'

const folder = new URL('../${FIXTURES_DIR}/${TESTS_DIR}/${testFileName(file)}/', import.meta.url)
const recordings = ${JSON.stringify(names, null, 2).replaceAll('"', "'")}

for (let index = 1; index <= ${bench.tests}; index++) {
  test(\`conversation \${index}\`, () => {
    const path = new URL(recordings[index - 1] ?? '', folder)
    const recording = JSON.parse(readFileSync(path, 'utf8'))

    expect(recording.status).toBe('complete')
    expect(recording.interactions).toHaveLength(${TURNS})
    recording.interactions.forEach(({ request, response }, turn) => {
      // In full, or (format 2) as the messages it adds to the request it extends.
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
 * The plugin suite (its project written with the scenario suite's config before recording):
 * plainread's test files and recordings. Its tests make no model call, so the difference from
 * plainread is the plugin's setup file (matchers, serializer, hooks) and its per-test hooks: the
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

/**
 * The setup row's two projects: the same files of one trivial test each, one with an empty setup
 * file, one with the plugin (which adds the setup entry `vitest-scenario/setup` to `setupFiles`).
 * Both configs import the plugin's module, so the main process loads the same code in both and
 * the difference is what each test file's worker pays.
 */
function writeSetupProjects() {
  const dirs = { empty: join(workDir, 'setup/empty-setup'), plugin: join(workDir, 'setup/plugin') }
  const configs = {
    empty: `import { defineConfig } from 'vitest/config'
// Imported and not used: the main process loads the same module as in the plugin's project.
import { scenarioPlugin } from 'vitest-scenario/plugin'

void scenarioPlugin
// Default pool and isolation: each test file in a fresh worker.
export default defineConfig({
  test: { include: ['${TESTS_DIR}/*.test.ts'], setupFiles: ['./empty-setup.ts'] },
})
`,
    plugin: `import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// Default pool and isolation: each test file in a fresh worker.
export default defineConfig({
  plugins: [scenarioPlugin()],
  test: { include: ['${TESTS_DIR}/*.test.ts'] },
})
`,
  }
  for (const kind of /** @type {const} */ (['empty', 'plugin'])) {
    writeProject(dirs[kind], configs[kind])
    for (let file = 1; file <= SETUP_FILES; file++) {
      writeFileSync(
        join(dirs[kind], TESTS_DIR, `trivial-${pad2(file)}.test.ts`),
        `import { expect, test } from 'vitest'

test('one', () => {
  expect(1 + 1).toBe(2)
})
`,
      )
    }
  }
  writeFileSync(join(dirs.empty, 'empty-setup.ts'), '')
  return dirs
}

// ---------------------------------------------------------------------------------------------
// 2. Recording once, against the scripted server in a child process.

/**
 * Records the scenario suite once; returns each test file's recordings, in test order.
 * @param {Bench} bench
 */
async function record(bench) {
  const server = await startServer(join(workDir, 'server'))
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

/** CI: replay only, no server, no key. */
const CI_ENV = { CI: 'true', OPENAI_API_KEY: undefined, BENCH_BASE_URL: undefined }

/** @typedef {import('./replay-run.mjs').Run} Run */

/**
 * One timed `vitest run` of a suite; a run that does not pass all its tests stops the benchmark.
 * @param {string} dir @param {string} name @param {number} total the tests it must pass
 * @returns {Promise<Run>}
 */
async function timed(dir, name, total) {
  const run = await runVitest(dir, EXTRA_ARGS, CI_ENV)
  const passed = new RegExp(`Tests\\s+${total} passed \\(${total}\\)`).test(run.output)
  if (run.code !== 0 || !passed) {
    invalid(
      `the ${name} suite did not pass all ${total} tests (exit code ${run.code}):\n${run.output}`,
    )
  }
  return { ms: run.ms, cpuMs: run.cpuMs, phases: phasesOf(run.output) }
}

/**
 * Times suites in rounds: one untimed run of each first (all pass before anything is timed, and
 * all have their files in the page cache and Vitest's cache folder written), then `ROUNDS`
 * rounds that run each suite once, the one that goes first rotating so drift on the machine hits
 * all alike. Prints a line per round.
 * @template {string} Name
 * @param {Record<Name, { dir: string, total: number }>} suites the first is the reference
 * @returns {Promise<Record<Name, Run[]>>}
 */
async function inRounds(suites) {
  const names = /** @type {Name[]} */ (Object.keys(suites))
  const [reference] = names
  const others = names.slice(1)
  for (const name of names) await timed(suites[name].dir, name, suites[name].total)
  const runs = /** @type {Record<Name, Run[]>} */ (
    /** @type {unknown} */ (Object.fromEntries(names.map((n) => [n, []])))
  )
  console.log(
    `\n${'round'.padEnd(7)}${'first'.padEnd(13)}${names.map((n) => n.padEnd(13)).join('')}${others.map((n) => `${n} ÷ ${reference} (wall, CPU)`.padEnd(38)).join('')}`.trimEnd(),
  )
  for (let round = 0; round < ROUNDS; round++) {
    const order = names.map((_, i) => names[(round + i) % names.length] ?? names[0])
    for (const name of order) {
      if (name === undefined) continue
      runs[name].push(await timed(suites[name].dir, name, suites[name].total))
    }
    const ref = reference === undefined ? undefined : runs[reference][round]
    const cells = names.map((n) => seconds(runs[n][round]?.ms ?? Number.NaN).padEnd(13))
    const ratios = others.map((n) => {
      const r = runs[n][round]
      const wall = (r?.ms ?? Number.NaN) / (ref?.ms ?? Number.NaN)
      const cpu = (r?.cpuMs ?? Number.NaN) / (ref?.cpuMs ?? Number.NaN)
      return `${times(wall)}, ${times(cpu)}`.padEnd(38)
    })
    console.log(
      `${String(round + 1).padEnd(7)}${(order[0] ?? '').padEnd(13)}${cells.join('')}${ratios.join('')}`.trimEnd(),
    )
  }
  return runs
}

// ---------------------------------------------------------------------------------------------
// 4. The rows.

/** @typedef {import('./summary.mjs').Row} SummaryRow */
/** @typedef {{ ms: number, cpuMs: number }} PerFile the setup entry's fixed cost per test file */

/**
 * The setup row: the plugin's setup entry against an empty setup file, per test file.
 * @returns {Promise<{ perFile: PerFile, rows: SummaryRow[] }>}
 */
async function measureSetup() {
  const dirs = writeSetupProjects()
  checkResolution([], [dirs.empty, dirs.plugin])
  console.log(
    `\n== setup entry: ${plural(SETUP_FILES, 'test file')} × 1 trivial test, default pool and isolation (a fresh worker per file), CI=true`,
  )
  const runs = await inRounds({
    'empty-setup': { dir: dirs.empty, total: SETUP_FILES },
    plugin: { dir: dirs.plugin, total: SETUP_FILES },
  })
  printMedians(runs)
  const perFile = paired(
    runs.plugin,
    runs['empty-setup'],
    (r, ref, clock) => (r[clock] - ref[clock]) / SETUP_FILES,
  )
  /** @param {Run[]} list */
  const setupPhase = (list) => median(list.map((r) => (r.phases.setup ?? Number.NaN) / SETUP_FILES))
  console.log(
    `\nsetup entry per test file, plugin − empty setup file (paired per-round median): wall ${withRange(perFile.wall, millis)}, CPU ${withRange(perFile.cpu, millis)}`,
  )
  console.log(
    `Vitest's setup phase per test file: plugin ${millis(setupPhase(runs.plugin))}, empty setup file ${millis(setupPhase(runs['empty-setup']))}`,
  )
  const met = perFile.wall.median <= TARGET.setupMsPerFile
  console.log(
    `verdict: setup entry ≤ ${TARGET.setupMsPerFile} ms per test file over an empty setup file (paired per-round median, wall): ${verdict(met)}`,
  )
  return {
    perFile: { ms: perFile.wall.median, cpuMs: perFile.cpu.median },
    rows: [
      {
        what: `setup entry per test file (${SETUP_FILES} files × 1 test)`,
        measured: `${withRange(perFile.wall, millis)}; CPU ${millis(perFile.cpu.median)}`,
        reference: 'an empty setup file',
        target: `≤ ${TARGET.setupMsPerFile} ms`,
        met,
      },
    ],
  }
}

/**
 * Measures one configuration: generates its projects, records once, times the rounds, prints
 * them, the medians and the paired figures; returns its summary rows.
 * @param {Bench} bench
 * @param {PerFile | undefined} fixed the setup row's cost per test file, when it ran
 * @returns {Promise<SummaryRow[]>}
 */
async function measure(bench, fixed) {
  const total = bench.files * bench.tests
  const size = `${bench.files} × ${bench.tests.toLocaleString('en')}`
  writeScenarioProject(bench)
  writeProject(bench.projects.baseline, '')
  writeProject(bench.projects.plugin, PLUGIN_CONFIG)
  checkResolution([bench.projects.baseline], [bench.projects.scenario, bench.projects.plugin])
  console.log(
    `\n== ${plural(bench.files, 'file')} × ${bench.tests} tests × ${TURNS} turns, default pool and isolation, CI=true`,
  )
  const recorded = await record(bench)
  const fixturesHash = hashTree(join(bench.projects.scenario, FIXTURES_DIR))
  writeBaselineProject(bench, recorded.byFile)
  copyBaselineTests(bench)
  console.log(`recorded ${total} recordings (${total * TURNS} calls) in ${seconds(recorded.ms)}`)

  const runs = await inRounds({
    plainread: { dir: bench.projects.baseline, total },
    scenario: { dir: bench.projects.scenario, total },
    plugin: { dir: bench.projects.plugin, total },
  })
  if (
    hashTree(join(bench.projects.scenario, FIXTURES_DIR)) !== fixturesHash ||
    hashTree(join(bench.projects.plugin, FIXTURES_DIR)) !== fixturesHash
  ) {
    invalid('the replaying runs changed the recordings')
  }
  printMedians(runs)

  const ratio = paired(runs.scenario, runs.plainread, (r, ref, clock) => r[clock] / ref[clock])
  const pluginRatio = paired(runs.plugin, runs.plainread, (r, ref, clock) => r[clock] / ref[clock])
  const ofMedians = {
    wall: medianOf(runs.scenario, 'ms') / medianOf(runs.plainread, 'ms'),
    cpu: medianOf(runs.scenario, 'cpuMs') / medianOf(runs.plainread, 'cpuMs'),
  }
  console.log(
    `\nreplay ÷ plainread, paired per-round median (the headline): wall ${withRange(ratio.wall, times)}, CPU ${withRange(ratio.cpu, times)}`,
  )
  console.log(`  ratio of medians: wall ${times(ofMedians.wall)}, CPU ${times(ofMedians.cpu)}`)
  console.log(
    `plugin configured, plainread tests ÷ plainread, paired per-round median: wall ${withRange(pluginRatio.wall, times)}, CPU ${withRange(pluginRatio.cpu, times)}`,
  )
  /** @param {Run[]} list @param {string} phase */
  const perFile = (list, phase) =>
    millis(median(list.map((r) => (r.phases[phase] ?? Number.NaN) / bench.files)))
  console.log(
    `per test file (informational): Vitest's import phase: scenario ${perFile(runs.scenario, 'import')}, plainread ${perFile(runs.plainread, 'import')}; setup phase: scenario ${perFile(runs.scenario, 'setup')}, plainread ${perFile(runs.plainread, 'setup')}`,
  )

  // Per test: the paired difference spread over the tests. It includes the file's fixed cost
  // (loading the library and its setup entry in the file's worker); with the setup row's figure
  // per file taken off, what is left is closer to what one more test costs. The test file's
  // import of `vitest-scenario` stays in, so that figure errs high, not low. Printed for one file
  // only: over many files of few tests the per-file costs, not the tests, make the difference.
  const perTest = paired(
    runs.scenario,
    runs.plainread,
    (r, ref, clock) => (r[clock] - ref[clock]) / total,
  )
  const perTestNet =
    fixed === undefined
      ? undefined
      : paired(
          runs.scenario,
          runs.plainread,
          (r, ref, clock) => (r[clock] - ref[clock] - bench.files * fixed[clock]) / total,
        )
  /** @param {number} ms */
  const fine = (ms) => millis(ms, 3)
  if (bench.files === 1) {
    console.log(
      `per replayed test over plainread, paired per-round median: ${
        perTestNet === undefined
          ? '(fixed cost removed: n/a, the setup row did not run)'
          : `wall ${withRange(perTestNet.wall, fine)}, CPU ${fine(perTestNet.cpu.median)} (fixed cost removed: ${plural(bench.files, 'file')} × the setup entry's ${millis(fixed?.ms ?? Number.NaN)})`
      }; wall ${fine(perTest.wall.median)}, CPU ${fine(perTest.cpu.median)} (incl. one file's load)`,
    )
  }

  /** @type {SummaryRow[]} */
  const rows = []
  const target =
    bench.row === '20x10'
      ? TARGET.ratio20x10
      : bench.row === '1x1000'
        ? TARGET.ratio1x1000
        : undefined
  const ratioMet = target === undefined ? null : ratio.wall.median <= target
  if (target !== undefined) {
    console.log(
      `verdict: ${size} replay ÷ plainread ≤ ${target}× (paired per-round median, wall): ${verdict(ratioMet === true)}`,
    )
  }
  rows.push({
    what: `replay ÷ plainread, ${size} × ${TURNS} turns`,
    measured: `${withRange(ratio.wall, times)}; CPU ${times(ratio.cpu.median)}; ratio of medians ${times(ofMedians.wall)}`,
    reference: 'plainread',
    target: target === undefined ? '—' : `≤ ${target}×`,
    met: ratioMet,
  })
  rows.push({
    what: `plugin + plainread tests ÷ plainread, ${size}`,
    measured: `${withRange(pluginRatio.wall, times)}; CPU ${times(pluginRatio.cpu.median)}`,
    reference: 'plainread',
    target: '—',
    met: null,
  })
  if (bench.row === '1x1000') {
    // The verdict takes the figure with the fixed cost removed when the setup row measured it.
    const headline = perTestNet ?? perTest
    const met = headline.wall.median <= TARGET.msPerTest
    console.log(
      `verdict: per replayed ${TURNS}-turn test ≤ ${TARGET.msPerTest} ms over plainread (${perTestNet === undefined ? "incl. one file's load" : 'fixed cost removed'}, paired per-round median, wall): ${verdict(met)}`,
    )
    rows.push({
      what: `per replayed ${TURNS}-turn test, ${size}`,
      measured: `${withRange(headline.wall, fine)}${perTestNet === undefined ? " incl. one file's load" : `; incl. one file's load ${fine(perTest.wall.median)}`}; CPU ${fine(headline.cpu.median)}`,
      reference: 'a plainread test',
      target: `≤ ${TARGET.msPerTest} ms`,
      met,
    })
  }
  return rows
}

// ---------------------------------------------------------------------------------------------

takeLock(workDir)
rmSync(workDir, { recursive: true, force: true })
mkdirSync(workDir, { recursive: true })
installPackage()

const vitestVersion = JSON.parse(
  readFileSync(join(root, 'node_modules/vitest/package.json'), 'utf8'),
).version
const defaultWorkers = Math.max(availableParallelism() - 1, 1)
const plan = [
  ...(ONLY.has('setup') ? [`setup entry (${SETUP_FILES} × 1)`] : []),
  ...CONFIGURATIONS.map((c) => `${c.files} × ${c.tests}`),
]
console.log(
  `Replay overhead: ${plan.join(', then ')} (files × tests), ${plural(ROUNDS, 'round')} each; reference: plainread (readFileSync + JSON.parse, the same expects)`,
)
console.log(
  `node ${process.version}, vitest ${vitestVersion}, ${availableParallelism()} CPUs (Vitest's default: ${plural(defaultWorkers, 'worker')}), vitest-scenario: ${INSTALL}${DIST === join(root, 'dist') ? '' : ` from ${DIST}`}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)

/** @type {SummaryRow[]} */
const rows = []
/** @type {PerFile | undefined} */
let fixed
if (ONLY.has('setup')) {
  const setup = await measureSetup()
  fixed = setup.perFile
  rows.push(...setup.rows)
}
for (const sizes of CONFIGURATIONS) rows.push(...(await measure(benchOf(sizes), fixed)))

printSummary(rows)
saveRows(rows)
console.log(
  `(the headline figures are paired per-round medians of the wall clock; the heap row follows from bench/heap.mjs)\nbenchmark took ${seconds(performance.now() - benchStarted)}; load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
