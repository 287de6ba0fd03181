import { expect, test } from 'vitest'

// Another judge model against the same labels: it decides the labelled conversations again, on
// the transcripts the last run kept. Its calls record in this test's recording, and replay.
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

test('a stricter judge agrees with the labels', async () => {
  await expect('test/__labels__/refunds.test.ts.labels.json').toAgreeWithLabels({
    minKappa: 0.9,
    judge: { model: { model: 'strict-judge', baseURL } },
  })
})
