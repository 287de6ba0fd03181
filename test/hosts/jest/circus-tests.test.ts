import { describe, expect, test } from 'vitest'
import { circusFileTests, circusNames, formerJestId } from '../../../src/hosts/jest/circus-tests.js'
import { recordingTestId } from '../../../src/recordings/test-id.js'

// jest-circus's test entries as the Jest host reads them: the describe chain of the running
// test, and every test of its file with the id it had under Jest's former naming.

type Entry = {
  type: string
  name: string
  mode?: string
  parent?: Entry
  children?: Entry[]
}

function tree(): { root: Entry; inner: Entry; skipped: Entry } {
  const root: Entry = { type: 'describeBlock', name: 'ROOT_DESCRIBE_BLOCK', children: [] }
  const block: Entry = { type: 'describeBlock', name: 'refunds', parent: root, children: [] }
  const inner: Entry = { type: 'test', name: 'asks', parent: block }
  const skipped: Entry = { type: 'test', name: 'skipped', mode: 'skip', parent: block }
  block.children = [inner, skipped]
  const top: Entry = { type: 'test', name: 'top', parent: root }
  root.children = [block, top]
  return { root, inner, skipped }
}

describe('circusNames', () => {
  test('is the describe chain, the root block left out', () => {
    expect(circusNames(tree().inner, 'refunds asks')).toEqual(['refunds', 'asks'])
  })

  test('is undefined when it does not make Jest’s full name, or there is no entry', () => {
    expect(circusNames(tree().inner, 'something else')).toBeUndefined()
    expect(circusNames(undefined, 'refunds asks')).toBeUndefined()
    expect(circusNames('refunds asks', 'refunds asks')).toBeUndefined()
  })
})

describe('circusFileTests', () => {
  test('lists every test of the file with its former id; a skipped one does not run', () => {
    expect(circusFileTests(tree().inner)).toEqual([
      {
        id: recordingTestId(['refunds', 'asks']),
        runs: true,
        formerIds: [recordingTestId(['refunds asks'])],
      },
      {
        id: recordingTestId(['refunds', 'skipped']),
        runs: false,
        formerIds: [formerJestId(['refunds', 'skipped'])],
      },
      { id: recordingTestId(['top']), runs: true, formerIds: [recordingTestId(['top'])] },
    ])
  })

  test('is undefined for what is no test entry', () => {
    expect(circusFileTests(undefined)).toBeUndefined()
    expect(circusFileTests({ type: 'describeBlock' })).toBeUndefined()
  })
})
