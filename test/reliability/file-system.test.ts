import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RecordingError } from '../../src/errors/index.js'
import { fileSystemProblem } from '../../src/recordings/file-system-error.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { repoRoot, resultsDir } from '../support/paths.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'
import {
  isRoot,
  makeReadOnly,
  mountTmpfs,
  type ReadOnlyFolder,
  tmpfsUnavailable,
  unmount,
} from './support/unwritable-folders.js'

// Promise: a recording that cannot be written or deleted (a read-only folder, a full disk, a
// path through a file) fails its test with a RecordingError that names the file, says the errno
// code in words and what to do; the file already on disk is left as it was, no temporary file
// is left behind, and the run goes on: never a raw ENOENT/EROFS/ENOSPC/EACCES, never a crash.
//
// How the folders are made: a path whose parent is a regular FILE (ENOTDIR) works everywhere. A
// read-only folder is chmod 0555 for a non-root user; as root (chmod does not stop root) it is a
// tmpfs mounted read-only, where mounting is allowed. A full disk is a 16 KB tmpfs, only where
// mounting is allowed. Where a case cannot be set up, it is skipped and says why.

const KEY = 'test-key-fake-file-system'
const base = join(resultsDir, 'reliability-file-system', String(process.pid))
const mountProblem = tmpfsUnavailable()
const readOnlyProblem = isRoot ? mountProblem : undefined
if (readOnlyProblem !== undefined) console.warn(`[skipped] read-only folder: ${readOnlyProblem}`)
if (mountProblem !== undefined) console.warn(`[skipped] full disk: ${mountProblem}`)

let server: ScriptedServer
const undo: (() => void)[] = []

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
beforeEach(() => {
  server.reset()
  server.setDefaultReply({ content: 'Venetoclax.', id: 'chatcmpl-fs' })
})
afterEach(() => {
  for (const step of undo.splice(0).reverse()) step()
})
afterAll(async () => {
  await server.close()
  rmSync(base, { recursive: true, force: true })
})

function recorderAt(file: string, mode: Exclude<RecordingMode, 'off'>): RecordingSession {
  return new RecordingSession({
    file,
    displayFile: relative(repoRoot, file),
    test: 'file system > records',
    mode,
    command: 'npx vitest run test/reliability/file-system.test.ts',
  })
}

/** One chat call through the recorder, to `baseURL` (the scripted server unless told). */
async function call(recorder: RecordingSession, question: string, baseURL = server.baseURL) {
  const response = await recorder.handle({
    url: `${baseURL}/chat/completions`,
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'test-model',
        messages: [{ role: 'user', content: question }],
      }),
    },
    baseURL,
    live: (input, init) => fetch(input, init),
  })
  return response.text()
}

/** What `finish` rejected with; fails the test when it did not reject. */
async function finishError(recorder: RecordingSession): Promise<RecordingError> {
  const outcome = await recorder.finish(false).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(outcome).toBeInstanceOf(RecordingError)
  return outcome as RecordingError
}

function readOnly(dir: string): ReadOnlyFolder {
  const made = makeReadOnly(dir)
  if ('skip' in made) throw new Error(`cannot make ${dir} read-only: ${made.skip}`)
  undo.push(made.undo)
  return made
}

const tempFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'))

describe('a recording that cannot be written fails its test with the file, the cause and the fix', () => {
  test('a folder of the path is a regular file (ENOTDIR): the first call fails, none goes out', async () => {
    mkdirSync(base, { recursive: true })
    writeFileSync(join(base, 'blocker'), 'a file where a folder should be')
    const file = join(base, 'blocker', 'recordings', 'records.json')
    const recorder = recorderAt(file, 'new')
    const before = server.requests.length
    // The recording is looked up first; the path cannot hold one, so nothing is paid for.
    const thrown = await call(recorder, 'Which drug inhibits BCL-2?').catch((e: unknown) => e)
    expect(server.requests.length).toBe(before)
    const [error] = recorder.failures
    expect(thrown).toBe(error)
    expect(error).toBeInstanceOf(RecordingError)
    expect(error?.message).toMatch(
      /^\[vitest-scenario\] Recording file cannot be read: a part of the path is a file, not a folder \(ENOTDIR\)\n/,
    )
    expect(error?.message).toContain(`file: ${relative(repoRoot, file)}`)
    expect(error?.message).toContain('set `recordings.dir` in scenarioPlugin()')
    expect((error as RecordingError).file).toBe(file)
    expect(((error as RecordingError).cause as NodeJS.ErrnoException).code).toBe('ENOTDIR')
    // Nothing to write: finishing adds no error of its own.
    await expect(recorder.finish(false)).resolves.toMatchObject({ written: false })
  })

  test.skipIf(readOnlyProblem !== undefined)(
    `a read-only folder (${isRoot ? 'root: a read-only tmpfs' : 'chmod 0555'})`,
    async () => {
      const folder = join(base, 'read-only-write')
      const file = join(folder, 'records.json')
      mkdirSync(folder, { recursive: true })
      writeFileSync(file, 'the old recording')
      const { how } = readOnly(folder)
      const recorder = recorderAt(file, 'rerecord')
      await call(recorder, 'Which drug inhibits BTK?')
      const error = await finishError(recorder)
      const words = isRoot ? 'read-only file system \\(EROFS\\)' : 'permission denied \\(EACCES\\)'
      expect(error.message, how).toMatch(
        new RegExp(`^\\[vitest-scenario\\] Recording file could not be written: ${words}\\n`),
      )
      expect(error.message).toContain(`file: ${relative(repoRoot, file)}`)
      expect(error.message).toMatch(
        isRoot ? /read-only file system: mount it writable/ : /permissions/,
      )
      expect(error.message).toContain('recordings.dir')
      expect(readFileSync(file, 'utf8')).toBe('the old recording')
      expect(tempFiles(folder)).toEqual([])
    },
  )

  test.skipIf(readOnlyProblem !== undefined)(
    'a recording that -u must delete, in a read-only folder',
    async () => {
      const folder = join(base, 'read-only-delete')
      const file = join(folder, 'records.json')
      mkdirSync(folder, { recursive: true })
      const first = recorderAt(file, 'new')
      await call(first, 'Which drug inhibits EGFR?')
      await first.finish(false)
      const recorded = readFileSync(file, 'utf8')
      readOnly(folder)
      // Under -u the test now makes a call that never gets an answer (nothing listens on port 9):
      // its recording has no interaction left and is deleted, which the folder refuses.
      const recorder = recorderAt(file, 'all')
      await expect(call(recorder, 'Something else?', 'http://127.0.0.1:9/v1')).rejects.toThrow()
      const error = await finishError(recorder)
      const words = isRoot ? 'read-only file system \\(EROFS\\)' : 'permission denied \\(EACCES\\)'
      expect(error.message).toMatch(
        new RegExp(`^\\[vitest-scenario\\] Recording file could not be deleted: ${words}\\n`),
      )
      expect(error.message).toContain(`file: ${relative(repoRoot, file)}`)
      expect(readFileSync(file, 'utf8')).toBe(recorded)
    },
  )

  test.skipIf(mountProblem !== undefined)(
    'a full disk (a 16 KB tmpfs): ENOSPC, the old recording intact',
    async () => {
      const folder = join(base, 'full-disk')
      mountTmpfs(folder, 16 * 1024)
      undo.push(() => unmount(folder))
      const file = join(folder, 'records.json')
      writeFileSync(file, 'the old recording')
      // An answer four times the size of the disk.
      server.setDefaultReply({ content: 'x'.repeat(64 * 1024), id: 'chatcmpl-big' })
      const recorder = recorderAt(file, 'rerecord')
      await call(recorder, 'Write a long answer.')
      const error = await finishError(recorder)
      expect(error.message).toMatch(
        /^\[vitest-scenario\] Recording file could not be written: no space left on the device \(ENOSPC\)\n/,
      )
      expect(error.message).toContain(`file: ${relative(repoRoot, file)}`)
      expect(error.message).toContain('Free disk space')
      expect(readFileSync(file, 'utf8')).toBe('the old recording')
      expect(tempFiles(folder)).toEqual([])
    },
  )
})

// The same through a real `vitest` run of a sample project (test/projects/reliability-file-system):
// the failure is the test's, with the message above, and the run goes on to its other tests.
test('an error without an errno code is explained from the system wording (Node 24 rmSync)', () => {
  // What Node 24's rmSync throws on a read-only file system: no `code`, strerror in the message.
  const bare = Object.assign(
    new Error(", Unknown error: Read-only file system '/x/records.json' ()"),
    { code: '' },
  )
  expect(fileSystemProblem(bare).words).toBe('read-only file system (EROFS)')
  expect(fileSystemProblem(new Error('No space left on device')).code).toBe('ENOSPC')
})

describe('in a vitest run', () => {
  let dir: string
  beforeAll(() => {
    dir = prepareSample('reliability-file-system')
  })

  const local = (args: string[], env: Record<string, string | undefined> = {}) =>
    runVitestAsync(dir, args.includes('-u') ? args : ['--update=new', ...args], {
      CI: '',
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: KEY,
      ...env,
    })

  test('a recordings folder through a file fails that test; the others pass; no crash', async () => {
    writeFileSync(join(dir, 'blocked'), 'a file where the recordings folder should be')
    const run = await local([], { SCENARIO_RECORDINGS_DIR: 'blocked/recordings' })
    expect(run.code, run.output).toBe(1)
    expect(run.output).toContain(
      '[vitest-scenario] Recording file cannot be read: a part of the path is a file, not a folder (ENOTDIR)',
    )
    expect(run.output).toMatch(
      /file: blocked\/recordings\/writes\.test\.ts\/records-its-conversation-[0-9a-f]{8}\.json/,
    )
    expect(run.output).toMatch(/✓ .*a test without model calls/)
    expect(run.output).toMatch(/Tests {2}1 failed \| 1 passed/)
    // The test's failure is the library's message; Node's error only follows as its cause.
    expect(run.output).toMatch(/→ \[vitest-scenario\] Recording file cannot be read: /)
    expect(run.output).not.toMatch(/Unhandled/)
  }, 120_000)

  test.skipIf(readOnlyProblem !== undefined)(
    'a recording that cannot be written fails that test; the others pass; no crash',
    async () => {
      const folder = join(dir, '__recordings__', 'writes.test.ts')
      rmSync(join(dir, '__recordings__'), { recursive: true, force: true })
      readOnly(folder)
      const run = await local([])
      expect(run.code, run.output).toBe(1)
      const words = isRoot ? 'read-only file system (EROFS)' : 'permission denied (EACCES)'
      expect(run.output).toContain(
        `[vitest-scenario] Recording file could not be written: ${words}`,
      )
      expect(run.output).toMatch(
        /file: __recordings__\/writes\.test\.ts\/records-its-conversation-[0-9a-f]{8}\.json/,
      )
      expect(run.output).toMatch(/✓ .*a test without model calls/)
      expect(run.output).toMatch(/Tests {2}1 failed \| 1 passed/)
      expect(run.output).toMatch(/→ \[vitest-scenario\] Recording file could not be written: /)
      expect(run.output).not.toMatch(/Unhandled/)
    },
    120_000,
  )

  test.skipIf(readOnlyProblem !== undefined)(
    'obsolete recordings that -u cannot delete are reported, not a crash',
    async () => {
      rmSync(join(dir, '__recordings__'), { recursive: true, force: true })
      const recorded = await local([])
      expect(recorded.code, recorded.output).toBe(0)
      const folder = join(dir, '__recordings__', 'writes.test.ts')
      const obsolete = join(folder, 'a-test-that-was-renamed-0123abcd.json')
      writeFileSync(obsolete, readFileSync(join(folder, readdirSync(folder)[0] as string)))
      readOnly(folder)
      const run = await local(['-u', '-t', 'without model calls'])
      expect(run.code, run.output).toBe(1)
      const words = isRoot ? 'read-only file system (EROFS)' : 'permission denied (EACCES)'
      expect(run.output).toContain(
        `[vitest-scenario] Recording file could not be deleted: ${words}`,
      )
      expect(run.output).toContain(
        'file: __recordings__/writes.test.ts/a-test-that-was-renamed-0123abcd.json',
      )
      expect(run.output).toMatch(/✓ .*a test without model calls/)
      expect(run.output).not.toMatch(/Unhandled/)
      expect(existsSync(obsolete)).toBe(true)
    },
    120_000,
  )
})
