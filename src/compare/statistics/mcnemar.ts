// The exact McNemar test: under "no change", each discordant pair (one side passed, the other
// failed) is equally likely to go either way, so the smaller count is a Binomial(b + c, 1/2) tail.
import { InvalidArgumentError } from '../../errors/index.js'
import { describeValue } from '../../internal/describe-value.js'

// Up to here every C(m, k) and their sum are integers below 2^53: the p-value is one division,
// exact to the last bit (p = 0.25 reads 0.25).
const EXACT_LIMIT = 50

/**
 * The exact two-sided McNemar p-value over the discordant pairs `lost` and `gained`:
 * `min(1, 2 · Σ_{k ≤ min(b, c)} C(b + c, k) / 2^(b + c))`, and 1 when there are none.
 *
 * Beyond 50 discordant pairs it is computed in log space, relative to the largest term of the
 * tail, so thousands of pairs neither overflow `C(m, k)` nor underflow `2^-m`.
 *
 * @example
 * mcnemarExact(6, 16) // 0.052479 (rounded)
 */
export function mcnemarExact(lost: number, gained: number): number {
  for (const [name, value] of [
    ['lost', lost],
    ['gained', gained],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new InvalidArgumentError(
        `mcnemarExact() needs whole numbers ≥ 0, got ${name} ${describeValue(value)}`,
        'Pass the counts of discordant sample pairs.',
      )
    }
  }
  const m = lost + gained
  if (m === 0) return 1
  const low = Math.min(lost, gained)
  if (m <= EXACT_LIMIT) return Math.min(1, (2 * integerTail(m, low)) / 2 ** m)
  // ln C(m, low): a sum of logs stays exact enough (≈ low · 1e-16) where the factorials overflow.
  let logLargest = 0
  for (let i = 1; i <= low; i++) logLargest += Math.log((m - low + i) / i)
  logLargest -= m * Math.LN2
  // The tail's terms grow with k up to low ≤ m/2: sum them relative to the last (largest) one.
  let ratio = 1
  let sum = 1
  for (let k = low; k > 0; k--) {
    ratio *= k / (m - k + 1)
    sum += ratio
    if (ratio < 1e-17 * sum) break
  }
  return Math.min(1, Math.exp(Math.LN2 + logLargest + Math.log(sum)))
}

function integerTail(m: number, low: number): number {
  let term = 1
  let tail = 1
  for (let k = 1; k <= low; k++) {
    // C(m, k) = C(m, k − 1) · (m − k + 1) / k, exact: the product stays below 2^53 for m ≤ 50.
    term = (term * (m - k + 1)) / k
    tail += term
  }
  return tail
}
