// The `outcomes:` section of a conversation transcript: each criterion's verdict, with what an
// agent test adds to it — the reason a callable gave, a judge's criteria, an evaluation error.
import type { CriterionJudgement, ScenarioExecutionResult } from '../state/types.js'
import { block } from './render-text.js'

/** The mark of a judge criterion's verdict. */
export const CRITERION_MARK: Readonly<Record<CriterionJudgement['verdict'], string>> = {
  met: '✓',
  unmet: '✗',
  inconclusive: '?',
}

/**
 * One line per outcome criterion (`✓ name`, `✗ name`, `name = 3`), in the result's order, then
 * the names only the details know (none in a result the runner made):
 * - a criterion that could not be evaluated is `⚠ name — error (category): message`: an error,
 *   not a verdict on the behaviour;
 * - a callable's reason follows its verdict: `✗ name — reason`;
 * - a judge's criteria follow, indented: met ones by name, unmet and inconclusive ones with
 *   their reasoning (what a reader needs to see why).
 * Multi-line texts are indented under their line.
 */
export function outcomeLines(result: ScenarioExecutionResult): string[] {
  // A result from before agent tests has none of these fields: it had none of them.
  const errors = result.outcomeErrors ?? {}
  const reasons = result.outcomeReasons ?? {}
  const judgements = result.judgements ?? {}
  const names = [
    ...new Set([
      ...Object.keys(result.outcomeResults),
      ...Object.keys(errors),
      ...Object.keys(reasons),
      ...Object.keys(judgements),
    ]),
  ]
  const lines: string[] = []
  for (const name of names) {
    const value = result.outcomeResults[name]
    const error = Object.hasOwn(errors, name) ? errors[name] : undefined
    const reason = Object.hasOwn(reasons, name) ? reasons[name] : undefined
    const judgement = Object.hasOwn(judgements, name) ? judgements[name] : undefined
    if (error !== undefined) {
      lines.push(...block(`⚠ ${name} — error (${error.category})`, error.message))
    } else if (typeof value === 'number') {
      lines.push(`${name} = ${value}`)
    } else {
      const mark = value === true ? '✓' : '✗'
      const verdict = judgement?.verdict === 'inconclusive' ? ' (inconclusive)' : ''
      const head = `${mark} ${name}${verdict}`
      lines.push(...(reason === undefined ? [head] : dashed(head, reason)))
    }
    for (const criterion of judgement?.criteria ?? []) {
      const head = `${CRITERION_MARK[criterion.verdict] ?? '?'} ${criterion.criterion}`
      const text =
        criterion.verdict === 'met' || criterion.reasoning === ''
          ? [head]
          : block(head, criterion.reasoning)
      lines.push(...text.map((line) => `  ${line}`))
    }
  }
  return lines
}

/** `head — text`, further lines of `text` indented under it. */
function dashed(head: string, text: string): string[] {
  const [first = '', ...rest] = text.split('\n')
  const pad = ' '.repeat(head.length + 3)
  return [`${head} — ${first}`.trimEnd(), ...rest.map((line) => `${pad}${line}`.trimEnd())]
}
