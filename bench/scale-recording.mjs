// @ts-check
// Recording size and replay (see bench/README.md, "Recording size and replay"): one long conversation recorded
// through a RecordingSession, its file written in format 1 (every request in full, as versions
// before format 2 wrote it) and in format 2 (a request that extends an earlier one stored as what
// it adds), then each file replayed call by call as an SDK's `fetch` would be answered. Prints the
// file sizes and replay times at 50 and 500 turns, the growth between them (linear ×10), and the
// targets. `--quick` runs fewer repetitions.
// Run with `node bench/scale-recording.mjs` after `npx tsc -p tsconfig.build.json`.

import { pathToFileURL } from 'node:url'
import { parseRecording, serializeRecording } from 'vitest-scenario/core'
import { memoryStore, RecordingSession } from 'vitest-scenario/host'

const BASE_URL = 'http://127.0.0.1:9/v1'
const FILE = '/bench/__recordings__/long.test.ts/a-long-conversation-00000000.json'
const KEY = 'test-key-fake-bench'
const SIZES = [50, 500]
/** The targets at 500 turns. */
const MAX_BYTES = 2 * 1024 * 1024
const MAX_REPLAY_MS = 300

/**
 * Records a conversation of 50 and of 500 turns, then prints each format's file size and replay
 * time, the growth and the targets.
 * @param {{ quick: boolean }} options
 */
export async function study({ quick }) {
  const repeats = quick ? 3 : 7
  console.log(
    `Recording size and replay: one conversation, replayed call by call (median of ${repeats})`,
  )
  console.log(
    'turns   format 1 size   format 2 size   format 1 replay   format 2 replay   size 2 ÷ 1',
  )
  /** @type {{ turns: number, v1: number, v2: number, v1Ms: number, v2Ms: number }[]} */
  const rows = []
  for (const turns of SIZES) {
    const conversation = makeConversation(turns)
    const v2Text = await record(conversation)
    const v1Text = formatOne(v2Text)
    // Both files hold the same conversation: format 2 differs only in its bytes.
    const v1 = parseRecording(v1Text, FILE)
    const v2 = parseRecording(v2Text, FILE)
    if (JSON.stringify(v1.interactions) !== JSON.stringify(v2.interactions)) {
      throw new Error('BENCHMARK INVALID: format 1 and format 2 files read back differently')
    }
    const v1Ms = await median(() => replay(v1Text, conversation), repeats)
    const v2Ms = await median(() => replay(v2Text, conversation), repeats)
    const row = { turns, v1: bytes(v1Text), v2: bytes(v2Text), v1Ms, v2Ms }
    rows.push(row)
    console.log(
      `${String(turns).padEnd(8)}${size(row.v1).padStart(13)}${size(row.v2).padStart(16)}${ms(v1Ms).padStart(18)}${ms(v2Ms).padStart(18)}${`×${(row.v2 / row.v1).toFixed(3)}`.padStart(13)}`,
    )
  }
  const [small, large] = rows
  if (small === undefined || large === undefined) return
  const growth = large.v2 / small.v2
  console.log(
    `size growth 50 → 500 turns: format 1 ×${(large.v1 / small.v1).toFixed(1)}, format 2 ×${growth.toFixed(1)} (linear ×10)`,
  )
  console.log(
    `targets at 500 turns: format 2 file ≤ 2 MB: ${verdict(large.v2 <= MAX_BYTES)} (${size(large.v2)}); size linear (growth ≤ ×12): ${verdict(growth <= 12)}; replay ≤ 0.3 s: ${verdict(large.v2Ms <= MAX_REPLAY_MS)} (${ms(large.v2Ms)})`,
  )
}

/**
 * What one turn sends and gets: a chat completions request whose `messages` grow by the previous
 * answer and a new question, and the answer.
 * @typedef {{ body: string, answer: string, response: string }} Turn
 */

/**
 * @param {number} turns
 * @returns {Turn[]}
 */
function makeConversation(turns) {
  /** @type {{ role: string, content: string }[]} */
  const messages = [
    {
      role: 'system',
      content: 'You are a careful pharmacology tutor. Answer in one or two short sentences.',
    },
  ]
  /** @type {Turn[]} */
  const out = []
  for (let i = 0; i < turns; i++) {
    messages.push({
      role: 'user',
      content: `Question ${i + 1}: which drug inhibits target number ${i + 1}, and what is its most common side effect?`,
    })
    const answer = `Answer ${i + 1}: drug-${i + 1} inhibits it; its most common side effect is nausea, which usually fades within a week.`
    const body = JSON.stringify({ model: 'bench-model', temperature: 0, messages })
    const response = JSON.stringify({
      id: `chatcmpl-${i + 1}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'bench-model',
      choices: [
        { index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 20 * (i + 1), completion_tokens: 24, total_tokens: 20 * i + 44 },
    })
    out.push({ body, answer, response })
    messages.push({ role: 'assistant', content: answer })
  }
  return out
}

/**
 * Records the conversation live (a `fetch` that answers at once) and returns the file's text.
 * @param {Turn[]} conversation
 */
async function record(conversation) {
  const store = memoryStore()
  const session = newSession('rerecord', store)
  for (const turn of conversation) {
    const response = await session.handle(call(turn, async () => jsonResponse(turn.response)))
    await response.text()
  }
  await session.finish(false)
  const text = store.files.get(FILE)
  if (text === undefined) throw new Error('BENCHMARK INVALID: nothing was recorded')
  return text
}

/**
 * Replays a recording's text, every call through `handle` as an SDK's `fetch` reaches it (the
 * file read and parsed included); fails when an answer is not the recorded one.
 * @param {string} text
 * @param {Turn[]} conversation
 */
async function replay(text, conversation) {
  const session = newSession('replay', memoryStore({ [FILE]: text }))
  const live = async () => {
    throw new Error('BENCHMARK INVALID: a replayed call went live')
  }
  for (const turn of conversation) {
    const response = await session.handle(call(turn, live))
    const body = /** @type {{ choices: { message: { content: string } }[] }} */ (
      await response.json()
    )
    if (body.choices[0]?.message.content !== turn.answer) {
      throw new Error('BENCHMARK INVALID: a replayed answer is not the recorded one')
    }
  }
  await session.finish(false)
}

/**
 * @param {'replay' | 'rerecord'} mode
 * @param {import('vitest-scenario/host').RecordingStore} store
 */
function newSession(mode, store) {
  return new RecordingSession({
    file: FILE,
    displayFile: 'long.test.ts',
    test: 'a long conversation',
    mode,
    command: 'npx vitest run long.test.ts -u',
    store,
  })
}

/**
 * @param {Turn} turn
 * @param {import('vitest-scenario/host').Fetch} live
 */
function call(turn, live) {
  return {
    url: `${BASE_URL}/chat/completions`,
    baseURL: BASE_URL,
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: turn.body,
    },
    live,
  }
}

/** @param {string} body */
function jsonResponse(body) {
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
}

/**
 * The same recording as format 1 (and every version before format 2) writes it: every request in
 * full. `serializeRecording` writes the format a recording's `formatVersion` names.
 * @param {string} text a format 2 recording's text
 */
function formatOne(text) {
  const file = parseRecording(text, FILE)
  if (file.formatVersion !== 2) throw new Error('BENCHMARK INVALID: the recording is not format 2')
  return serializeRecording({ ...file, formatVersion: 1 })
}

/**
 * The median wall time of `fn` in milliseconds, after one untimed run.
 * @param {() => Promise<unknown>} fn
 * @param {number} repeats
 */
async function median(fn, repeats) {
  await fn()
  /** @type {number[]} */
  const times = []
  for (let i = 0; i < repeats; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return /** @type {number} */ (times[Math.floor(times.length / 2)])
}

/** @param {string} text */
const bytes = (text) => Buffer.byteLength(text)
/** @param {number} n */
const size = (n) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`
/** @param {number} n */
const ms = (n) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`)
/** @param {boolean} met */
const verdict = (met) => (met ? 'MET' : 'NOT MET')

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await study({ quick: process.argv.includes('--quick') })
}
