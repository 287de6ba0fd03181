// What a `no_fallback` problem adds when a node's conditional edges test only `verifyResult`:
// `true` and `false` look like every case, so the missing fallback seems needless. It is not:
// `verifyResult` is `null` on a turn that has no verdict, and no edge on `true` or `false` matches
// then. The node's template says whether that is every turn of it or none.
import { isStateCheck } from '../conditions/index.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { AnswerTemplate } from '../templates/types.js'
import type { ScenarioEdge, ScenarioNode } from './types.js'

/** The state's `verifyResult` as a when-object may spell it (the karenina alias included). */
const VERDICT_PATHS: ReadonlySet<string> = new Set(['verifyResult', 'verify_result'])

/**
 * Whether every conditional edge in `edges` is a when-object that reads `verifyResult` and
 * nothing else (`{ verifyResult: true }`, `{ verifyResult: { eq: false } }`).
 */
export function testsOnlyVerdict(edges: readonly ScenarioEdge[]): boolean {
  const conditional = edges.filter((edge) => edge.when !== undefined && edge.when !== null)
  return (
    conditional.length > 0 &&
    conditional.every(({ when }) => {
      if (!isPlainObject(when) || isStateCheck(when)) return false
      const paths = Object.keys(when)
      return paths.length > 0 && paths.every((path) => VERDICT_PATHS.has(path))
    })
  )
}

/**
 * The sentence a `no_fallback` problem adds for a node whose conditional edges test only
 * `verifyResult`: when that is `null` on the node's turns and why (no template; a template with
 * neither `verify` nor `groundTruth`), or, for a template that always gives a verdict, that one of
 * the edges can simply lose its `when`.
 */
export function verdictFallbackHint(node: ScenarioNode | undefined): string {
  // A `null` question (the answering side speaks first) is kept as `null`: no template either.
  const question: unknown = node?.question
  const template =
    typeof question === 'object' && question !== null
      ? (question as { template?: AnswerTemplate | undefined }).template
      : undefined
  const nullOn = (why: string) =>
    `. Its edges test only verifyResult, which is null on every turn of this node (${why}, so no verdict): neither true nor false matches, and the fallback is the edge taken`
  if (template === undefined) return nullOn('it has no template')
  if (template.verify === undefined && template.groundTruth === undefined) {
    return nullOn('its template has neither verify nor groundTruth')
  }
  return ". Its edges test only verifyResult, which this node's template sets to true or false on every turn that routes (an answer that fails to parse ends the run as a parsing error), so one of those edges can drop its `when` and be the fallback"
}
