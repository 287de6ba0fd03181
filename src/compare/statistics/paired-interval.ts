// A confidence interval for the difference of two paired pass rates, by Newcombe's hybrid score
// method (Newcombe 1998, "Improved confidence intervals for the difference between binomial
// proportions based on paired data", method 10): each side's Wilson interval, combined with a
// correction for the correlation between the two sides.
import { InvalidArgumentError } from '../../errors/index.js'
import { describeValue } from '../../internal/describe-value.js'
import { wilsonInterval } from '../../samples/wilson-interval.js'

/** The four cells of a paired 2×2 table: how each sample pair's two verdicts fell. */
export interface PairedCounts {
  /** Both sides passed. */
  bothPass: number
  /** The candidate passed, the baseline failed. */
  gained: number
  /** The baseline passed, the candidate failed. */
  lost: number
  /** Both sides failed. */
  bothFail: number
}

/** A difference of pass rates with its interval (bounds within [-1, 1]). */
export interface DifferenceInterval {
  /** Candidate pass rate − baseline pass rate. */
  difference: number
  low: number
  high: number
  confidence: number
}

/**
 * Newcombe's method 10 interval for candidate pass rate − baseline pass rate over paired samples.
 * With no pairs, the difference is 0 and the interval the whole range: nothing is known.
 *
 * @example
 * pairedDifferenceInterval({ bothPass: 36, gained: 12, lost: 2, bothFail: 0 })
 * // { difference: 0.2, low: 0.0569, high: 0.3404, confidence: 0.95 } (rounded)
 */
export function pairedDifferenceInterval(
  counts: PairedCounts,
  confidence = 0.95,
): DifferenceInterval {
  const { bothPass: e, gained: f, lost: g, bothFail: h } = counts
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new InvalidArgumentError(
        `pairedDifferenceInterval() needs whole numbers ≥ 0, got ${name} ${describeValue(value)}`,
        'Pass the counts of sample pairs in each cell.',
      )
    }
  }
  const n = e + f + g + h
  if (n === 0) return { difference: 0, low: -1, high: 1, confidence }
  const candidate = (e + f) / n
  const baseline = (e + g) / n
  const difference = candidate - baseline
  const c = wilsonInterval(e + f, n, confidence)
  const b = wilsonInterval(e + g, n, confidence)
  const phi = correlation(counts, n)
  const lowSpread = spread(candidate - c.low, b.high - baseline, phi)
  const highSpread = spread(baseline - b.low, c.high - candidate, phi)
  return {
    difference,
    low: Math.max(-1, difference - lowSpread),
    high: Math.min(1, difference + highSpread),
    confidence,
  }
}

// Newcombe's φ: the correlation of the two sides' verdicts, with a continuity correction that
// only shrinks a positive one (method 10), and 0 when a margin is empty.
function correlation({ bothPass, gained, lost, bothFail }: PairedCounts, n: number): number {
  const margins = (bothPass + gained) * (lost + bothFail) * (bothPass + lost) * (gained + bothFail)
  if (margins === 0) return 0
  const cross = bothPass * bothFail - gained * lost
  const corrected = cross > n / 2 ? cross - n / 2 : cross < 0 ? cross : 0
  return corrected / Math.sqrt(margins)
}

function spread(a: number, b: number, phi: number): number {
  // Rounding can push the radicand a hair below 0 when both distances are tiny.
  return Math.sqrt(Math.max(0, a * a - 2 * phi * a * b + b * b))
}
