import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { acquireFileLock } from '../support/llama/file-lock.js'

const dir = await mkdtemp(join(tmpdir(), 'vitest-scenario-lock-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
const options = { timeoutMs: 5000, staleMs: 60_000 }

test('a second taker waits until the holder releases the lock', async () => {
  const lockDir = join(dir, 'a.lock')
  const first = await acquireFileLock(lockDir, options)
  const events: string[] = []
  const second = acquireFileLock(lockDir, {
    ...options,
    onWait: () => events.push('waiting'),
  }).then((lock) => {
    events.push('acquired')
    return lock
  })
  await new Promise((resolve) => setTimeout(resolve, 400))
  expect(events).toEqual(['waiting'])
  await first.release()
  await (await second).release()
  expect(events).toEqual(['waiting', 'acquired'])
})

test('a lock left by a process that is gone is taken over at once', async () => {
  const lockDir = join(dir, 'b.lock')
  const gone = spawnSync(process.execPath, ['-e', '']).pid
  await mkdir(lockDir)
  await writeFile(
    join(lockDir, 'owner.json'),
    JSON.stringify({ pid: gone, host: hostname(), since: new Date().toISOString() }),
  )
  const started = Date.now()
  const lock = await acquireFileLock(lockDir, options)
  expect(Date.now() - started).toBeLessThan(1000)
  await lock.release()
})

test('waiting gives up with the holder named', async () => {
  const lockDir = join(dir, 'c.lock')
  const held = await acquireFileLock(lockDir, options)
  await expect(acquireFileLock(lockDir, { timeoutMs: 300, staleMs: 60_000 })).rejects.toThrow(
    new RegExp(`timed out .*held by pid ${process.pid}`),
  )
  await held.release()
})
