import { describe, expect, test } from 'vitest'
import { LABELS_KIND, type Label, type LabelsFile } from '../../src/calibration/labels-file.js'
import { labelItems, labelOf } from '../../src/cli/label-items.js'
import { labelReport } from './label-fixtures.js'

// What the labeller walks: one item per judge criterion of each judged conversation with a kept
// transcript text, labels of the same conversation left out (unless --all), stale ones walked again.

const HASH_A = 'sha256:aaaaaaaaaaaaaaaa'

function label(overrides: Partial<Label> = {}): Label {
  return {
    test: 'refunds > asks first',
    sample: 0,
    outcome: 'polite',
    criterion: 'The agent asks for the order number',
    transcript: HASH_A,
    verdict: 'met',
    ...overrides,
  }
}

describe('label items', () => {
  test('one item per criterion of every judged sample, in the report’s order', () => {
    const plan = labelItems(labelReport(), () => undefined)
    expect(
      plan.items.map((item) => [item.file, item.test, item.sample, item.outcome, item.criterion]),
    ).toEqual([
      [
        'test/refunds.test.ts',
        'refunds > asks first',
        0,
        'polite',
        'The agent asks for the order number',
      ],
      ['test/refunds.test.ts', 'refunds > asks first', 0, 'polite', 'The agent apologizes'],
      [
        'test/refunds.test.ts',
        'refunds > asks first',
        1,
        'polite',
        'The agent asks for the order number',
      ],
      ['test/refunds.test.ts', 'refunds > asks first', 1, 'polite', 'The agent apologizes'],
      [
        'test/orders.test.ts',
        'orders > late parcel',
        0,
        'polite',
        'The agent asks for the order number',
      ],
      ['test/orders.test.ts', 'orders > late parcel', 0, 'polite', 'The agent apologizes'],
    ])
    expect(plan).toMatchObject({ done: 0, judged: 3, withoutText: 0, judgedInReport: 3 })
    const [first] = plan.items
    expect(first?.transcript).toEqual({
      hash: HASH_A,
      text: 'USER: I want a refund.\nASSISTANT: What is your order number?',
      clipped: false,
    })
    expect(first?.judge).toEqual({
      verdict: 'met',
      reasoning: 'Turn 0: "What is your order number?"',
      votes: undefined,
    })
    expect(first?.samples).toBe(2)
  })

  test('--file and --test filter by substring', () => {
    const byFile = labelItems(labelReport(), () => undefined, { file: 'orders' })
    expect(new Set(byFile.items.map((item) => item.test))).toEqual(
      new Set(['orders > late parcel']),
    )
    expect(byFile).toMatchObject({ judged: 1, judgedInReport: 3 })
    const byTest = labelItems(labelReport(), () => undefined, { test: 'asks' })
    expect(byTest.items).toHaveLength(4)
    expect(labelItems(labelReport(), () => undefined, { test: 'nothing' })).toMatchObject({
      items: [],
      judged: 0,
      judgedInReport: 3,
    })
  })

  test('criteria labelled for the same transcript are left out, unless --all; stale ones are walked', () => {
    const labels: LabelsFile = {
      kind: LABELS_KIND,
      version: 1,
      file: 'test/refunds.test.ts',
      labels: [
        label(),
        label({ sample: 1, transcript: 'sha256:0000000000000000', verdict: 'unmet', note: 'rude' }),
      ],
    }
    const of = (file: string) => (file === 'test/refunds.test.ts' ? labels : undefined)
    const plan = labelItems(labelReport(), of)
    expect(plan.done).toBe(1)
    expect(plan.items).toHaveLength(5)
    const stale = plan.items.find(
      (item) => item.sample === 1 && item.criterion === label().criterion,
    )
    expect(stale).toMatchObject({ stale: true, previous: { verdict: 'unmet', note: 'rude' } })
    const all = labelItems(labelReport(), of, { all: true })
    expect(all.done).toBe(0)
    expect(all.items).toHaveLength(6)
    expect(all.items[0]).toMatchObject({ stale: false, previous: { verdict: 'met' } })
  })

  test('a judged run without its transcript text is counted, not walked', () => {
    const report = labelReport()
    const run = report.tests[0]?.scenario.runs[1]
    if (run?.transcript !== undefined) delete run.transcript.text
    const plan = labelItems(report, () => undefined)
    expect(plan.withoutText).toBe(1)
    expect(plan.items.some((item) => item.sample === 1)).toBe(false)
  })

  test('votes are carried when the judge voted', () => {
    const report = labelReport()
    const criterion = report.tests[0]?.scenario.runs[0]?.judgements?.polite?.criteria[0]
    Object.assign(criterion ?? {}, {
      votes: [
        { verdict: 'met', reasoning: 'a' },
        { verdict: 'unmet', reasoning: 'b' },
        { verdict: 'met', reasoning: 'c' },
      ],
    })
    const [first] = labelItems(report, () => undefined).items
    expect(first?.judge.votes?.map((vote) => vote.verdict)).toEqual(['met', 'unmet', 'met'])
  })

  test('a label carries the key, the transcript hash, the verdict and a note when given', () => {
    const [item] = labelItems(labelReport(), () => undefined).items
    if (item === undefined) throw new Error('no item')
    expect(labelOf(item, 'unmet', 'asked late')).toEqual(
      label({ verdict: 'unmet', note: 'asked late' }),
    )
    expect(labelOf(item, 'met', '')).toEqual(label())
  })
})
