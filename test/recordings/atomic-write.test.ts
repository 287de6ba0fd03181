import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot, resultsDir } from '../support/paths.js'

// The atomicity requirement: SIGKILL a process that is writing recordings of more than
// 1 MB, many times, with many of the kills landing while its temporary file exists, and check
// that every recording left on disk still parses. The same harness, pointed at a plain
// `writeFile` writer, must find a torn or empty file: otherwise it could not tell the two apart.
//
// The delays (the parent's before each kill, the child's between writes) and the recordings'
// contents come from one printed seed; set ATOMIC_SEED to replay them. Where a kill lands is
// still up to the scheduler, so a seed replays the conditions, not the exact interleaving.

/** Smallest size of a complete recording: the issue asks for recordings of at least 1 MB. */
const MIN_BYTES = 1024 * 1024
const TARGETS = ['a.json', 'b.json', 'c.json']
const MIN_KILLS = 50
const MIN_KILLS_IN_TEMP = 20
/**
 * The atomic run kills until both minimums are met. About a third to a half of the kills land
 * inside the temp file's window of about a millisecond, so this cap is far from being reached;
 * it only bounds a run in which the window never shows.
 */
const MAX_KILLS = 200
/** The control stops at its first torn file; this many kills without one fail it. */
const MAX_CONTROL_KILLS = 50

const seed = seedFromEnv(process.env.ATOMIC_SEED)
const runDir = join(resultsDir, 'atomic-write', `${process.pid}-${seed}`)
const childScript = join(repoRoot, 'test/recordings/support/kill-writer.mjs')
const writerModule = join(runDir, 'write-atomic.mjs')

beforeAll(() => {
  console.log(`atomic-write seed: ${seed} (replay with ATOMIC_SEED=${seed})`)
  mkdirSync(runDir, { recursive: true })
  transpileWriter()
})
afterAll(() => {
  rmSync(runDir, { recursive: true, force: true })
  try {
    // The shared parent goes too once empty; another run's folder in it keeps it.
    rmdirSync(dirname(runDir))
  } catch {
    // Not empty, or already gone.
  }
})

describe('writeFileAtomic under SIGKILL', () => {
  test(`${MIN_KILLS}+ kills, ${MIN_KILLS_IN_TEMP}+ of them mid-write, leave only recordings that parse`, async () => {
    const rounds = await killRounds({
      writer: 'atomic',
      folder: join(runDir, 'atomic'),
      maxKills: MAX_KILLS,
      random: seeded(seed),
      stopWhen: (done) => done.length >= MIN_KILLS && inTemp(done) >= MIN_KILLS_IN_TEMP,
    })
    const seen = rounds.filter((round) => round.sawWrite).length
    console.log(
      `atomic writer: ${rounds.length} kills, ${seen} on seeing a write under way, ` +
        `${inTemp(rounds)} while a temp file existed`,
    )

    expect(rounds.length).toBeGreaterThanOrEqual(MIN_KILLS)
    expect(inTemp(rounds)).toBeGreaterThanOrEqual(MIN_KILLS_IN_TEMP)
    // Every round saw at least the child's first recording, and each one it saw was whole.
    expect(rounds.filter((round) => round.files.length === 0)).toEqual([])
    expect(rounds.flatMap((round) => round.files.filter((file) => file.verdict !== 'ok'))).toEqual(
      [],
    )
  }, 180_000)

  test('the same harness finds a torn or empty file left by a plain writeFile', async () => {
    const rounds = await killRounds({
      writer: 'plain',
      folder: join(runDir, 'plain'),
      maxKills: MAX_CONTROL_KILLS,
      random: seeded(seed ^ 0x9e3779b9),
      stopWhen: (done) => done.some((round) => round.files.some((file) => file.verdict !== 'ok')),
    })
    const broken = rounds.flatMap((round) => round.files.filter((file) => file.verdict !== 'ok'))
    const found = broken.map((file) => `${file.name} ${file.verdict} (${file.bytes} bytes)`)
    console.log(`plain writer: ${rounds.length} kill(s), found: ${found.join(', ') || 'nothing'}`)

    expect(broken.map((file) => file.verdict)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(empty|torn)$/)]),
    )
  }, 180_000)
})

/** What one target file held after a kill. */
interface FileCheck {
  name: string
  bytes: number
  verdict: 'ok' | 'empty' | 'torn' | 'too-small' | 'wrong-kind'
}

/** One spawn-and-kill of the writer. */
interface Round {
  index: number
  /** Whether the parent saw a write under way (a temp file, or a short target) before killing. */
  sawWrite: boolean
  /** Whether the kill landed while a temp file existed: the dead child left one behind. */
  tempAtKill: boolean
  files: FileCheck[]
}

interface HarnessOptions {
  writer: 'atomic' | 'plain'
  folder: string
  /** The run ends after this many kills, whatever `stopWhen` says. */
  maxKills: number
  random: () => number
  /** Ends the run as soon as the rounds so far satisfy it. */
  stopWhen: (rounds: readonly Round[]) => boolean
}

/**
 * Spawns the writer, waits until it is in its write loop, then a seeded delay, then watches its
 * folder and kills it with SIGKILL as soon as a write is under way (after a seeded spin of up to
 * 0.5 ms, so kills land at different points of a write). After each kill it checks every target
 * file, counts and removes the temp files the dead child left, and goes again; the targets stay,
 * so later rounds overwrite recordings an earlier round left.
 */
async function killRounds(options: HarnessOptions): Promise<Round[]> {
  mkdirSync(options.folder, { recursive: true })
  const rounds: Round[] = []
  for (let index = 0; index < options.maxKills && !options.stopWhen(rounds); index++) {
    const child = spawnWriter(options.writer, options.folder, seed32(options.random))
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
    try {
      await writerReady(child)
      await sleep(Math.floor(options.random() * 30))
      const sawWrite = pollForWrite(options.folder, 3_000)
      spin(options.random() * 0.5)
      child.kill('SIGKILL')
      const [code, signal] = await exited
      if (signal !== 'SIGKILL') {
        throw new Error(`writer exited on its own (${code}) in round ${index}`)
      }
      const tempAtKill = removeTempFiles(options.folder) > 0
      rounds.push({ index, sawWrite, tempAtKill, files: checkTargets(options.folder) })
    } finally {
      // The writer loops forever: never leave one running when a round fails.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }
  return rounds
}

function spawnWriter(writer: 'atomic' | 'plain', folder: string, childSeed: number): ChildProcess {
  return spawn(
    process.execPath,
    [childScript, writer, folder, writerModule, String(childSeed), TARGETS.join(',')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
}

/** Resolves once the child printed `ready` (its first write is done); rejects if it exits first. */
function writerReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    const onStdout = (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('ready\n')) done()
    }
    const onStderr = (chunk: Buffer) => {
      stderr += chunk.toString()
    }
    const onExit = (code: number | null, signal: string | null) =>
      done(new Error(`writer exited (${code ?? signal}) before its first write:\n${stderr}`))
    const done = (error?: Error) => {
      child.stdout?.off('data', onStdout)
      child.off('exit', onExit)
      child.off('error', done)
      if (error) reject(error)
      else resolve()
    }
    child.stdout?.on('data', onStdout)
    child.stderr?.on('data', onStderr)
    child.on('exit', onExit)
    child.on('error', done)
  })
}

/**
 * Busy-polls `folder` until a write is visibly under way: a temp file exists (the atomic writer)
 * or a target is shorter than a whole recording (the plain one). Synchronous, so nothing runs
 * between seeing the write and the kill that follows. Returns false if none showed up in time.
 */
function pollForWrite(folder: string, timeoutMs: number): boolean {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    for (const name of readdirSync(folder)) {
      if (name.endsWith('.tmp')) return true
      if (TARGETS.includes(name) && sizeOf(join(folder, name)) < MIN_BYTES) return true
    }
  }
  return false
}

/** Spins for `ms` (under a millisecond): a sleep that short would be rounded up by timers. */
function spin(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // Wait; the child keeps writing meanwhile.
  }
}

/** How many kills landed while a temp file existed. */
function inTemp(rounds: readonly Round[]): number {
  return rounds.filter((round) => round.tempAtKill).length
}

/**
 * Removes the temp files a killed child left and returns how many there were. A temp file is
 * renamed away as the write completes, so one left behind proves the kill landed while it existed.
 * Removing them keeps the next round's poll from seeing an old one.
 */
function removeTempFiles(folder: string): number {
  const temps = readdirSync(folder).filter((name) => name.endsWith('.tmp'))
  for (const name of temps) rmSync(join(folder, name))
  return temps.length
}

/** Checks every target that exists; temp files are never read as recordings. */
function checkTargets(folder: string): FileCheck[] {
  const present = new Set(readdirSync(folder))
  return TARGETS.filter((name) => present.has(name)).map((name) => {
    const bytes = readFileSync(join(folder, name))
    return { name, bytes: bytes.length, verdict: verdictOf(bytes) }
  })
}

function verdictOf(bytes: Buffer): FileCheck['verdict'] {
  if (bytes.length === 0) return 'empty'
  let parsed: unknown
  try {
    parsed = JSON.parse(bytes.toString('utf8'))
  } catch {
    return 'torn'
  }
  if (typeof parsed !== 'object' || parsed === null || !('kind' in parsed)) return 'wrong-kind'
  if (parsed.kind !== 'vitest-scenario.recording') return 'wrong-kind'
  return bytes.length < MIN_BYTES ? 'too-small' : 'ok'
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size
  } catch {
    // Renamed or removed between readdir and stat: not a short file.
    return Number.POSITIVE_INFINITY
  }
}

/**
 * Transpiles the real writer from src/ for the child, which runs without a TypeScript loader.
 * Transpiling here rather than importing dist/ means the test always checks the current source,
 * built or not. The module imports only Node built-ins, so one file is enough.
 */
function transpileWriter(): void {
  const source = readFileSync(join(repoRoot, 'src/recordings/write-atomic.ts'), 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  writeFileSync(writerModule, outputText)
}

/** `ATOMIC_SEED` if set, else a fresh seed; either way it is printed, so a failure can be replayed. */
function seedFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return Math.floor(Math.random() * 2 ** 32)
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed >= 2 ** 32) {
    throw new Error(`ATOMIC_SEED must be an integer from 0 to 2^32 - 1, got '${value}'`)
  }
  return parsed
}

/** mulberry32: a small seeded generator, the same as the child's. */
function seeded(seedValue: number): () => number {
  let state = seedValue >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A 32-bit seed for a child, drawn from the parent's generator. */
function seed32(random: () => number): number {
  return Math.floor(random() * 2 ** 32)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
