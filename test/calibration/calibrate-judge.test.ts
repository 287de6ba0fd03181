import { describe, expect, test } from 'vitest'
import { calibrateJudge } from '../../src/calibration/calibrate-judge.js'
import { transcriptHash } from '../../src/calibration/transcript-hash.js'
import { InvalidArgumentError } from '../../src/errors/index.js'
import {
  CRITERIA,
  FILE,
  judgedReport,
  labelOf,
  labelsFile,
  OUTCOME,
  projectWith,
  TEST,
} from './support/labelled-run.js'

const report = judgedReport([
  ['met', 'met'],
  ['met', 'unmet'],
  ['unmet', 'inconclusive'],
  ['met', 'met'],
])

const labels = labelsFile([
  labelOf(0, 0, 'met'),
  labelOf(0, 1, 'met'),
  labelOf(1, 0, 'met'),
  labelOf(1, 1, 'unmet'),
  labelOf(2, 0, 'met'),
  labelOf(2, 1, 'unmet'),
  // Labelled on another conversation than the one sample 3 had in this run.
  { ...labelOf(3, 0, 'met'), transcript: transcriptHash('an older conversation') },
  labelOf(3, 1, 'unmet'),
  // No sample 9: the test ran 4.
  labelOf(9, 0, 'met'),
])

const LABELS_PATH = 'test/__labels__/refunds.test.ts.labels.json'

describe('calibrateJudge()', () => {
  test('counts current labels against the run verdicts, per criterion and overall', async () => {
    const root = projectWith(report, { [LABELS_PATH]: labels })
    const calibration = await calibrateJudge(LABELS_PATH, { root })
    expect(calibration.results).toBe('test-results/results.json')
    expect(calibration.criteria.map((c) => [c.outcome, c.criterion, c.file, c.n])).toEqual([
      [OUTCOME, CRITERIA[0], FILE, 3],
      [OUTCOME, CRITERIA[1], FILE, 4],
    ])
    expect(calibration.criteria[0]?.confusion).toEqual({
      tp: 2,
      fn: 1,
      fp: 0,
      tn: 0,
      inconclusive: 0,
    })
    expect(calibration.criteria[1]?.confusion).toEqual({
      tp: 1,
      fn: 0,
      fp: 1,
      tn: 2,
      inconclusive: 1,
    })
    const { overall } = calibration
    expect(overall.confusion).toEqual({ tp: 3, fn: 1, fp: 1, tn: 2, inconclusive: 1 })
    expect(overall.n).toBe(7)
    expect(overall.agreement).toBeCloseTo(5 / 7, 10)
    // pₒ = 5/7, pₑ = (4/7)² + (3/7)² = 25/49: κ = (35 − 25) / (49 − 25).
    expect(overall.kappa).toBeCloseTo(10 / 24, 10)
    expect(overall.tpr).toMatchObject({ value: 0.75, n: 4 })
    expect(overall.tnr.value).toBeCloseTo(2 / 3, 10)
    expect(overall.tnr.low).toBeLessThan(2 / 3)
    expect(calibration.stale).toEqual([
      {
        labels: LABELS_PATH,
        file: FILE,
        test: TEST,
        sample: 3,
        outcome: OUTCOME,
        criterion: CRITERIA[0],
        labelled: transcriptHash('an older conversation'),
        current: labelOf(3, 0, 'met').transcript,
      },
    ])
    expect(calibration.missing).toEqual([
      {
        labels: LABELS_PATH,
        file: FILE,
        test: TEST,
        sample: 9,
        outcome: OUTCOME,
        criterion: CRITERIA[0],
        reason: 'no sample 9 (the test ran 4 samples)',
      },
    ])
    // Plain JSON.
    expect(JSON.parse(JSON.stringify(calibration))).toEqual(calibration)
  })

  test('takes a folder, parsed content or a list of them, and the same labels count the same', async () => {
    const root = projectWith(report, {
      [LABELS_PATH]: labels,
      'node_modules/x/a.labels.json': 'broken',
    })
    const byPath = await calibrateJudge(LABELS_PATH, { root })
    const byFolder = await calibrateJudge('.', { root })
    const byContent = await calibrateJudge(labels, { root })
    expect(byFolder).toEqual(byPath)
    expect(byContent.overall).toEqual(byPath.overall)
    expect(byContent.stale[0]?.labels).toBe('(content)')
    const both = await calibrateJudge([labels, labelsFile([labelOf(0, 0, 'unmet')])], { root })
    expect(both.overall.n).toBe(8)
    expect(both.overall.confusion.fp).toBe(2)
  })

  test('missing labels: another test, another outcome, another criterion, no transcript hash', async () => {
    const unhashed = judgedReport([['met', 'met']])
    const run = unhashed.tests[0]?.scenario.runs[0]
    if (run !== undefined) delete run.transcript
    const root = projectWith(report, {})
    const calibration = await calibrateJudge(
      labelsFile([
        { ...labelOf(0, 0, 'met'), test: 'refunds > other' },
        { ...labelOf(0, 0, 'met'), project: 'unit' },
        { ...labelOf(0, 0, 'met'), outcome: 'other outcome' },
        { ...labelOf(0, 0, 'met'), criterion: 'Says hello' },
      ]),
      { root },
    )
    expect(calibration.overall.n).toBe(0)
    expect(calibration.missing.map((m) => m.reason)).toEqual([
      'no test "refunds > other" in the results',
      'no test "refunds > asks first" in project "unit" in the results',
      'no judge verdict for outcome "other outcome"',
      'the judge of "polite refund" has no such criterion',
    ])
    const old = projectWith(unhashed, {})
    const without = await calibrateJudge(labelsFile([labelOf(0, 0, 'met')]), { root: old })
    expect(without.missing.map((m) => m.reason)).toEqual(['the run kept no transcript hash'])
  })

  test('says what to do: no results, a broken labels file, a file the run did not run', async () => {
    const none = projectWith(undefined, { [LABELS_PATH]: labels })
    await expect(calibrateJudge(LABELS_PATH, { root: none })).rejects.toThrow(
      /calibrateJudge\(\) found no results at .*results\.json[\s\S]*Run the suite first/,
    )
    const broken = projectWith(report, { [LABELS_PATH]: '{"kind":"vitest-scenario.labels"' })
    await expect(calibrateJudge(LABELS_PATH, { root: broken })).rejects.toThrow(
      /The labels file .*refunds\.test\.ts\.labels\.json is not JSON/,
    )
    const wrongShape = projectWith(report, {
      [LABELS_PATH]: JSON.stringify({
        ...labels,
        labels: [{ ...labelOf(0, 0, 'met'), verdict: 'yes' }],
      }),
    })
    await expect(calibrateJudge(LABELS_PATH, { root: wrongShape })).rejects.toThrow(
      /cannot be read at labels\.0\.verdict: not 'met' or 'unmet'/,
    )
    const root = projectWith(report, {})
    await expect(
      calibrateJudge(labelsFile([labelOf(0, 0, 'met')], 'test/other.test.ts'), { root }),
    ).rejects.toThrow(
      /The labels in \(content\) are about test\/other\.test\.ts, which the last run's results do not have/,
    )
    await expect(calibrateJudge('nowhere', { root })).rejects.toThrow(
      /there is no labels file or folder "nowhere"/,
    )
    await expect(calibrateJudge('.', { root })).rejects.toThrow(/holds no \*\.labels\.json file/)
    await expect(calibrateJudge(42 as never, { root })).rejects.toThrow(InvalidArgumentError)
    await expect(calibrateJudge(labels, { root, judge: { votes: 2 } } as never)).rejects.toThrow(
      /`judge.model`[\s\S]*`judge.votes`|`judge.votes`[\s\S]*`judge.model`/,
    )
  })
})
