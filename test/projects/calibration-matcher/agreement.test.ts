// The labels and the results they are compared with are written by the integration test
// (test/integration/calibration-matcher.test.ts) before each run.
import { expect, test } from 'vitest'

const LABELS = 'test/__labels__/refunds.test.ts.labels.json'

test('the judge agrees with the labels well enough', async () => {
  await expect(LABELS).toAgreeWithLabels({ minAgreement: 0.8, minKappa: 0.5 })
})

test('fails on purpose: a TPR gate its interval cannot reach', async () => {
  await expect(LABELS).toAgreeWithLabels({ minTPR: 0.95 })
})
