// The HTML report's calibration section: the same table as the Markdown report's, escaped.
import { share, withInterval } from '../calibration/calibration-table.js'
import type { RunCalibration } from '../calibration/run-calibration.js'
import type { AgreementStats } from '../calibration/statistics/agreement-stats.js'
import { MAX_CALIBRATION_ROWS } from './calibration-markdown.js'
import { escapeHtml } from './html-escape.js'

/** The `<section class="calibration">` of a run's calibration. */
export function calibrationHtml(run: RunCalibration): string {
  const { calibration, files, problems } = run
  const out = [
    '<section class="calibration">',
    '<h2>Calibration</h2>',
    `<p class="sub">The judges' verdicts of this run against the human labels in ${files.map((f) => `<span class="mono">${escapeHtml(f)}</span>`).join(', ')}. TPR and TNR with their 95% Wilson intervals; <code>met</code> is the positive class, an inconclusive verdict counts as not met.</p>`,
    '<table>',
    '<thead><tr><th>Outcome</th><th>Criterion</th><th>n</th><th>Agreement</th><th>κ</th><th>TPR</th><th>TNR</th><th>tp / fn / fp / tn</th><th>Inconclusive</th></tr></thead>',
    '<tbody>',
  ]
  for (const c of calibration.criteria.slice(0, MAX_CALIBRATION_ROWS)) {
    out.push(row(escapeHtml(c.outcome), escapeHtml(c.criterion), c))
  }
  out.push(row('<b>overall</b>', '', calibration.overall), '</tbody>', '</table>')
  const left = calibration.criteria.length - MAX_CALIBRATION_ROWS
  if (left > 0)
    out.push(`<p class="sub">… and ${left} more criteria, counted in the overall row.</p>`)
  out.push(
    `<p>Labels not counted: ${calibration.stale.length} stale (the conversation changed since it was labelled; relabel with <code>npx vitest-scenario label</code>), ${calibration.missing.length} missing (the run has nothing to compare).</p>`,
  )
  for (const problem of problems) out.push(`<p class="bad">${escapeHtml(problem)}</p>`)
  out.push('</section>')
  return out.join('\n')
}

function row(outcome: string, criterion: string, stats: AgreementStats): string {
  const { tp, fn, fp, tn, inconclusive } = stats.confusion
  const kappa = stats.kappa === null ? '—' : stats.kappa.toFixed(2)
  const cells = [
    outcome,
    criterion,
    String(stats.n),
    share(stats.agreement),
    kappa,
    withInterval(stats.tpr),
    withInterval(stats.tnr),
    `${tp} / ${fn} / ${fp} / ${tn}`,
    String(inconclusive),
  ]
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`
}
