import { assertConfusion, type Confusion } from './confusion.js'

/**
 * Cohen's κ of a 2×2 table (Cohen 1960): the agreement beyond what two raters with these
 * margins would reach by chance, `(pₒ − pₑ) / (1 − pₑ)`. `null` when it is undefined: no pairs,
 * or a chance agreement of 1 (both raters gave one and the same answer every time), where any
 * number would be made up.
 *
 * @example
 * cohensKappa({ tp: 20, fn: 5, fp: 10, tn: 15, inconclusive: 0 }) // 0.4
 */
export function cohensKappa(table: Pick<Confusion, 'tp' | 'fn' | 'fp' | 'tn'>): number | null {
  assertConfusion(table, 'cohensKappa(table)')
  const { tp, fn, fp, tn } = table
  const n = tp + fn + fp + tn
  if (n === 0) return null
  const observed = (tp + tn) / n
  const labelMet = (tp + fn) / n
  const judgedMet = (tp + fp) / n
  const chance = labelMet * judgedMet + (1 - labelMet) * (1 - judgedMet)
  if (chance >= 1) return null
  return (observed - chance) / (1 - chance)
}
