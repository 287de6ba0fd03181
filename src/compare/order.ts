// The order a comparison lists its tests in: worst first.
import { BUCKETS, type TestComparison } from './comparison.js'

/**
 * Regressions first — the largest pass-rate drop first, deterministic flips before judge flips —
 * then the other buckets in `BUCKETS` order; ties by file, test name and project.
 */
export function compareTests(a: TestComparison, b: TestComparison): number {
  const bucket = BUCKETS.indexOf(a.bucket) - BUCKETS.indexOf(b.bucket)
  if (bucket !== 0) return bucket
  if (a.bucket === 'regressed') {
    const drop = dropOf(b) - dropOf(a)
    if (drop !== 0) return drop
    const driver = driverRank(a) - driverRank(b)
    if (driver !== 0) return driver
  }
  return (
    byText(a.file, b.file) || byText(a.test, b.test) || byText(a.project ?? '', b.project ?? '')
  )
}

function dropOf(test: TestComparison): number {
  return (test.baseline?.passRate ?? 0) - (test.candidate?.passRate ?? 0)
}

function driverRank(test: TestComparison): number {
  return test.driver === 'judge' ? 1 : 0
}

// Code-unit order, not the locale's: the same on every machine.
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
