import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'

/** A confidence interval for a pass rate. */
export interface PassRateInterval {
  low: number
  high: number
  /** The confidence level the bounds were computed for, e.g. `0.95`. */
  confidence: number
}

/**
 * The Wilson score interval of `passes` out of `n` trials: unlike the normal approximation it
 * stays inside [0, 1] and is usable for the small sample counts scenario tests run.
 *
 * @example
 * wilsonInterval(9, 10) // { low: 0.596, high: 0.982, confidence: 0.95 } (rounded)
 */
export function wilsonInterval(passes: number, n: number, confidence = 0.95): PassRateInterval {
  assertConfidence(confidence)
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(passes) || passes < 0 || passes > n) {
    throw new InvalidArgumentError(
      `wilsonInterval() needs integers 0 ≤ passes ≤ n, got passes ${describeValue(passes)} and n ${describeValue(n)}`,
    )
  }
  // No trials say nothing: the whole range.
  if (n === 0) return { low: 0, high: 1, confidence }
  const z = normalQuantile(1 - (1 - confidence) / 2)
  const p = passes / n
  const z2 = z * z
  const denominator = 1 + z2 / n
  const center = (p + z2 / (2 * n)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator
  return {
    low: clamp(center - half),
    high: clamp(center + half),
    confidence,
  }
}

/** Throws unless `confidence` is a number strictly between 0 and 1. */
export function assertConfidence(confidence: unknown): asserts confidence is number {
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1)) {
    throw new InvalidArgumentError(
      `\`confidence\` must be a number between 0 and 1 (exclusive), got ${describeValue(confidence)}`,
      'For example 0.95 for a 95 % interval.',
    )
  }
}

// Exact bounds at p = 0 and p = 1 come out as tiny negative or >1 values in floating point.
function clamp(value: number): number {
  return Math.min(1, Math.max(0, value))
}

/**
 * The standard normal quantile (inverse CDF), by Acklam's rational approximation: relative error
 * below 1.2e-9, far more than an interval bound needs.
 */
export function normalQuantile(p: number): number {
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
    -3.066479806614716e1, 2.506628277459239,
  ] as const
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
    -1.328068155288572e1,
  ] as const
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ] as const
  const d = [
    7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416,
  ] as const
  const low = 0.02425
  let x: number
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p))
    x =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  } else if (p <= 1 - low) {
    const q = p - 0.5
    const r = q * q
    x =
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p))
    x =
      -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  }
  return x
}
