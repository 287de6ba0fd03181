// Task meta is stored as JSON.parse lays it out (hosts/core/meta/compact-json.ts): the same data, with
// nothing of what it was built from kept alive.
import { expect, test } from 'vitest'
import { compactJson } from '../../src/hosts/core/meta/compact-json.js'

test('keeps the data, drops undefined fields, shares nothing with the original', () => {
  const original = {
    file: '/a/long/absolute/path/to/fixtures/x.json'.slice('/a/long/absolute/path/to/'.length),
    runs: [{ status: 'completed', turns: [{ node: 't0', verify: null, answer: undefined }] }],
  }
  const compact = compactJson(original)
  expect(compact).toStrictEqual({
    file: 'fixtures/x.json',
    runs: [{ status: 'completed', turns: [{ node: 't0', verify: null }] }],
  })
  expect(compact.runs).not.toBe(original.runs)
  expect(compact.runs[0]?.turns[0]).not.toBe(original.runs[0]?.turns[0])
})
