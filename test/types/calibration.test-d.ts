import { describe, expect, expectTypeOf, test } from 'vitest'
import type { AgreementGates, Calibration, LabelsFile } from 'vitest-scenario'
import {
  type AgreementStats,
  agreementStats,
  type Confusion,
  calibrateJudge,
  cohensKappa,
  type LabelsInput,
} from 'vitest-scenario/core'
import { assertAgreesWithLabels, calibrateJudge as nodeCalibrate } from 'vitest-scenario/node-test'

// Type-checked only, never run: the values need not exist.
declare const labels: LabelsFile
declare const calibration: Calibration

describe('calibrateJudge', () => {
  test('takes a path, a folder, parsed labels or a list, and resolves to a Calibration', () => {
    expectTypeOf(calibrateJudge('test/__labels__')).toEqualTypeOf<Promise<Calibration>>()
    expectTypeOf(calibrateJudge([labels, 'a.labels.json'])).toEqualTypeOf<Promise<Calibration>>()
    expectTypeOf(
      nodeCalibrate(labels, {
        results: 'test-results/results.json',
        root: '.',
        judge: { model: { model: 'gpt-4.1' }, instructions: 'Strict.', votes: 3 },
      }),
    ).toEqualTypeOf<Promise<Calibration>>()
    expectTypeOf<string>().toExtend<LabelsInput>()
    // @ts-expect-error a number is no labels
    void calibrateJudge(42)
    // @ts-expect-error a re-judge needs its model
    void calibrateJudge(labels, { judge: { votes: 3 } })
    // @ts-expect-error unknown option
    void calibrateJudge(labels, { result: 'x' })
  })

  test('its statistics are null where a denominator is 0', () => {
    expectTypeOf(calibration.overall).toEqualTypeOf<AgreementStats>()
    expectTypeOf(calibration.overall.kappa).toEqualTypeOf<number | null>()
    expectTypeOf(calibration.criteria[0]?.tpr.low).toEqualTypeOf<number | null | undefined>()
    expectTypeOf(calibration.overall.confusion).toEqualTypeOf<Confusion>()
    expectTypeOf(cohensKappa({ tp: 1, fn: 0, fp: 0, tn: 1 })).toEqualTypeOf<number | null>()
    expectTypeOf(agreementStats(calibration.overall.confusion)).toEqualTypeOf<AgreementStats>()
  })
})

describe('toAgreeWithLabels', () => {
  test('is asynchronous, takes the gates, with .not too', () => {
    expectTypeOf(expect('test').toAgreeWithLabels()).toEqualTypeOf<Promise<void>>()
    expectTypeOf(
      expect(calibration).not.toAgreeWithLabels({
        minKappa: 0.6,
        minTPR: 0.8,
        minTNR: 0.7,
        minAgreement: 0.9,
      }),
    ).toEqualTypeOf<Promise<void>>()
    expectTypeOf<{ minKappa: number }>().toExtend<AgreementGates>()
    // @ts-expect-error an unknown gate
    void expect('test').toAgreeWithLabels({ minKapa: 0.6 })
    expectTypeOf(assertAgreesWithLabels(labels, { minTPR: 0.8 })).toEqualTypeOf<Promise<void>>()
  })
})
