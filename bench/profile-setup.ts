// A setup file that profiles a Vitest worker: one `.cpuprofile` per test file, written to the
// folder in PROFILE_DIR (default /tmp/prof). See bench/README.md, "Where the scenario suite's
// time goes": list it in `setupFiles` of a copy of a generated benchmark project.
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

const folder = process.env.PROFILE_DIR ?? '/tmp/prof'
const session = new Session()

beforeAll(async () => {
  session.connect()
  await session.post('Profiler.enable')
  // 100 µs between samples: a test of the benchmark takes 1–3 ms.
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
})

afterAll(async () => {
  const { profile } = await session.post('Profiler.stop')
  mkdirSync(folder, { recursive: true })
  writeFileSync(
    join(folder, `worker-${process.pid}-${Date.now()}.cpuprofile`),
    JSON.stringify(profile),
  )
  session.disconnect()
})
