// The Markdown report's calibration section: how far the run's judges agree with the people who
// labelled their verdicts, per criterion and overall, and the labels that were not counted.
import { share, withInterval } from '../calibration/calibration-table.js'
import type { RunCalibration } from '../calibration/run-calibration.js'
import type { AgreementStats } from '../calibration/statistics/agreement-stats.js'
import { codeSpan, markdownText } from './markdown-text.js'

/** The most criteria the section lists; the rest are counted (the overall row has them all). */
export const MAX_CALIBRATION_ROWS = 100

/** The section, from its `## Calibration` heading to its last line. */
export function calibrationMarkdown(run: RunCalibration): string {
  const { calibration, files, problems } = run
  const lines = [
    '## Calibration',
    '',
    `The judges' verdicts of this run against the human labels in ${files.map(codeSpan).join(', ')}. TPR and TNR with their 95% Wilson intervals; \`met\` is the positive class, an inconclusive verdict counts as not met.`,
    '',
    '| Outcome | Criterion | n | Agreement | κ | TPR | TNR | tp / fn / fp / tn | Inconclusive |',
    '|---|---|---:|---:|---:|---|---|---|---:|',
  ]
  for (const c of calibration.criteria.slice(0, MAX_CALIBRATION_ROWS)) {
    lines.push(row(markdownText(c.outcome), markdownText(c.criterion), c))
  }
  lines.push(row('**overall**', '', calibration.overall))
  const left = calibration.criteria.length - MAX_CALIBRATION_ROWS
  if (left > 0) lines.push('', `_… and ${left} more criteria, counted in the overall row._`)
  lines.push(
    '',
    `Labels not counted: ${calibration.stale.length} stale (the conversation changed since it was labelled; relabel with \`npx vitest-scenario label\`), ${calibration.missing.length} missing (the run has nothing to compare).`,
  )
  for (const problem of problems) lines.push('', `> ⚠️ ${markdownText(problem)}`)
  return lines.join('\n')
}

function row(outcome: string, criterion: string, stats: AgreementStats): string {
  const { tp, fn, fp, tn, inconclusive } = stats.confusion
  const kappa = stats.kappa === null ? '—' : stats.kappa.toFixed(2)
  return `| ${outcome} | ${criterion} | ${stats.n} | ${share(stats.agreement)} | ${kappa} | ${withInterval(stats.tpr)} | ${withInterval(stats.tnr)} | ${tp} / ${fn} / ${fp} / ${tn} | ${inconclusive} |`
}
