import { expect, test } from 'vitest'

// The refund judge against the labels people gave its verdicts (`npx vitest-scenario label`
// wrote them). The judge's verdicts come from the last run's results: this file runs after the
// suite, with its own config (vitest.calibration.config.ts), which writes no results of its own.
test('the refund judge agrees with the labels', async () => {
  await expect('test/__labels__/refunds.test.ts.labels.json').toAgreeWithLabels({
    minKappa: 0.5,
    minTPR: 0.5,
  })
})
