// Variants of the views' comparison fixture: hostile text in every field a user or a model
// writes, and a suite of any size (10,000 tests) for the size bounds and the page's scale.
import { BUCKETS, type Comparison, type TestComparison } from '../../../src/compare/comparison.js'
import { comparisonFixture, withTests } from './fixtures.js'

/** Text a hostile test name, answer or reasoning may hold: markup, a terminal escape, pipes. */
export const HOSTILE =
  '<script>alert(1)</script> | a | b ** _x_ `y` [z](http://evil.test) \u001b]0;pwned\u0007 \u001b[2J </noscript></details><img src=x onerror=alert(2)>'

/** The fixture with hostile text in every field a user or a model writes. */
export function hostileComparison(): Comparison {
  const comparison = comparisonFixture()
  for (const test of comparison.tests) {
    test.test = `${test.test} ${HOSTILE}`
    test.file = `test/${HOSTILE}.test.ts`
    if (test.reason !== undefined) test.reason = `${test.reason} ${HOSTILE}`
    for (const pair of test.pairs) {
      for (const change of pair.changes) {
        change.name = HOSTILE
        change.baseline = HOSTILE
        change.candidate = HOSTILE
      }
      for (const run of [pair.baseline, pair.candidate]) {
        if (run === undefined) continue
        run.path = run.path.map((node) => `${node}${HOSTILE}`)
        run.outcomes = { [HOSTILE]: false }
        run.tools = run.tools.map((names) => names.map((name) => `${name}${HOSTILE}`))
        for (const turn of run.turns) {
          turn.question = HOSTILE
          turn.answer = HOSTILE
          turn.tools = (turn.tools ?? []).map((name) => `${name}${HOSTILE}`)
        }
        for (const judgement of Object.values(run.judgements)) {
          for (const criterion of judgement.criteria) {
            criterion.criterion = HOSTILE
            criterion.reasoning = HOSTILE
          }
        }
        if (run.infrastructure !== undefined) run.infrastructure = HOSTILE
      }
    }
  }
  comparison.candidate.candidate = HOSTILE
  comparison.candidate.source = HOSTILE
  for (const gate of comparison.gates.results) gate.message = HOSTILE
  return comparison
}

/**
 * A comparison of `count` tests: the fixture's tests repeated under new names, in the fixture's
 * bucket order (regressions first), as a suite of that size would be.
 */
export function manyTests(count: number): Comparison {
  const base = comparisonFixture().tests
  const tests: TestComparison[] = Array.from({ length: count }, (_, i) => {
    const source = base[i % base.length] as TestComparison
    return {
      ...source,
      test: `case ${i}: ${source.test}`,
      file: `test/batch-${Math.floor(i / 50)}.test.ts`,
    }
  })
  const order = new Map(BUCKETS.map((bucket, i) => [bucket, i]))
  tests.sort((a, b) => (order.get(a.bucket) ?? 0) - (order.get(b.bucket) ?? 0))
  return withTests(tests)
}
