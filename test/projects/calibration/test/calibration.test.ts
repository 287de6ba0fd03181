import { expect, test } from 'vitest'

// The judge of refunds.test.ts against the labels a person gave its conversations with
// `npx vitest-scenario label` (test/__labels__/refunds.test.ts.labels.json): the judge's verdicts
// come from the last run's results. Run after refunds.test.ts has run and been labelled.
test('the refund judge agrees with the labels', async () => {
  await expect('test/__labels__/refunds.test.ts.labels.json').toAgreeWithLabels({
    minKappa: 0.2,
    minTPR: 0.3,
  })
})
