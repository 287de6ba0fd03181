// Spawned by test/recordings/atomic-write.test.ts, which SIGKILLs it while it writes. It writes
// recordings of more than 1 MB to a few target files in a loop, forever, with small seeded delays
// between writes, and prints `ready` once its first write has completed, so the parent only kills
// a process that is already in its write loop.
//
// argv: <writer: atomic | plain> <folder> <writer module> <seed> <target names, comma-separated>
//
// Plain JavaScript on purpose: the test suite has no TypeScript loader for child processes. The
// real `writeFileAtomic` comes in as a module the parent transpiled from src/, so this script
// always exercises the current source, built or not.
import { closeSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [writer, folder, writerModule, seedText, targetList] = process.argv.slice(2)
if (
  (writer !== 'atomic' && writer !== 'plain') ||
  !folder ||
  !writerModule ||
  !seedText ||
  !targetList
) {
  throw new Error(`usage: kill-writer.mjs atomic|plain <folder> <module> <seed> <a.json,b.json>`)
}
const targets = targetList.split(',')

/** mulberry32: the same small seeded generator as the parent's, so a seed replays a run. */
function seeded(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = seeded(Number(seedText))

/**
 * The control: `writeFile` straight onto the target, in 16 KiB pieces so that a kill can land
 * between two of them. Opening with `w` truncates first, as `fs.writeFile` does, so a kill leaves
 * an empty or a cut-off file: exactly what the atomic writer must never leave.
 */
function writePlain(path, content) {
  const bytes = Buffer.from(content)
  const fd = openSync(path, 'w')
  try {
    for (let at = 0; at < bytes.length; at += 16_384) {
      writeSync(fd, bytes, at, Math.min(16_384, bytes.length - at))
    }
  } finally {
    closeSync(fd)
  }
}

const write =
  writer === 'atomic'
    ? (await import(pathToFileURL(writerModule).href)).writeFileAtomic
    : writePlain

const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india']
/** A seeded sentence of about `length` characters, so recordings are large and not all alike. */
function text(length) {
  const parts = []
  let size = 0
  while (size < length) {
    const word = words[Math.floor(random() * words.length)]
    parts.push(word)
    size += word.length + 1
  }
  return parts.join(' ')
}

// 160 interactions of about 8 KB each: a recording of about 1.4 MB once pretty-printed.
const interactions = Array.from({ length: 160 }, (_, i) => ({
  request: {
    method: 'POST',
    path: '/chat/completions',
    body: { model: 'm', messages: [{ role: 'user', content: `${i}: ${text(2_000)}` }] },
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: {
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text(6_000) },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
    },
  },
  durationMs: 12,
}))

/** Recording number `n`: its name, one duration and one reply carry `n`, so every write differs. */
function render(n) {
  const changed = interactions[n % interactions.length]
  changed.durationMs = n
  changed.response.body.choices[0].message.content = `write ${n}: ${text(6_000)}`
  const recording = {
    kind: 'vitest-scenario.recording',
    formatVersion: 1,
    keyVersion: 1,
    test: `suite > write ${n}`,
    status: 'complete',
    interactions,
  }
  return `${JSON.stringify(recording, null, 2)}\n`
}

for (let n = 0; ; n++) {
  const target = targets[Math.floor(random() * targets.length)]
  write(join(folder, target), render(n))
  if (n === 0) process.stdout.write('ready\n')
  // Up to 3 ms between writes: the parent's kills also land between writes, not only inside one.
  await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 4)))
}
