// A test's details in compare.html: what flipped it, the deltas, and per sample pair the baseline
// (left) and the candidate (right) side by side: status, path, outcomes, each judge criterion with
// both verdicts and reasonings, tools, usage, what changed, and the transcripts with turns aligned
// by index, the first differing turn marked and anchored (`#t<test>-s<sample>-first`). Every piece
// of user text goes through escapeHtml.
import type { JudgementMeta, TurnMeta } from '../../hosts/core/meta/scenario-meta.js'
import { escapeHtml as esc } from '../../reporter/html-escape.js'
import type { SamplePair, SideRun, TestComparison } from '../comparison.js'
import {
  type ComparedSide,
  capitalized,
  changeText,
  flipChange,
  outcomesText,
  pathText,
  shownPairs,
  signedCost,
  signedCount,
  signedDuration,
  statusText,
  toolsText,
  usageText,
} from './describe.js'

/** Sample pairs shown side by side per test (those with changes first); the rest get a line. */
export const MAX_HTML_PAIRS = 10

/** The id of the first differing turn of `sample` in test `index`. */
export function firstTurnId(index: number, sample: number): string {
  return `t${index}-s${sample}-first`
}

/** The details of test `index`, as markup. */
export function testDetailsHtml(
  test: TestComparison,
  index: number,
  side: ComparedSide = 'candidate',
): string {
  const out = ['<div class="details">']
  if (test.reason !== undefined) out.push(`<p class="reason">${esc(test.reason)}</p>`)
  const flip = flipChange(test)
  if (flip !== undefined && (test.bucket === 'regressed' || test.bucket === 'fixed')) {
    const where = test.pairs.length > 1 ? `sample ${flip.pair.sample}: ` : ''
    out.push(
      `<p class="flip">First change (${esc(test.driver ?? 'unknown driver')}): <b>${esc(where + changeText(flip.change))}</b></p>`,
    )
  }
  const delta = [`tokens ${signedCount(test.delta.tokens)}`]
  if (test.delta.cost !== undefined) delta.push(`cost ${signedCost(test.delta.cost)}`)
  delta.push(`latency ${signedDuration(test.delta.latencyMs)}`)
  out.push(`<p class="sub">${capitalized(side)} − baseline: ${esc(delta.join(' · '))}</p>`)
  const shown = shownPairs(test, MAX_HTML_PAIRS)
  for (const pair of shown) out.push(pairHtml(pair, index, side))
  const rest = test.pairs.filter((pair) => !shown.includes(pair))
  if (rest.length > 0) {
    out.push('<ul class="rest">')
    for (const pair of rest) {
      out.push(
        `<li>Sample ${pair.sample}: baseline ${mark(pair.baseline)}, ${side} ${mark(pair.candidate)}, no change</li>`,
      )
    }
    out.push('</ul>')
  }
  out.push('</div>')
  return out.join('')
}

function mark(run: SideRun | undefined): string {
  if (run === undefined) return '<span class="warn">missing</span>'
  if (run.infrastructure !== undefined) return '<span class="warn">not comparable</span>'
  return run.passed ? '<span class="ok">passed</span>' : '<span class="bad">failed</span>'
}

/** One sample pair: its heading, the facts side by side, the judges, the changes, the transcript. */
function pairHtml(pair: SamplePair, index: number, side: ComparedSide): string {
  const { baseline, candidate } = pair
  const first =
    pair.firstDifferingTurn === undefined
      ? ''
      : ` · <a class="jump" href="#${firstTurnId(index, pair.sample)}">first differing turn #${pair.firstDifferingTurn}</a>`
  const out = [
    `<section class="pair" data-sample="${pair.sample}">`,
    `<h4>Sample ${pair.sample}: baseline ${mark(baseline)}, ${side} ${mark(candidate)}${first}</h4>`,
    `<table class="sides"><thead><tr><th></th><th>Baseline</th><th>${capitalized(side)}</th></tr></thead><tbody>`,
  ]
  const row = (label: string, show: (run: SideRun) => string) =>
    `<tr><th>${label}</th><td>${baseline === undefined ? '—' : esc(show(baseline))}</td><td>${candidate === undefined ? '—' : esc(show(candidate))}</td></tr>`
  out.push(
    row('Status', statusText),
    row('Path', (run) => pathText(run.path)),
    row('Outcomes', outcomesText),
    ...judgeRows(baseline?.judgements ?? {}, candidate?.judgements ?? {}),
    row('Tools', toolsText),
    row('Usage', usageText),
    '</tbody></table>',
  )
  if (pair.changes.length > 0) {
    out.push(
      `<ul class="changes">${pair.changes.map((change) => `<li>${esc(changeText(change))}</li>`).join('')}</ul>`,
    )
  }
  out.push(transcriptHtml(pair, index, side), '</section>')
  return out.join('')
}

function judgeRows(
  baseline: Record<string, JudgementMeta>,
  candidate: Record<string, JudgementMeta>,
): string[] {
  const rows: string[] = []
  for (const name of new Set([...Object.keys(baseline), ...Object.keys(candidate)])) {
    const b = baseline[name]
    const c = candidate[name]
    const verdict = (j: JudgementMeta | undefined) =>
      j === undefined ? '—' : `<span class="v-${esc(j.verdict)}">${esc(j.verdict)}</span>`
    rows.push(
      `<tr class="judge"><th>Judge ${esc(name)}</th><td>${verdict(b)}</td><td>${verdict(c)}</td></tr>`,
    )
    const criteria = new Set(
      [...(b?.criteria ?? []), ...(c?.criteria ?? [])].map((e) => e.criterion),
    )
    for (const criterion of criteria) {
      const side = (j: JudgementMeta | undefined) => {
        const found = j?.criteria.find((e) => e.criterion === criterion)
        if (found === undefined) return '—'
        const reasoning =
          found.reasoning === undefined
            ? ''
            : `<div class="reasoning">${esc(found.reasoning)}</div>`
        return `<span class="v-${esc(found.verdict)}">${esc(found.verdict)}</span>${reasoning}`
      }
      rows.push(
        `<tr class="criterion"><th>↳ ${esc(criterion)}</th><td>${side(b)}</td><td>${side(c)}</td></tr>`,
      )
    }
  }
  return rows
}

/** The two transcripts, turns aligned by index; the first differing turn marked and anchored. */
function transcriptHtml(pair: SamplePair, index: number, side: ComparedSide): string {
  const b = pair.baseline?.turns ?? []
  const c = pair.candidate?.turns ?? []
  const out = [
    `<table class="transcript"><thead><tr><th>#</th><th>Baseline</th><th>${capitalized(side)}</th></tr></thead><tbody>`,
  ]
  for (let turn = 0; turn < Math.max(b.length, c.length); turn++) {
    const first = turn === pair.firstDifferingTurn
    const attrs = first ? ` class="first-diff" id="${firstTurnId(index, pair.sample)}"` : ''
    const marker = first
      ? '<span class="marker" title="first differing turn">◆ first difference</span>'
      : ''
    out.push(
      `<tr${attrs}><td class="idx">${turn}${marker}</td><td>${turnHtml(b[turn])}</td><td>${turnHtml(c[turn])}</td></tr>`,
    )
  }
  if (b.length === 0 && c.length === 0) out.push('<tr><td></td><td colspan="2">No turns.</td></tr>')
  out.push('</tbody></table>')
  return out.join('')
}

function turnHtml(turn: TurnMeta | undefined): string {
  if (turn === undefined) return '<span class="sub">—</span>'
  const tags: string[] = [`<code>${esc(turn.node)}</code>`]
  if (turn.verify === true) tags.push('<span class="ok">verify ✓</span>')
  if (turn.verify === false) tags.push('<span class="bad">verify ✗</span>')
  if (turn.error !== undefined) tags.push(`<span class="bad">${esc(turn.error)}</span>`)
  if (turn.replayed === true) tags.push('<span class="tag">replayed</span>')
  const parts = [`<div class="turn-head">${tags.join(' ')}</div>`]
  if (turn.question !== undefined)
    parts.push(`<div class="q"><b>User</b> ${esc(turn.question)}</div>`)
  if (turn.answer === null) parts.push('<div class="a sub">no answer</div>')
  else if (turn.answer !== undefined)
    parts.push(`<div class="a"><b>Agent</b> ${esc(turn.answer)}</div>`)
  if ((turn.tools ?? []).length > 0) {
    parts.push(`<div class="tools">tools ${esc((turn.tools ?? []).join(', '))}</div>`)
  }
  return parts.join('')
}
