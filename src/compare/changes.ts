// What differs between the two runs of a sample pair, item by item, and where their transcripts
// part: the views show the list, the classification reads which kinds of change flipped a verdict.
import type { JudgementMeta, TurnMeta } from '../hosts/core/meta/scenario-meta.js'
import type { Change, SideRun } from './comparison.js'
import { clip } from './side-run.js'

const VALUE_CLIP = 200

/** The change kinds that make a flip `deterministic`: a check, the route, a non-judge outcome. */
export const DETERMINISTIC_CHANGES: ReadonlySet<Change['kind']> = new Set([
  'status',
  'path',
  'verify',
  'outcome',
])

/**
 * Everything that differs between `baseline` and `candidate`, in a fixed order: the verdict
 * (`test`), status, route, each turn's verify verdict, each outcome (judges' as `judge`, with
 * their criteria), then each turn's tools and answer.
 *
 * @example
 * changesOf(baselineRun, candidateRun) // [{ kind: 'judge', name: 'polite', baseline: 'pass (2/2 met)', candidate: 'fail (1/2 met)' }]
 */
export function changesOf(baseline: SideRun, candidate: SideRun): Change[] {
  const changes: Change[] = []
  if (baseline.passed !== candidate.passed) {
    changes.push({ kind: 'test', baseline: verdict(baseline), candidate: verdict(candidate) })
  }
  if (baseline.status !== candidate.status) {
    changes.push({ kind: 'status', baseline: baseline.status, candidate: candidate.status })
  }
  const basePath = baseline.path.join(' → ')
  const candidatePath = candidate.path.join(' → ')
  if (basePath !== candidatePath) {
    changes.push({
      kind: 'path',
      baseline: clip(basePath, VALUE_CLIP),
      candidate: clip(candidatePath, VALUE_CLIP),
    })
  }
  const shared = Math.min(baseline.turns.length, candidate.turns.length)
  for (let turn = 0; turn < shared; turn++) {
    const a = baseline.turns[turn]?.verify ?? null
    const b = candidate.turns[turn]?.verify ?? null
    if (a !== b) changes.push({ kind: 'verify', turn, baseline: String(a), candidate: String(b) })
  }
  addOutcomeChanges(changes, baseline, candidate)
  for (let turn = 0; turn < shared; turn++) {
    const a = (baseline.tools[turn] ?? []).join(', ')
    const b = (candidate.tools[turn] ?? []).join(', ')
    if (a !== b)
      changes.push({
        kind: 'tools',
        turn,
        baseline: clip(a, VALUE_CLIP),
        candidate: clip(b, VALUE_CLIP),
      })
  }
  for (let turn = 0; turn < shared; turn++) {
    const a = answerOf(baseline.turns[turn])
    const b = answerOf(candidate.turns[turn])
    if (a !== b)
      changes.push({
        kind: 'answer',
        turn,
        baseline: clip(a, VALUE_CLIP),
        candidate: clip(b, VALUE_CLIP),
      })
  }
  return changes
}

/**
 * The first turn (from 0) where the two transcripts differ in node, question, answer, verify
 * verdict or tools — or where one ends before the other; `undefined` when they are the same.
 */
export function firstDifferingTurn(baseline: SideRun, candidate: SideRun): number | undefined {
  const shared = Math.min(baseline.turns.length, candidate.turns.length)
  for (let turn = 0; turn < shared; turn++) {
    const a = baseline.turns[turn]
    const b = candidate.turns[turn]
    if (a === undefined || b === undefined || !sameTurn(a, b)) return turn
  }
  return baseline.turns.length === candidate.turns.length ? undefined : shared
}

function sameTurn(a: TurnMeta, b: TurnMeta): boolean {
  return (
    a.node === b.node &&
    a.question === b.question &&
    a.answer === b.answer &&
    a.verify === b.verify &&
    (a.tools ?? []).join('\u0000') === (b.tools ?? []).join('\u0000')
  )
}

function addOutcomeChanges(changes: Change[], baseline: SideRun, candidate: SideRun): void {
  const names = new Set([...Object.keys(baseline.outcomes), ...Object.keys(candidate.outcomes)])
  for (const name of Object.keys(baseline.judgements)) names.add(name)
  for (const name of Object.keys(candidate.judgements)) names.add(name)
  for (const name of names) {
    const a = Object.hasOwn(baseline.outcomes, name) ? baseline.outcomes[name] : undefined
    const b = Object.hasOwn(candidate.outcomes, name) ? candidate.outcomes[name] : undefined
    const judgeA = Object.hasOwn(baseline.judgements, name) ? baseline.judgements[name] : undefined
    const judgeB = Object.hasOwn(candidate.judgements, name)
      ? candidate.judgements[name]
      : undefined
    if (judgeA !== undefined || judgeB !== undefined) {
      const textA = judgementText(judgeA, a)
      const textB = judgementText(judgeB, b)
      if (textA !== textB || a !== b)
        changes.push({ kind: 'judge', name, baseline: textA, candidate: textB })
    } else if (a !== b) {
      changes.push({
        kind: 'outcome',
        name,
        baseline: String(a ?? 'missing'),
        candidate: String(b ?? 'missing'),
      })
    }
  }
}

// A judge's verdict with its criteria's, so a criterion that flipped shows even when the overall
// verdict held.
function judgementText(
  judgement: JudgementMeta | undefined,
  value: boolean | number | undefined,
): string {
  if (judgement === undefined) return value === undefined ? 'missing' : String(value)
  const met = judgement.criteria.filter((criterion) => criterion.verdict === 'met').length
  const unmet = judgement.criteria
    .map((criterion, i) => (criterion.verdict === 'met' ? '' : `${i + 1}:${criterion.verdict}`))
    .filter((text) => text !== '')
  const total = judgement.criteria.length + (judgement.omitted ?? 0)
  const detail = unmet.length === 0 ? '' : `; ${unmet.join(' ')}`
  return `${judgement.verdict} (${met}/${total} met${detail})`
}

function answerOf(turn: TurnMeta | undefined): string {
  if (turn === undefined) return ''
  if (turn.answer === null) return '(no answer)'
  return turn.answer ?? ''
}

function verdict(run: SideRun): string {
  return run.passed ? 'passed' : 'failed'
}
