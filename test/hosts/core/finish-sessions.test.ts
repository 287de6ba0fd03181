import { describe, expect, test } from 'vitest'
import { RecordingError } from '../../../src/errors/index.js'
import { finishTestSessions, refusingSession } from '../../../src/hosts/core/finish-sessions.js'
import { RecordingSession } from '../../../src/recordings/session.js'
import { memoryStore } from '../../../src/recordings/store.js'

// What both hosts do when a test ends: finish the sessions it made, in one summary and a list of
// failures. A session here makes no call (replay mode, a memory store): it finishes with zeros.

const store = memoryStore()
const session = (file: string) =>
  new RecordingSession({
    file: `/memory/${file}`,
    displayFile: file,
    test: 'asks',
    mode: 'replay',
    command: 'npx vitest run a.test.ts -u',
    store,
  })

describe('finishTestSessions', () => {
  test('a test that made no session has no summary and no failures', async () => {
    expect(await finishTestSessions(undefined, [], false)).toEqual({
      summary: undefined,
      failures: [],
    })
  })

  test("a test's own session names its file; no sample count", async () => {
    const { summary } = await finishTestSessions(session('asks.json'), [], false)
    expect(summary).toEqual({
      file: 'asks.json',
      mode: 'replay',
      replayed: 0,
      recorded: 0,
      misses: 0,
      written: false,
      deleted: false,
    })
  })

  test("with samples the first sample's file is named, whether or not the own session was made", async () => {
    const samples = [session('asks.sample-0.json'), undefined, session('asks.sample-2.json')]
    const withOwn = await finishTestSessions(session('asks.json'), samples, false)
    const withoutOwn = await finishTestSessions(undefined, samples, false)
    for (const { summary } of [withOwn, withoutOwn]) {
      expect(summary).toMatchObject({ file: 'asks.sample-0.json', samples: 3 })
    }
  })

  test('a refusal shared by several sessions is one failure', async () => {
    const error = new RecordingError({ what: 'Refused', fix: 'Fix it.' }, 'asks.json')
    const own = refusingSession(error, store)
    const sample = refusingSession(error, store)
    const call = {
      url: 'http://127.0.0.1:9/v1/chat/completions',
      body: '{}',
      baseURL: 'http://127.0.0.1:9/v1',
    }
    expect(() => own.replayDirect(call)).toThrow(error)
    expect(() => sample.replayDirect(call)).toThrow(error)
    const { failures } = await finishTestSessions(own, [sample], false)
    expect(failures).toEqual([error])
  })
})
