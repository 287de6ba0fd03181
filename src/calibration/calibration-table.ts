// A calibration as the lines of a terminal message: one row per criterion and one overall, each
// with n, agreement, κ, TPR and TNR with their 95 % intervals and the confusion matrix, then what
// was left out. Plain text in fixed columns, readable in a test runner's failure output.
import type { Calibration } from './calibration.js'
import type { AgreementStats, RateWithInterval } from './statistics/agreement-stats.js'

const NAME_WIDTH = 48

/** The rows of `calibration` and a line on its stale and missing labels. */
export function calibrationTable(calibration: Calibration): string[] {
  const header = [
    '',
    'n',
    'agreement',
    'κ',
    'TPR [95% CI]',
    'TNR [95% CI]',
    'tp fn fp tn',
    'inconclusive',
  ]
  const rows = calibration.criteria.map((c) => row(clip(`${c.outcome} › ${c.criterion}`), c))
  rows.push(row('overall', calibration.overall))
  const table = [header, ...rows]
  const widths = header.map((_, i) => Math.max(...table.map((cells) => (cells[i] ?? '').length)))
  const lines = table.map((cells) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
  lines.push(leftOut(calibration))
  return lines
}

/** How many labels were not counted, and why. */
export function leftOut(calibration: Calibration): string {
  const { stale, missing } = calibration
  const parts = [
    `${stale.length} stale (the conversation changed since it was labelled)`,
    `${missing.length} missing (the last run has nothing to compare)`,
  ]
  return `Labels not counted: ${parts.join(', ')}.`
}

function row(name: string, stats: AgreementStats): string[] {
  const { tp, fn, fp, tn, inconclusive } = stats.confusion
  return [
    name,
    String(stats.n),
    share(stats.agreement),
    stats.kappa === null ? '—' : stats.kappa.toFixed(2),
    withInterval(stats.tpr),
    withInterval(stats.tnr),
    `${tp} ${fn} ${fp} ${tn}`,
    String(inconclusive),
  ]
}

/** A rate and its interval: `90% [59.6%–98.2%]`, or `—` when nothing had its class. */
export function withInterval(rate: RateWithInterval): string {
  if (rate.value === null || rate.low === null || rate.high === null) return '—'
  return `${share(rate.value)} [${share(rate.low)}–${share(rate.high)}]`
}

/** A share as a percentage with at most one decimal, or `—` when undefined. */
export function share(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 1000) / 10}%`
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length <= NAME_WIDTH ? flat : `${flat.slice(0, NAME_WIDTH - 1)}…`
}
