// The 2×2 table of a judge against human labels. The label is the truth and `met` the positive
// class; an `inconclusive` verdict did not say the criterion holds, so it counts as predicted
// negative — and is counted again on its own, so a judge that hedges is not mistaken for one that
// says `unmet`.

import { InvalidArgumentError } from '../../errors/index.js'
import { assertReadable } from '../../internal/assert-readable.js'
import { describeValue } from '../../internal/describe-value.js'

/** How a judge's verdicts fell against the labels of the same criteria and conversations. */
export interface Confusion {
  /** Labelled `met`, judged `met`. */
  tp: number
  /** Labelled `met`, judged `unmet` or `inconclusive`. */
  fn: number
  /** Labelled `unmet`, judged `met`. */
  fp: number
  /** Labelled `unmet`, judged `unmet` or `inconclusive`. */
  tn: number
  /** How many of `fn` and `tn` were `inconclusive` verdicts (already counted there). */
  inconclusive: number
}

/** A judge's verdict on one criterion. */
export type JudgeVerdict = 'met' | 'unmet' | 'inconclusive'

/** A human's verdict on one criterion. */
export type LabelVerdict = 'met' | 'unmet'

/** An empty table. */
export function emptyConfusion(): Confusion {
  return { tp: 0, fn: 0, fp: 0, tn: 0, inconclusive: 0 }
}

/** Counts one pair (label, verdict) into `table`. */
export function countPair(table: Confusion, label: LabelVerdict, verdict: JudgeVerdict): void {
  const judgedMet = verdict === 'met'
  if (label === 'met') {
    if (judgedMet) table.tp++
    else table.fn++
  } else if (judgedMet) table.fp++
  else table.tn++
  if (verdict === 'inconclusive') table.inconclusive++
}

/** The sum of tables, cell by cell. */
export function addConfusion(into: Confusion, table: Confusion): void {
  into.tp += table.tp
  into.fn += table.fn
  into.fp += table.fp
  into.tn += table.tn
  into.inconclusive += table.inconclusive
}

const CELLS = ['tp', 'fn', 'fp', 'tn'] as const

/**
 * Throws an `InvalidArgumentError` unless `value` is a table of whole counts ≥ 0 (`inconclusive`
 * optional, at most `fn + tn`): statistics of anything else would be numbers made up.
 */
export function assertConfusion(
  value: unknown,
  where: string,
): asserts value is Pick<Confusion, 'tp' | 'fn' | 'fp' | 'tn'> & { inconclusive?: number } {
  assertReadable(value, where, 1)
  const table = value as Record<string, unknown> | null
  const bad =
    typeof table !== 'object' || table === null
      ? 'not an object'
      : [...CELLS, 'inconclusive']
          .filter((cell) => cell !== 'inconclusive' || table[cell] !== undefined)
          .find((cell) => !isCount(table[cell]))
  if (bad === undefined) {
    const { fn, tn, inconclusive } = table as Record<string, number>
    if (inconclusive === undefined || inconclusive <= (fn ?? 0) + (tn ?? 0)) return
  }
  throw new InvalidArgumentError(
    `${where} needs a table { tp, fn, fp, tn, inconclusive? } of whole counts ≥ 0, got ${describeValue(value)}${bad === undefined || bad === 'not an object' ? '' : ` (\`${bad}\` is not a count)`}`,
    'Count each labelled criterion once: tp (labelled met, judged met), fn, fp, tn; inconclusive counts those of fn and tn the judge could not decide.',
  )
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}
