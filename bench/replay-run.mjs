// @ts-check
// The parts of the replay benchmark (bench/replay.mjs) that know nothing of what its sample
// projects contain: running `vitest run` in a folder and timing it (wall clock and CPU time),
// reading Vitest's summary line, the scripted server recordings are made against, medians and
// paired per-round figures, and the lock that keeps two runs out of each other's folders.

import { fork, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transpileScriptedServer } from './transpile-server.mjs'

export const root = fileURLToPath(new URL('..', import.meta.url))
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs')

/** @param {string} message @returns {never} */
export function invalid(message) {
  console.error(`\nBENCHMARK INVALID: ${message}`)
  process.exit(1)
}

/**
 * A positive integer from the environment.
 * @param {string} name
 * @param {number} fallback
 */
export function positive(name, fallback) {
  const text = process.env[name]
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1)
    invalid(`${name} must be a positive integer, not '${text}'`)
  return value
}

// ---------------------------------------------------------------------------------------------
// Running Vitest.

/** What the shell around each `vitest run` prints after it: the CPU time of the processes it waited for. */
const CPU_MARK = '@@vitest-scenario-bench-cpu'

/** @typedef {{ code: number | null, ms: number, cpuMs: number, output: string }} VitestRun */

/**
 * Runs `vitest run` in a project and times the process from spawn to exit. A shell runs it and
 * then prints its `times`: the CPU time (user + system) of Vitest and every worker it waited for,
 * which a busy machine disturbs far less than the wall clock.
 * @param {string} dir
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env overrides; `undefined` removes a variable
 * @returns {Promise<VitestRun>}
 */
export function runVitest(dir, args, env) {
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
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const script = `"$@"; code=$?; echo ${CPU_MARK} >&2; times >&2; exit $code`
    const child = spawn(
      '/bin/sh',
      ['-c', script, 'sh', process.execPath, vitestBin, 'run', ...args],
      {
        cwd: dir,
        env: merged,
      },
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
  })
}

/**
 * The phases of Vitest's summary line `Duration 4.1s (transform 1.2s, setup 300ms, …)`, in ms
 * (summed over workers, so they may exceed the wall time).
 * @param {string} output
 * @returns {Record<string, number>}
 */
export function phasesOf(output) {
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

// ---------------------------------------------------------------------------------------------
// The scripted server the scenario suites record against.

/**
 * Transpiles the test suite's scripted server (TypeScript) into `outDir` and writes a child that
 * answers every chat completion with an echo of the last user message, with fixed ids and
 * timestamps (a deterministic model), and no latency.
 * @param {string} outDir
 */
function writeServer(outDir) {
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

/**
 * Starts the echo server in a child process (its own event loop, so answering never competes
 * with the Vitest process that calls it for the benchmark's own).
 * @param {string} outDir where its modules are written
 */
export async function startServer(outDir) {
  const child = fork(writeServer(outDir), [], { stdio: 'inherit' })
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

// ---------------------------------------------------------------------------------------------
// Files.

/** @param {string} dir @returns {string[]} every file under dir, relative to it, sorted */
export function filesUnder(dir) {
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
export function hashTree(dir) {
  const hash = createHash('sha256')
  for (const file of filesUnder(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
  return hash.digest('hex')
}

/**
 * Two runs at once would delete each other's projects (and time each other's load): a lock file
 * beside the work folder holds the pid of the run that owns it; a lock whose process is gone is
 * taken over.
 * @param {string} workDir
 */
export function takeLock(workDir) {
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
// Figures.

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

/**
 * The median of per-round figures and their range. Each figure pairs two runs of the same round,
 * which ran back to back: load on the machine that lasts a round hits both, so their ratio (or
 * difference) moves far less than either run, where a ratio of medians can pair a quiet round's
 * run with a busy one's.
 * @param {number[]} values one per round
 */
export function spread(values) {
  return { median: median(values), low: Math.min(...values), high: Math.max(...values) }
}

/** @typedef {{ ms: number, cpuMs: number, phases: Record<string, number> }} Run one timed `vitest run` */

/**
 * Each suite's medians: wall clock of the vitest process, CPU time of it and its workers, and
 * Vitest's phases (summed over workers).
 * @param {Record<string, Run[]>} runs
 */
export function printMedians(runs) {
  const names = Object.keys(runs)
  const phaseNames = [
    ...new Set(names.flatMap((n) => (runs[n] ?? []).flatMap((r) => Object.keys(r.phases)))),
  ]
  console.log(
    '\nmedians (wall clock of the vitest process; CPU time of it and its workers; Vitest phases summed over workers)',
  )
  console.log(
    `${'suite'.padEnd(13)}${'wall'.padEnd(10)}${'CPU'.padEnd(10)}${phaseNames.map((p) => p.padEnd(13)).join('')}`.trimEnd(),
  )
  for (const name of names) {
    const list = runs[name] ?? []
    const phases = phaseNames.map((p) =>
      seconds(median(list.map((r) => r.phases[p] ?? Number.NaN))).padEnd(13),
    )
    console.log(
      `${name.padEnd(13)}${seconds(median(list.map((r) => r.ms))).padEnd(10)}${seconds(median(list.map((r) => r.cpuMs))).padEnd(10)}${phases.join('')}`.trimEnd(),
    )
  }
}

/**
 * Paired figures of a suite against its reference, round by round.
 * @param {Run[]} runs @param {Run[]} reference
 * @param {(run: Run, ref: Run, clock: 'ms' | 'cpuMs') => number} figure
 */
export function paired(runs, reference, figure) {
  /** @param {'ms' | 'cpuMs'} clock */
  const of = (clock) =>
    spread(
      runs.map((r, i) => {
        const ref = reference[i]
        return ref === undefined ? Number.NaN : figure(r, ref, clock)
      }),
    )
  return { wall: of('ms'), cpu: of('cpuMs') }
}

/** @param {{ median: number, low: number, high: number }} s @param {(n: number) => string} unit */
export const withRange = (s, unit) => `${unit(s.median)} (rounds ${unit(s.low)} to ${unit(s.high)})`

/** @param {Run[]} runs @param {'ms' | 'cpuMs'} clock */
export const medianOf = (runs, clock) => median(runs.map((r) => r[clock]))

/** @param {number} ms */
export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
/** @param {number} ratio */
export const times = (ratio) => `${ratio.toFixed(3)}×`
/** @param {number} ms @param {number} [digits] */
export const millis = (ms, digits = 1) => `${ms.toFixed(digits)} ms`
