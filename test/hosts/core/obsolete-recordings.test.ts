import { describe, expect, test } from 'vitest'
import { obsoleteRecordings, obsoleteWarning } from '../../../src/hosts/core/obsolete-recordings.js'
import { memoryStore } from '../../../src/recordings/store.js'

// A test file's folder when the file ends: what no test owns is reported, and deleted under -u.

const FOLDER = '/p/test/__recordings__/a.test.ts'
const files = () =>
  memoryStore({
    [`${FOLDER}/kept-1.json`]: '{}',
    [`${FOLDER}/kept-1.sample-0.json`]: '{}',
    [`${FOLDER}/kept-1.sample-1.json`]: '{}',
    [`${FOLDER}/renamed-2.json`]: '{}',
    [`${FOLDER}/former-3.json`]: '{}',
    [`${FOLDER}/.x.json.123.tmp`]: '',
  })
const tests = [
  { id: 'kept-1', runs: true, samples: 1 },
  { id: 'new-3', runs: false, formerIds: ['former-3'] },
]

describe('obsoleteRecordings', () => {
  test('names what no test owns, the samples a test no longer runs, and leftovers', () => {
    const store = files()
    const found = obsoleteRecordings({
      file: '/p/test/a.test.ts',
      tests,
      mode: 'new',
      fileFailed: false,
      root: '/p',
      store,
    })
    expect(found).toEqual({
      obsolete: [
        'test/__recordings__/a.test.ts/kept-1.sample-1.json',
        'test/__recordings__/a.test.ts/renamed-2.json',
      ],
      leftovers: ['test/__recordings__/a.test.ts/.x.json.123.tmp'],
      deleting: false,
      errors: [],
    })
    expect(store.files.size).toBe(6)
  })

  test('under -u they are deleted, unless the file failed', () => {
    const store = files()
    const ended = { file: '/p/test/a.test.ts', tests, root: '/p', store }
    obsoleteRecordings({ ...ended, mode: 'all', fileFailed: true })
    expect(store.files.size).toBe(6)
    const found = obsoleteRecordings({ ...ended, mode: 'all', fileFailed: false })
    expect(found).toEqual({ obsolete: [], leftovers: [], deleting: true, errors: [] })
    expect([...store.files.keys()].sort()).toEqual([
      `${FOLDER}/former-3.json`,
      `${FOLDER}/kept-1.json`,
      `${FOLDER}/kept-1.sample-0.json`,
    ])
  })

  test('with recordings off nothing is looked at', () => {
    const found = obsoleteRecordings({
      file: '/p/test/a.test.ts',
      tests: [],
      mode: 'off',
      fileFailed: false,
      root: '/p',
      store: files(),
    })
    expect(found.obsolete).toEqual([])
  })

  test('the warning says how many, which, and how to delete them', () => {
    expect(obsoleteWarning(['a.json'], 'test/a.test.ts', 'jest -u')).toEqual({
      what: '1 obsolete recording: no test of test/a.test.ts owns it',
      subjects: ['a.json'],
      fix: 'Delete them with `jest -u` (or by hand).',
    })
  })
})
