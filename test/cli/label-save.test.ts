import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  LABELS_KIND,
  type Label,
  type LabelsFile,
  readLabelsFile,
  writeLabelsFile,
} from '../../src/calibration/labels-file.js'
import { mergeLabels, saveLabels } from '../../src/cli/label-save.js'
import { freshProject, writeText } from './cli-files.js'

// Saving a session: labels grouped per test file, merged into its labels file (a re-label
// replaces, the rest is kept) and written sorted and atomically.

function label(overrides: Partial<Label> = {}): Label {
  return {
    test: 'refunds > asks first',
    sample: 0,
    outcome: 'polite',
    criterion: 'The agent asks for the order number',
    transcript: 'sha256:aaaaaaaaaaaaaaaa',
    verdict: 'met',
    ...overrides,
  }
}

describe('saving labels', () => {
  test('a re-label replaces the label with the same key; other labels are kept', () => {
    const existing: LabelsFile = {
      kind: LABELS_KIND,
      version: 1,
      file: 'test/refunds.test.ts',
      labels: [label(), label({ criterion: 'The agent apologizes', verdict: 'unmet' })],
    }
    const merged = mergeLabels('test/refunds.test.ts', existing, [
      label({ verdict: 'unmet', note: 'asked too late', transcript: 'sha256:bbbbbbbbbbbbbbbb' }),
      label({ sample: 1 }),
    ])
    expect(merged.labels).toEqual([
      label({ criterion: 'The agent apologizes', verdict: 'unmet' }),
      label({ verdict: 'unmet', note: 'asked too late', transcript: 'sha256:bbbbbbbbbbbbbbbb' }),
      label({ sample: 1 }),
    ])
    expect(
      mergeLabels('x.test.ts', undefined, [label(), label({ verdict: 'unmet' })]).labels,
    ).toEqual([label({ verdict: 'unmet' })])
  })

  test('labels go to each test file’s own labels file, merged, sorted and readable', () => {
    const dir = freshProject('cli-label', 'save')
    const refunds = join(dir, 'test/__labels__/refunds.test.ts.labels.json')
    writeLabelsFile(refunds, {
      kind: LABELS_KIND,
      version: 1,
      file: 'test/refunds.test.ts',
      labels: [label({ test: 'zz last' }), label()],
    })
    const saved = saveLabels(dir, [
      { file: 'test/refunds.test.ts', label: label({ verdict: 'unmet' }) },
      { file: 'test/refunds.test.ts', label: label({ test: 'aa first' }) },
      { file: 'test/deep/orders.test.ts', label: label({ test: 'orders > late' }) },
    ])
    expect(saved).toEqual([
      { path: 'test/deep/__labels__/orders.test.ts.labels.json', saved: 1, total: 1 },
      { path: 'test/__labels__/refunds.test.ts.labels.json', saved: 2, total: 3 },
    ])
    const read = readLabelsFile(refunds)
    expect(read.labels.map((one) => [one.test, one.verdict])).toEqual([
      ['aa first', 'met'],
      ['refunds > asks first', 'unmet'],
      ['zz last', 'met'],
    ])
    expect(readFileSync(refunds, 'utf8').endsWith('}\n')).toBe(true)
    expect(readLabelsFile(join(dir, 'test/deep/__labels__/orders.test.ts.labels.json')).file).toBe(
      'test/deep/orders.test.ts',
    )
  })

  test('a broken labels file is refused with its own message, and left as it was', () => {
    const dir = freshProject('cli-label', 'save-broken')
    const path = join(dir, 'test/__labels__/refunds.test.ts.labels.json')
    writeText(path, '{ not json')
    expect(() => saveLabels(dir, [{ file: 'test/refunds.test.ts', label: label() }])).toThrow(
      /The labels file .*refunds\.test\.ts\.labels\.json is not JSON/,
    )
    expect(readFileSync(path, 'utf8')).toBe('{ not json')
  })
})
