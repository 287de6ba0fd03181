import { describe, expect, test } from 'vitest'
import { RecordingError } from '../../../src/errors/index.js'
import { formerNameStore } from '../../../src/hosts/core/former-names.js'
import type { FileTest, HostTest } from '../../../src/hosts/core/host-test.js'
import type { RecordingSettings } from '../../../src/hosts/core/recording-settings.js'
import { TestRecordings } from '../../../src/hosts/core/test-recordings.js'
import type { RecordingMode } from '../../../src/recordings/mode.js'
import { memoryStore } from '../../../src/recordings/store.js'
import { recordingTestId } from '../../../src/recordings/test-id.js'

// The recordings of one test as every host gets them from the core: sessions made on first use,
// current in the test's async context, refused for a duplicate name, finished once.

const FILE = '/project/test/a.test.ts'
const FOLDER = '/project/test/__recordings__/a.test.ts'

function hostTest(names: string[], overrides: Partial<HostTest> = {}): HostTest {
  return {
    id: {},
    names,
    file: FILE,
    mode: 'replay' as RecordingMode,
    allTestIds: () => undefined,
    annotate: () => {},
    ...overrides,
  }
}

function settings(overrides: Partial<RecordingSettings> = {}): RecordingSettings {
  return {
    root: '/project',
    store: memoryStore(),
    rerecordCommand: (file, names) => `rerecord ${file} ${names.join(' ')}`,
    ...overrides,
  }
}

describe('TestRecordings', () => {
  test('makes its own session once, at first use, named after the describe chain', () => {
    const recordings = new TestRecordings(hostTest(['suite', 'asks']), settings())
    const session = recordings.main()
    expect(session).toBe(recordings.main())
    expect(session?.options.file).toBe(`${FOLDER}/${recordingTestId(['suite', 'asks'])}.json`)
    expect(session?.options.test).toBe('suite > asks')
    expect(session?.options.command).toBe('rerecord test/a.test.ts suite asks')
  })

  test('with mode off there is no session', () => {
    const recordings = new TestRecordings(hostTest(['asks'], { mode: 'off' }), settings())
    expect(recordings.main()).toBeUndefined()
    expect(recordings.sample(0)).toBeUndefined()
  })

  test('the session is current inside run() only, and not after finish()', async () => {
    const recordings = new TestRecordings(hostTest(['asks']), settings())
    expect(TestRecordings.current()).toBeUndefined()
    const inside = await recordings.runInTest(async () => {
      await Promise.resolve()
      return TestRecordings.current()
    })
    expect(inside).toBe(recordings.main())
    await recordings.finish(false)
    expect(recordings.finished).toBe(true)
    expect(recordings.runInTest(() => TestRecordings.current())).toBeUndefined()
  })

  test('each sample has its own session, current in its async context', async () => {
    const recordings = new TestRecordings(hostTest(['asks']), settings())
    const seen = await recordings.inSample(1, async (session) => [
      session,
      TestRecordings.current(),
    ])
    expect(seen[0]).toBe(seen[1])
    expect(seen[0]?.options.file).toBe(`${FOLDER}/${recordingTestId(['asks'], 1)}.json`)
    const { summary } = await recordings.finish(false)
    expect(summary?.samples).toBe(2)
  })

  test('a test whose id another running test of its file has is refused', () => {
    const id = recordingTestId(['asks'])
    const all: FileTest[] = [
      { id, runs: true },
      { id, runs: true },
    ]
    const recordings = new TestRecordings(hostTest(['asks'], { allTestIds: () => all }), settings())
    const refuse = recordings.main()?.options.refuse
    expect(refuse).toBeInstanceOf(RecordingError)
    expect((refuse as Error).message).toContain('have the same full name')
  })

  test('a skipped namesake is no duplicate', () => {
    const id = recordingTestId(['asks'])
    const all: FileTest[] = [
      { id, runs: true },
      { id, runs: false },
    ]
    const recordings = new TestRecordings(hostTest(['asks'], { allTestIds: () => all }), settings())
    expect(recordings.main()?.options.refuse).toBeUndefined()
  })

  test('without a list of tests, the second test to claim an id is refused', () => {
    const shared = settings({ claimed: new Map() })
    const first = new TestRecordings(hostTest(['asks']), shared)
    const second = new TestRecordings(hostTest(['asks']), shared)
    expect(first.main()?.options.refuse).toBeUndefined()
    expect(second.main()?.options.refuse).toBeInstanceOf(RecordingError)
  })

  test('rename hints leave out the ids the tests own, former ids included', () => {
    const all: FileTest[] = [{ id: 'a-1', runs: true, formerIds: ['old-2'] }]
    const recordings = new TestRecordings(hostTest(['asks'], { allTestIds: () => all }), settings())
    expect(recordings.main()?.options.fileTestIds?.()).toEqual(new Set(['a-1', 'old-2']))
  })
})

describe('formerNameStore', () => {
  test('reads the former file while the new one is missing; a write renames it', () => {
    const store = memoryStore({ '/r/old.json': 'old text' })
    const renaming = formerNameStore(store, '/r/new.json', ['/r/old.json'])
    expect(renaming.read('/r/new.json')).toBe('old text')
    expect(renaming.read('/r/other.json')).toBeUndefined()
    renaming.write('/r/new.json', 'new text')
    expect([...store.files]).toEqual([['/r/new.json', 'new text']])
  })

  test('the new file wins over a former one', () => {
    const store = memoryStore({ '/r/old.json': 'old', '/r/new.json': 'new' })
    expect(formerNameStore(store, '/r/new.json', ['/r/old.json']).read('/r/new.json')).toBe('new')
  })

  test('deleting the recording deletes the former file too', () => {
    const store = memoryStore({ '/r/old.json': 'old' })
    formerNameStore(store, '/r/new.json', ['/r/old.json']).remove('/r/new.json')
    expect(store.files.size).toBe(0)
  })
})
