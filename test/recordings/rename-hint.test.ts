import { describe, expect, test } from 'vitest'
import { RecordingMissingError } from '../../src/errors/index.js'
import { rerecordCommand } from '../../src/recordings/miss-report.js'
import {
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  serializeRecording,
} from '../../src/recordings/recording-file.js'
import { type DirectCall, RecordingSession } from '../../src/recordings/session.js'
import { type MemoryStore, memoryStore } from '../../src/recordings/store.js'
import { recordingPath, recordingTestId } from '../../src/recordings/test-id.js'

// A renamed test: its recording stays under the old name (the file name is made from the test's
// full name), so in replay the test finds no file. The miss report names the folder's recordings
// no test of the file owns, and the `mv` that makes the recording this test's again. Sessions are
// driven directly over a memory store, as a host drives them; `fileTestIds` is the host's list.

const ROOT = '/project'
const FOLDER = `${ROOT}/test/__recordings__/a.test.ts`
const SHOWN = 'test/__recordings__/a.test.ts'
const OLD = ['pushback', 'keeps its answer']
const NEW = ['pushback', 'keeps its answer under pushback']
const OTHER = ['asks about venetoclax']

const id = (names: readonly string[], sample?: number) => recordingTestId(names, sample)
const file = (names: readonly string[], sample?: number) => recordingPath(FOLDER, id(names, sample))
const shown = (names: readonly string[], sample?: number) => recordingPath(SHOWN, id(names, sample))

/** A call as the library makes it without an SDK: one user question. */
const call = (question: string): DirectCall => ({
  url: 'https://api.example.com/v1/chat/completions',
  baseURL: 'https://api.example.com/v1',
  body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: question }] }),
})

/** A complete recording of `test` answering `questions`, as a recorded run writes it. */
function recording(test: string, questions: readonly string[]): string {
  return serializeRecording({
    kind: RECORDING_KIND,
    formatVersion: RECORDING_FORMAT_VERSION,
    keyVersion: RECORDING_KEY_VERSION,
    test,
    status: 'complete',
    interactions: questions.map((question) => ({
      request: {
        method: 'POST',
        path: '/chat/completions',
        body: { messages: [{ content: question, role: 'user' }], model: 'test-model' },
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { id: 'chatcmpl-1', choices: [{ message: { content: `Echo: ${question}` } }] },
      },
      durationMs: 3,
    })),
  })
}

/** The replay session of test `names` (sample `sample`) in a file whose tests are `tests`. */
function replaySession(
  store: MemoryStore,
  names: readonly string[],
  options: { tests?: readonly (readonly string[])[] | undefined; sample?: number } = {},
): RecordingSession {
  const { tests, sample } = options
  return new RecordingSession({
    file: file(names, sample),
    displayFile: shown(names, sample),
    test: names.join(' > ') + (sample === undefined ? '' : ` (sample ${sample})`),
    mode: 'replay',
    command: rerecordCommand('test/a.test.ts', names),
    store,
    ...(tests === undefined ? {} : { fileTestIds: () => new Set(tests.map((t) => id(t))) }),
  })
}

/** The miss `question` fails with in `session`. */
function missOf(session: RecordingSession, question: string): RecordingMissingError {
  const failure = session.replayDirect(call(question))?.failure
  expect(failure).toBeInstanceOf(RecordingMissingError)
  return failure as RecordingMissingError
}

const QUESTION = 'Which drug inhibits BCL-2?'

describe('a replay miss with no recording file names the recordings no test owns', () => {
  test('one that holds the call: the fix names it, its test, and the exact mv; after the mv it replays', () => {
    const store = memoryStore({
      [file(OLD)]: recording(OLD.join(' > '), [QUESTION]),
      [file(OTHER)]: recording(OTHER.join(' > '), [QUESTION]),
    })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW, OTHER] }), QUESTION)
    expect(miss.code).toBe('recording_missing')
    expect(miss.what).toContain('no recording file exists')
    expect(miss.subjects).toContain(`recording: ${shown(NEW)}`)
    expect(miss.fix).toBe(
      [
        "This test may have been renamed: a recording in its folder belongs to no test of its file and holds this call's request:",
        `  - ${shown(OLD)} (recorded for test 'pushback > keeps its answer')`,
        "If it is this test's recording under its old name, rename it to the name this test looks for (the name is made from the test's full name; the recorded calls then replay as they are, with no model call), and commit the rename:",
        `  mv ${shown(OLD)} ${shown(NEW)}`,
        'Otherwise re-record this test (calls the model, needs its API key):',
        "  npx vitest run test/a.test.ts -t 'pushback keeps its answer under pushback' -u",
      ].join('\n'),
    )
    // The message carries the fix after the report, with the library's prefix.
    expect(miss.message.startsWith('[vitest-scenario] No recording for model call #1')).toBe(true)
    expect(miss.message).toContain(miss.fix)

    // Doing what it says works: the same file under the new name replays the call.
    store.files.set(file(NEW), store.files.get(file(OLD)) as string)
    store.files.delete(file(OLD))
    const renamed = replaySession(store, NEW, { tests: [NEW, OTHER] })
    expect(renamed.replayDirect(call(QUESTION))?.body).toMatchObject({
      choices: [{ message: { content: `Echo: ${QUESTION}` } }],
    })
    expect(renamed.failures).toEqual([])
  })

  test('recordings a test of the file owns are never named, run or not', () => {
    const store = memoryStore({ [file(OTHER)]: recording(OTHER.join(' > '), [QUESTION]) })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW, OTHER] }), QUESTION)
    expect(miss.fix).toBe(
      "Re-record this test (calls the model, needs its API key):\n  npx vitest run test/a.test.ts -t 'pushback keeps its answer under pushback' -u",
    )
  })

  test('a host that cannot list the tests of the file gets the report as before', () => {
    const store = memoryStore({ [file(OLD)]: recording(OLD.join(' > '), [QUESTION]) })
    const miss = missOf(replaySession(store, NEW), QUESTION)
    expect(miss.fix).not.toContain('renamed')
    expect(miss.fix).toContain('Re-record this test')
  })

  test('several, one of which holds the call: only that one is named, with its mv', () => {
    const store = memoryStore({
      [file(['gone one'])]: recording('gone one', ['Something else?']),
      [file(OLD)]: recording(OLD.join(' > '), [QUESTION, 'Are you sure?']),
      [file(['gone two'])]: recording('gone two', ['And another?']),
    })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW] }), QUESTION)
    expect(miss.fix).toContain(
      `  - ${shown(OLD)} (recorded for test 'pushback > keeps its answer')`,
    )
    expect(miss.fix).not.toContain('gone')
    expect(miss.fix).toContain(`  mv ${shown(OLD)} ${shown(NEW)}`)
  })

  test('none that holds the call: they are named, renaming is not offered, re-recording is', () => {
    const store = memoryStore({
      [file(['gone one'])]: recording('gone one', ['Something else?']),
      [file(['gone two'])]: recording('gone two', ['And another?']),
    })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW] }), QUESTION)
    expect(miss.fix).toBe(
      [
        'This test may have been renamed: 2 recordings in its folder belong to no test of its file:',
        `  - ${shown(['gone one'])} (recorded for test 'gone one')`,
        `  - ${shown(['gone two'])} (recorded for test 'gone two')`,
        "None of them holds this call's request, so renaming one would not replay this call. Re-record this test (calls the model, needs its API key), then delete the old recording if it was this test's:",
        "  npx vitest run test/a.test.ts -t 'pushback keeps its answer under pushback' -u",
      ].join('\n'),
    )
    expect(miss.fix).not.toContain('mv ')
  })

  test('several that hold the call: each is named, and the mv names the target', () => {
    const store = memoryStore({
      [file(['gone one'])]: recording('gone one', [QUESTION]),
      [file(['gone two'])]: recording('gone two', [QUESTION]),
    })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW] }), QUESTION)
    expect(miss.fix).toContain('2 recordings in its folder belong to no test of its file and hold')
    expect(miss.fix).toContain(`  mv <old recording> ${shown(NEW)}`)
  })

  test("a sample's miss names the old test's same sample, renamed to this sample's file", () => {
    const store = memoryStore({
      [file(OLD, 0)]: recording(`${OLD.join(' > ')} (sample 0)`, [QUESTION]),
      [file(OLD, 1)]: recording(`${OLD.join(' > ')} (sample 1)`, [QUESTION]),
      [file(OLD)]: recording(OLD.join(' > '), [QUESTION]),
    })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW], sample: 1 }), QUESTION)
    expect(miss.fix).toContain(
      `  - ${shown(OLD, 1)} (recorded for test 'pushback > keeps its answer (sample 1)')`,
    )
    expect(miss.fix).toContain(`  mv ${shown(OLD, 1)} ${shown(NEW, 1)}`)
    expect(miss.fix).not.toContain(shown(OLD, 0))
    expect(miss.fix).not.toContain(`${shown(OLD)} `)
  })

  test('a file that is no recording is named without a test name, and not offered for a rename', () => {
    const store = memoryStore({ [file(OLD)]: '{ "not": "a recording" }' })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW] }), QUESTION)
    expect(miss.fix).toContain(`  - ${shown(OLD)} (its test name could not be read)`)
    expect(miss.fix).not.toContain('mv ')
  })

  test("a test whose own file exists gets the diff, not a rename: the file is this test's", () => {
    const store = memoryStore({
      [file(NEW)]: recording(NEW.join(' > '), ['Which drug inhibits BCL-XL?']),
      [file(OLD)]: recording(OLD.join(' > '), [QUESTION]),
    })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW] }), QUESTION)
    expect(miss.what).toContain('no recorded request matches this one')
    expect(miss.fix).not.toContain('renamed')
  })

  test('the recorded test name is masked like every part of a message', () => {
    const key = 'sk-renamedtest0123456789abcdefghij'
    const store = memoryStore({ [file(OLD)]: recording(`uses ${key}`, [QUESTION]) })
    const miss = missOf(replaySession(store, NEW, { tests: [NEW] }), QUESTION)
    expect(miss.fix).toContain('recorded for test')
    expect(miss.message).not.toContain(key)
  })
})
