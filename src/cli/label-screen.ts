// What `vitest-scenario label` prints: the start screen, each conversation (its header and whole
// transcript; the terminal scrolls), each criterion with the judge's verdict and reasoning, the
// progress line and the keys. Plain lines, written one after the other (no cursor tricks), so the
// session reads the same in a terminal's scrollback and in a captured pane.
import type { Colors } from '../reporter/terminal.js'
import type { LabelItem, LabelWalkPlan } from './label-items.js'

/** The keys, as the prompt line lists them. */
export const KEYS_LINE = 'm met · u unmet · s skip · n note · q quit and save'

/** How far the walk is: where, and what this session labelled and skipped. */
export interface LabelProgress {
  /** The item shown, from 0. */
  index: number
  total: number
  labelled: number
  skipped: number
}

/** The start screen: what will be walked, what was left out and why. */
export function startScreen(plan: LabelWalkPlan, results: string, c: Colors): string {
  const lines = [
    c.bold(`Labelling the judged conversations in ${results}`),
    `${count(plan.items.length, 'criterion', 'criteria')} to label in ${count(conversations(plan.items), 'conversation')}.`,
  ]
  if (plan.done > 0) {
    lines.push(
      `${count(plan.done, 'criterion', 'criteria')} already labelled for the same conversation ${plan.done === 1 ? 'is' : 'are'} left out; --all labels them again.`,
    )
  }
  if (plan.withoutText > 0) {
    lines.push(
      c.yellow(
        `${count(plan.withoutText, 'judged conversation')} kept no transcript text (a scenario's report keeps its transcripts' text up to a budget) and cannot be labelled; fewer samples per scenario keep them all.`,
      ),
    )
  }
  lines.push(
    plan.items.length === 0
      ? 'Nothing to label.'
      : `Keys: ${KEYS_LINE}. Ctrl-C saves what was labelled too.`,
    '',
  )
  return `${lines.join('\n')}\n`
}

/** A conversation's header and its whole transcript. */
export function conversationScreen(item: LabelItem, c: Colors): string {
  const rule = c.dim('─'.repeat(72))
  const where = [item.file, item.project === undefined ? undefined : `project ${item.project}`]
    .filter((part) => part !== undefined)
    .join(' · ')
  const sample = item.samples > 1 ? ` · sample ${item.sample + 1} of ${item.samples}` : ''
  const lines = [
    rule,
    `${c.bold(item.test)}  ${c.dim(`${where}${sample}`)}`,
    rule,
    item.transcript.text,
  ]
  if (item.transcript.clipped) {
    lines.push(c.yellow('[the transcript is clipped here: the report keeps only its beginning]'))
  }
  return `${lines.join('\n')}\n`
}

/** One criterion: the outcome, the criterion, the judge's verdict, reasoning and votes. */
export function criterionScreen(item: LabelItem, c: Colors): string {
  const verdict = item.judge.verdict
  const painted =
    verdict === 'met' ? c.green(verdict) : verdict === 'unmet' ? c.red(verdict) : c.yellow(verdict)
  const lines = [
    '',
    `${c.dim('Outcome:  ')} ${item.outcome}`,
    `${c.dim('Criterion:')} ${c.bold(item.criterion)}`,
    `${c.dim('Judge:    ')} ${painted}${item.judge.reasoning === undefined ? '' : ` — ${item.judge.reasoning}`}`,
  ]
  const votes = item.judge.votes
  if (votes !== undefined && votes.length > 0) {
    lines.push(`${c.dim('           votes:')} ${votes.map((vote) => vote.verdict).join(', ')}`)
  }
  const previous = item.previous
  if (previous !== undefined) {
    const was = `${previous.verdict}${previous.note === undefined ? '' : ` (${previous.note})`}`
    lines.push(
      item.stale
        ? c.yellow(`The conversation changed since it was labelled; it was labelled ${was}.`)
        : c.dim(`Labelled before: ${was}.`),
    )
  }
  return `${lines.join('\n')}\n`
}

/** The progress line and the keys, ending with the prompt. */
export function promptScreen(progress: LabelProgress, note: string | undefined, c: Colors): string {
  const line = `${progress.index + 1} of ${progress.total} · ${progress.labelled} labelled · ${progress.skipped} skipped`
  const noted = note === undefined ? '' : `\n${c.dim('Note:')} ${note}`
  return `${noted}\n${c.dim(line)}\n${KEYS_LINE} > `
}

function conversations(items: readonly LabelItem[]): number {
  return new Set(
    items.map((item) => JSON.stringify([item.file, item.project, item.test, item.sample])),
  ).size
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}
