import { describe, expect, test } from 'vitest'
import { createToAgreeWithLabels } from '../../matchers/index.js'
import { calibrateJudge, calibrateUnder } from '../../src/calibration/calibrate-judge.js'
import { transcriptHash } from '../../src/calibration/transcript-hash.js'
import { assertAgreesWithLabels } from '../../src/hosts/node-test/assert-agrees.js'
import {
  judgedReport,
  labelOf,
  labelsFile,
  projectWith,
} from '../calibration/support/labelled-run.js'
import { plain } from './support.js'

let root: string | undefined
expect.extend({
  toAgreeWithLabels: createToAgreeWithLabels({ calibrate: calibrateUnder(() => root) }),
})

/** An awaited assertion that must fail: its message, colours stripped. */
async function failing(assertion: () => Promise<void>): Promise<string> {
  try {
    await assertion()
  } catch (error) {
    return plain((error as Error).message)
  }
  throw new Error('expected the assertion to fail, but it passed')
}

// 10 conversations, criterion 1 labelled met on all and the judge finds 9; criterion 2 labelled
// unmet on all and the judge says unmet on 8, met on 1, inconclusive on 1.
const verdicts = Array.from(
  { length: 10 },
  (_, i) =>
    [i === 0 ? 'unmet' : 'met', i === 1 ? 'met' : i === 2 ? 'inconclusive' : 'unmet'] as const,
)
const report = judgedReport(verdicts)
const labels = labelsFile(
  verdicts.flatMap((_, i) => [labelOf(i, 0, 'met'), labelOf(i, 1, 'unmet')]),
)
const PATH = 'test/__labels__/refunds.test.ts.labels.json'

describe('toAgreeWithLabels', () => {
  test('passes with no gates when a label counts, and reads gates on the interval lower bounds', async () => {
    root = projectWith(report, { [PATH]: labels })
    await expect(PATH).toAgreeWithLabels()
    // Overall: 17 of 20 agree; TPR 9/10 (Wilson low 59.6%), TNR 9/10.
    await expect(PATH).toAgreeWithLabels({ minAgreement: 0.85, minTPR: 0.55, minTNR: 0.55 })
    const calibration = await calibrateJudge(PATH, { root })
    expect(calibration.overall.agreement).toBe(0.9)
    await expect(calibration).toAgreeWithLabels({ minKappa: 0.7 })
    await expect(calibration).not.toAgreeWithLabels({ minTPR: 0.9 })
    const message = await failing(() =>
      expect(PATH).toAgreeWithLabels({ minTPR: 0.9, minKappa: 0.5 }),
    )
    expect(message).toContain('The judge agrees with 18 of 20 labels (verdicts from ')
    expect(message).toMatch(
      /polite refund › Asks for the order number\s+10\s+90%\s+0\.00\s+90% \[59\.6%–98\.2%\]\s+—\s+9 1 0 0\s+0/,
    )
    expect(message).toMatch(
      /overall\s+20\s+90%\s+0\.80\s+90% \[59\.6%–98\.2%\]\s+90% \[59\.6%–98\.2%\]\s+9 1 1 9\s+1/,
    )
    expect(message).toContain(
      'Labels not counted: 0 stale (the conversation changed since it was labelled), 0 missing (the last run has nothing to compare).',
    )
    expect(message).toContain('✗ TPR lower bound 59.6% < 90%')
    expect(message).toContain('✓ κ 0.80 ≥ 0.5')
  })

  test('.not passes when a gate is missed, and fails when every gate is reached', async () => {
    root = projectWith(report, { [PATH]: labels })
    await expect(PATH).not.toAgreeWithLabels({ minKappa: 0.95 })
    const message = await failing(() => expect(PATH).not.toAgreeWithLabels({ minKappa: 0.5 }))
    expect(message).toContain('.not.toAgreeWithLabels({ minKappa: 0.5 })')
    expect(message).toContain('✓ κ 0.80 ≥ 0.5')
  })

  test('fails with n = 0 whatever the gates, saying why: stale labels, missing ones', async () => {
    const stale = labelsFile([{ ...labelOf(0, 0, 'met'), transcript: transcriptHash('older') }])
    root = projectWith(report, { [PATH]: stale })
    const message = await failing(() => expect(PATH).toAgreeWithLabels())
    expect(message).toContain(
      'No label was counted: the one label is stale (the conversations changed since). Relabel them with `npx vitest-scenario label`.',
    )
    expect(message).toContain('Labels not counted: 1 stale')
    await expect(PATH).not.toAgreeWithLabels()
    const mixed = labelsFile([stale.labels[0] ?? labelOf(0, 0, 'met'), labelOf(99, 0, 'met')])
    root = projectWith(report, { [PATH]: mixed })
    expect(await failing(() => expect(PATH).toAgreeWithLabels())).toContain(
      'No label was counted: 1 stale, 1 missing from the last run',
    )
  })

  test('an undefined κ misses its gate, and bad gates are errors', async () => {
    root = projectWith(report, {})
    const allMet = labelsFile([labelOf(3, 0, 'met'), labelOf(4, 0, 'met')])
    const message = await failing(() => expect(allMet).toAgreeWithLabels({ minKappa: 0 }))
    expect(message).toContain('✗ κ undefined cannot reach 0')
    await expect(expect(allMet).toAgreeWithLabels({ minTPR: 2 })).rejects.toThrow(
      '`minTPR` must be a number from 0 to 1, got 2',
    )
    await expect(expect(allMet).toAgreeWithLabels({ minKapa: 0.5 } as never)).rejects.toThrow(
      "unknown key 'minKapa'",
    )
    await expect(expect(undefined).toAgreeWithLabels()).rejects.toThrow(
      "must be a labels file's path, a folder of labels files or a labels file's content",
    )
  })

  test('judge goes to the host with the labels; a calibration already made refuses it', async () => {
    const asked: unknown[] = []
    const matcher = createToAgreeWithLabels({
      calibrate: async (received, judge) => {
        asked.push([received, judge])
        return calibrateJudge(labels, { root: projectWith(report, {}) })
      },
    })
    const judge = { model: { model: 'strict-judge' }, votes: 3 }
    expect.extend({ toAgreeWithHost: matcher })
    await (
      expect(PATH) as unknown as { toAgreeWithHost(o: unknown): Promise<void> }
    ).toAgreeWithHost({
      minKappa: 0.5,
      judge,
    })
    expect(asked).toEqual([[PATH, judge]])
    root = projectWith(report, {})
    const made = await calibrateJudge(labels, { root })
    await expect(expect(made).toAgreeWithLabels({ judge })).rejects.toThrow(
      'toAgreeWithLabels({ judge }) received a calibration, whose verdicts are already decided',
    )
  })

  test('assertAgreesWithLabels (node:test) resolves and rejects as the matcher passes and fails', async () => {
    const dir = projectWith(report, {})
    const calibration = await calibrateJudge(labels, { root: dir })
    await assertAgreesWithLabels(calibration, { minAgreement: 0.8 })
    await expect(assertAgreesWithLabels(calibration, { minAgreement: 0.95 })).rejects.toThrow(
      /assertAgreesWithLabels\(labels, \{ minAgreement: 0\.95 \}\)[\s\S]*✗ agreement 90% < 95%/,
    )
  })
})
