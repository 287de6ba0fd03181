// @ts-check
// Worker heap per test (see bench/README.md, "Worker heap per test"): one Vitest test file of many
// `scenario()` tests replaying their recordings, against the same file of plainread tests (each
// reads its recording with `readFileSync` + `JSON.parse` and checks the answers) that also put on
// their task meta the report data their `scenario()` twins left there: both suites then hold the
// same report data, and the difference is what the library itself keeps per test. After a
// warm-up of tests, each suite's worker collects garbage and reads its heap after every test; the
// growth per test is the slope of those readings. A third suite, plainread tests that keep no
// report data, shows what the report data alone weighs. The run ends with the summary table of
// every target of `npm run bench`: the replay benchmark's rows, then this one.
// Run with `npm run bench` (it builds first), or `node bench/heap.mjs` after `npm run build`.

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runVitest, startServer } from './replay-run.mjs'
import { printSummary, savedRows, verdict } from './summary.mjs'

/**
 * The target: at most this many bytes of heap kept per test the worker has run, over plainread
 * tests that hold the same report data.
 */
const TARGET_BYTES_PER_TEST = 1024
const TESTS = Number(process.env.BENCH_HEAP_TESTS ?? 400)
/** Tests run before the first reading (modules loaded, code compiled, caches filled). */
const WARMUP_TESTS = 50
// A slope needs readings after the warm-up.
if (!Number.isInteger(TESTS) || TESTS < WARMUP_TESTS + 10)
  invalid(`BENCH_HEAP_TESTS must be an integer of at least ${WARMUP_TESTS + 10}`)
const TURNS = 5

const root = fileURLToPath(new URL('..', import.meta.url))
const workDir = join(root, 'test-results/bench-heap')

/** @param {string} message @returns {never} */
function invalid(message) {
  console.error(`\nBENCHMARK INVALID: ${message}`)
  process.exit(1)
}

// Every test file reads its heap after each test, having collected garbage first (the flag is
// set at run time: Vitest's workers do not take --expose-gc from the config on every version).
const heapProbe = `import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { writeFileSync } from 'node:fs'
import { afterAll, afterEach } from 'vitest'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')
const readings = []
let done = 0
afterEach(async () => {
  done++
  if (done < ${WARMUP_TESTS}) return
  // Let the test's timers and pending promises settle before collecting.
  await new Promise((resolve) => setImmediate(resolve))
  gc()
  gc()
  readings.push([done, process.memoryUsage().heapUsed])
})
afterAll(async () => {
  writeFileSync(process.env.HEAP_OUT, JSON.stringify(readings))
  // For finding what a test leaves behind: BENCH_HEAP_SNAPSHOT=1 writes the worker's heap.
  if (process.env.BENCH_HEAP_SNAPSHOT) {
    const { writeHeapSnapshot } = await import('node:v8')
    gc()
    writeHeapSnapshot(process.env.HEAP_OUT.replace(/.json$/, '.heapsnapshot'))
  }
})
`

/** @param {string} dir @param {string} config @param {string} testFile */
function writeProject(dir, config, testFile) {
  mkdirSync(join(dir, 'tests'), { recursive: true })
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `bench-heap-${dir.split('/').at(-1)}`, private: true, type: 'module' }, null, 2)}\n`,
  )
  writeFileSync(join(dir, 'vitest.config.ts'), config)
  writeFileSync(join(dir, 'tests/heap-probe.ts'), heapProbe)
  writeFileSync(join(dir, 'tests/many.test.ts'), testFile)
}

const scenarioDir = join(workDir, 'scenario')
const baselineDir = join(workDir, 'baseline')
const reportDataDir = join(workDir, 'report-data')

function writeScenarioProject() {
  writeProject(
    scenarioDir,
    `import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [scenarioPlugin({ recordings: { dir: 'fixtures' } })],
  test: { include: ['tests/*.test.ts'], setupFiles: ['./tests/heap-probe.ts'] },
})
`,
    `import { expect } from 'vitest'
import { END, scenario } from 'vitest-scenario'

const model = {
  model: 'bench-model',
  baseURL: process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:9/v1',
}
for (let index = 1; index <= ${TESTS}; index++) {
  const questions = Array.from({ length: ${TURNS} }, (_, turn) => \`Conversation \${index}, turn \${turn + 1}: which drug inhibits BCL-2?\`)
  scenario(
    \`conversation \${index}\`,
    { model },
    (s) => {
      questions.forEach((question, turn) => s.addNode(\`t\${turn}\`, { question }))
      for (let turn = 0; turn < ${TURNS - 1}; turn++) s.addEdge(\`t\${turn}\`, \`t\${turn + 1}\`)
      return s.addEdge('t${TURNS - 1}', END).setEntry('t0')
    },
    // The imported expect, as in the plain suite: a test context's own expect is Vitest's to keep.
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveStatus('completed')
      expect(result.history.map((t) => t.rawResponse)).toEqual(questions.map((q) => \`Echo: \${q}\`))
    },
  )
}
`,
  )
}

/**
 * The plain suite: each test reads its recording and checks the answers. With `withReportData`,
 * each test also puts on its task meta the report data its `scenario()` twin left there (captured
 * when recording): what any test that feeds a report holds until its file ends, since the runner
 * keeps every task — the reference for what the library itself keeps per test.
 * @param {string} dir @param {boolean} withReportData
 */
function writeBaselineProject(dir, withReportData) {
  writeProject(
    dir,
    `import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { include: ['tests/*.test.ts'], setupFiles: ['./tests/heap-probe.ts'] },
})
`,
    `import { readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const folder = new URL('../fixtures/tests/many.test.ts/', import.meta.url)
const files = readdirSync(folder).sort()
${withReportData ? "const reportData = JSON.parse(readFileSync(new URL('../fixtures/report-data.json', import.meta.url), 'utf8'))\n" : ''}for (let index = 1; index <= ${TESTS}; index++) {
  // The same questions and the same check of the answers as the scenario suite's tests.
  const questions = Array.from({ length: ${TURNS} }, (_, turn) => \`Conversation \${index}, turn \${turn + 1}: which drug inhibits BCL-2?\`)
  test(\`conversation \${index}\`, (${withReportData ? '{ task }' : ''}) => {
    const name = files.find((f) => f.startsWith(\`conversation-\${index}.\`) || f.startsWith(\`conversation-\${index}-\`))
    const recording = JSON.parse(readFileSync(new URL(name ?? '', folder), 'utf8'))
    const answers = recording.interactions.map((i) => i.response.body.choices[0].message.content)
    expect(answers).toEqual(questions.map((q) => \`Echo: \${q}\`))${
      withReportData
        ? `
    Object.assign(task.meta, JSON.parse(reportData[task.name]))`
        : ''
    }
  })
}
`,
  )
}

// Keeps each test's task meta (its report data) as JSON, by test name, for the reference suite.
const reportDataReporter = `import { writeFileSync } from 'node:fs'
const data = {}
export default class {
  onTestCaseResult(test) { data[test.name] = JSON.stringify(test.meta()) }
  onTestRunEnd() { writeFileSync('fixtures/report-data.json', JSON.stringify(data)) }
}
`

/** Records the scenario suite once against the scripted echo server in a child process. */
async function record() {
  // The replay benchmark's echo server, in a child process of its own.
  const server = await startServer(join(workDir, 'server'))
  try {
    writeFileSync(join(scenarioDir, 'report-data-reporter.mjs'), reportDataReporter)
    const run = await runVitest(
      scenarioDir,
      ['--update=new', '--reporter=default', '--reporter=./report-data-reporter.mjs'],
      {
        CI: '',
        BENCH_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test-key-fake',
        HEAP_OUT: join(workDir, 'record-heap.json'),
      },
    )
    if (run.code !== 0) invalid(`recording failed (exit code ${run.code}):\n${run.output}`)
  } finally {
    await server.close()
  }
}

/**
 * The least-squares slope of heap over tests run, in bytes per test.
 * @param {[number, number][]} readings
 */
function slope(readings) {
  const n = readings.length
  const mx = readings.reduce((s, [x]) => s + x, 0) / n
  const my = readings.reduce((s, [, y]) => s + y, 0) / n
  let num = 0
  let den = 0
  for (const [x, y] of readings) {
    num += (x - mx) * (y - my)
    den += (x - mx) ** 2
  }
  return num / den
}

/** @param {string} dir @param {string} name @param {Record<string, string>} env */
async function heapOf(dir, name, env) {
  const out = join(workDir, `${name}-heap.json`)
  const run = await runVitest(dir, [], { ...env, HEAP_OUT: out })
  if (run.code !== 0) invalid(`${name} suite failed (exit code ${run.code}):\n${run.output}`)
  /** @type {[number, number][]} */
  const readings = JSON.parse(readFileSync(out, 'utf8'))
  if (readings.length !== TESTS - WARMUP_TESTS + 1) invalid(`${name}: ${readings.length} readings`)
  return slope(readings)
}

export async function study() {
  const dist = process.env.BENCH_DIST ?? process.env.BENCH_REPLAY_DIST ?? join(root, 'dist')
  if (!existsSync(join(dist, 'src/index.js'))) {
    invalid(`${dist} has no src/index.js: run \`npm run build\` first (\`npm run bench\` does)`)
  }
  rmSync(workDir, { recursive: true, force: true })
  const installed = join(workDir, 'node_modules/vitest-scenario')
  mkdirSync(installed, { recursive: true })
  cpSync(join(root, 'package.json'), join(installed, 'package.json'))
  cpSync(dist, join(installed, 'dist'), { recursive: true })
  writeScenarioProject()
  await record()
  writeBaselineProject(baselineDir, false)
  writeBaselineProject(reportDataDir, true)
  for (const dir of [baselineDir, reportDataDir]) {
    cpSync(join(scenarioDir, 'fixtures'), join(dir, 'fixtures'), { recursive: true })
  }
  const env = { CI: 'true', OPENAI_API_KEY: 'test-key-fake' }
  const ours = await heapOf(scenarioDir, 'scenario', env)
  const plain = await heapOf(baselineDir, 'baseline', env)
  const withData = await heapOf(reportDataDir, 'report-data', env)
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} KB`
  const over = ours - withData
  const met = over <= TARGET_BYTES_PER_TEST
  console.log(
    `worker heap per test (${TESTS} tests × ${TURNS} turns in one file, replayed; slope after ${WARMUP_TESTS} tests)
  measured   scenario() tests: ${kb(ours)} per test
  reference  plainread tests holding the same report data on their task meta: ${kb(withData)} per test
  difference ${kb(over)} per test — target ≤ ${kb(TARGET_BYTES_PER_TEST)}: ${verdict(met)}
  (informational: plainread tests that keep no report data ${kb(plain)}, so the report data alone weighs ${kb(withData - plain)} per test; scenario() over them ${kb(ours - plain)})`,
  )
  // The end of `npm run bench`: the replay benchmark's rows (saved when it ran), then this one.
  const replay = savedRows()
  if (replay !== undefined) console.log(`\n(replay rows measured at ${replay.at})`)
  printSummary([
    ...(replay?.rows ?? []),
    {
      what: `worker heap per test (${TESTS} tests × ${TURNS} turns)`,
      measured: `${kb(over)} over the reference (${kb(ours)} against ${kb(withData)})`,
      reference: 'plainread tests holding the same report data',
      target: `≤ ${kb(TARGET_BYTES_PER_TEST)}`,
      met,
    },
  ])
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await study()
