// The labels file: read with one schema (every problem named with where it is), written
// atomically in a stable order, and found beside its test file by default.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  LABELS_KIND,
  type LabelsFile,
  labelsPathFor,
  parseLabels,
  readLabelsFile,
  writeLabelsFile,
} from '../../src/calibration/labels-file.js'

const dir = join(process.cwd(), 'test-results', 'labels-file')

const file = (): LabelsFile => ({
  kind: LABELS_KIND,
  version: 1,
  file: 'test/refunds.test.ts',
  labels: [
    {
      test: 'refunds > second',
      sample: 1,
      outcome: 'polite',
      criterion: 'The agent apologises',
      transcript: 'sha256:0123456789abcdef',
      verdict: 'unmet',
      note: 'no apology',
    },
    {
      test: 'refunds > first',
      sample: 0,
      outcome: 'polite',
      criterion: 'The agent greets',
      transcript: 'sha256:fedcba9876543210',
      verdict: 'met',
    },
  ],
})

beforeEach(() => mkdirSync(dir, { recursive: true }))

describe('labels files', () => {
  test('the default path is __labels__ beside the test file', () => {
    expect(labelsPathFor('test/refunds.test.ts')).toBe(
      join('test', '__labels__', 'refunds.test.ts.labels.json'),
    )
  })

  test('a written file reads back, sorted, and a re-save changes no byte', () => {
    const path = join(dir, 'round', '__labels__', 'a.test.ts.labels.json')
    writeLabelsFile(path, file())
    const read = readLabelsFile(path)
    expect(read.labels.map((l) => l.test)).toEqual(['refunds > first', 'refunds > second'])
    const bytes = readFileSync(path, 'utf8')
    expect(bytes.endsWith('}\n')).toBe(true)
    writeLabelsFile(path, read)
    expect(readFileSync(path, 'utf8')).toBe(bytes)
    // No temporary file is left beside it.
    expect(readdirSync(join(dir, 'round', '__labels__'))).toEqual(['a.test.ts.labels.json'])
  })

  test('a bad label is refused with where it is', () => {
    const bad = file() as unknown as { labels: Record<string, unknown>[] }
    bad.labels[1] = { ...bad.labels[1], verdict: 'inconclusive' }
    expect(() => parseLabels(bad, 'x.labels.json')).toThrow(
      /\[vitest-scenario\] The labels in x\.labels\.json cannot be read at labels\.1\.verdict: not 'met' or 'unmet'/,
    )
    expect(() => parseLabels({ ...file(), version: 2 }, 'x')).toThrow(/at version: not version 1/)
    expect(() => parseLabels({ ...file(), kind: 'other' }, 'x')).toThrow(/at kind/)
    const hash = file()
    ;(hash.labels[0] as { transcript: string }).transcript = 'abc'
    expect(() => parseLabels(hash, 'x')).toThrow(/labels\.0\.transcript: not a transcript hash/)
  })

  test('a missing or broken file says what to do', () => {
    expect(() => readLabelsFile(join(dir, 'none.labels.json'))).toThrow(
      /There is no labels file at .*none\.labels\.json[\s\S]*npx vitest-scenario label/,
    )
    const broken = join(dir, 'broken.labels.json')
    writeFileSync(broken, '{"kind":')
    expect(() => readLabelsFile(broken)).toThrow(/broken\.labels\.json is not JSON/)
  })

  test('an invalid file is never written', () => {
    const path = join(dir, 'never.labels.json')
    expect(() => writeLabelsFile(path, { ...file(), labels: [{}] } as never)).toThrow(
      /cannot be read at labels\.0/,
    )
    expect(() => readFileSync(path)).toThrow()
  })
})
