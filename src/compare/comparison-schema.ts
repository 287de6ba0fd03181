// The schema of `compare.json`: what a reader (the views, a CI step, a later `compare`) checks a
// comparison against before trusting it. The runs' fields reuse the scenario meta's own schemas,
// so a comparison holds exactly what the reports held.
import { z } from 'zod'
import {
  count,
  listOf,
  objectOf,
  oneOf,
  rate,
  textField,
  whole,
} from '../hosts/core/meta/meta-fields.js'
import { scenarioMetaSchema } from '../hosts/core/meta/meta-schema.js'
import { BUCKETS, type Bucket, COMPARISON_KIND, COMPARISON_VERSION } from './comparison.js'

const runShape = scenarioMetaSchema.shape.runs.element.shape

const finite = () => z.number().refine(Number.isFinite, 'not a finite number')
const signedRate = () => z.number().min(-1).max(1)
const bucketSchema = oneOf(BUCKETS as [Bucket, ...Bucket[]])

const sideRunSchema = objectOf({
  passed: z.boolean(),
  status: runShape.status,
  path: runShape.path,
  outcomes: runShape.outcomes,
  judgements: runShape.judgements.unwrap(),
  tools: listOf(listOf(textField)),
  turns: runShape.turns,
  tokens: objectOf({ input: count(), output: count(), total: count() }),
  cost: count().optional(),
  latencyMs: count(),
  error: runShape.error,
  infrastructure: textField.optional(),
})

const changeSchema = objectOf({
  kind: oneOf(['status', 'path', 'verify', 'outcome', 'judge', 'tools', 'answer', 'test']),
  name: textField.optional(),
  turn: whole(0).optional(),
  baseline: textField,
  candidate: textField,
})

const statisticsSchema = objectOf({
  n: whole(0),
  baselinePasses: whole(0),
  candidatePasses: whole(0),
  lost: whole(0),
  gained: whole(0),
  difference: signedRate(),
  interval: objectOf({ low: signedRate(), high: signedRate(), confidence: rate() }),
  pValue: rate(),
  verdict: oneOf(['better', 'worse', 'no evidence']),
})

const sideSummarySchema = objectOf({
  state: textField,
  passes: whole(0),
  n: whole(0),
  passRate: rate(),
})

const testSchema = objectOf({
  file: textField,
  test: textField,
  project: textField.optional(),
  bucket: bucketSchema,
  driver: oneOf(['deterministic', 'judge']).optional(),
  reason: textField.optional(),
  baseline: sideSummarySchema.optional(),
  candidate: sideSummarySchema.optional(),
  statistics: statisticsSchema.optional(),
  pairs: listOf(
    objectOf({
      sample: whole(0),
      baseline: sideRunSchema.optional(),
      candidate: sideRunSchema.optional(),
      firstDifferingTurn: whole(0).optional(),
      changes: listOf(changeSchema),
    }),
  ),
  delta: objectOf({ tokens: finite(), cost: finite().optional(), latencyMs: finite() }),
})

const comparedRunSchema = objectOf({
  source: textField,
  createdAt: textField,
  commit: textField.optional(),
  branch: textField.optional(),
  candidate: textField.optional(),
  fork: whole(1).optional(),
})

const totalsSchema = objectOf({ tokens: count(), cost: count().optional(), latencyMs: count() })

/**
 * The schema of a comparison (`compare.json`). `kind` and `version` come first, so a file of
 * another kind or version is refused for that, not for what changed in it.
 */
export const comparisonSchema = objectOf({
  kind: z.literal(COMPARISON_KIND),
  version: z.literal(COMPARISON_VERSION),
  createdAt: textField,
  baseline: comparedRunSchema,
  candidate: comparedRunSchema,
  counts: objectOf({
    regressed: whole(0),
    fixed: whole(0),
    flaky: whole(0),
    'not-comparable': whole(0),
    'unchanged-fail': whole(0),
    'unchanged-pass': whole(0),
  }),
  totals: objectOf({
    baseline: totalsSchema,
    candidate: totalsSchema,
    costChange: finite().optional(),
    latencyChange: finite().optional(),
  }),
  statistics: statisticsSchema.optional(),
  gates: objectOf({
    results: listOf(
      objectOf({
        gate: oneOf(['regressed', 'worse', 'costIncrease']),
        limit: z.union([finite(), z.boolean()]),
        actual: z.union([finite(), z.boolean(), z.null()]),
        passed: z.boolean(),
        message: textField,
      }),
    ),
    failed: z.boolean(),
  }),
  tests: listOf(testSchema),
})
