import { describeValue, thrownMessage } from '../internal/describe-value.js'
import type { Diagnostic, RubricScores } from '../state/types.js'
import type { RegexTrait, Rubric, TraitContext } from './types.js'

const compiled = new WeakMap<RegexTrait, RegExp>()

function regexOf(trait: RegexTrait): RegExp {
  let regex = compiled.get(trait)
  if (regex === undefined) {
    regex = new RegExp(trait.pattern, trait.flags)
    compiled.set(trait, regex)
  }
  return regex
}

/**
 * Scores the regex and callable traits of a rubric on one response. A trait that throws, or
 * returns something other than a boolean or a finite number, leaves a `rubric` diagnostic and no
 * score. Model-judged traits are scored by the caller's judge, not here.
 */
export function scoreTraits(
  rubric: Rubric,
  response: string,
  context: TraitContext,
  diagnostics: Diagnostic[],
): RubricScores {
  const scores: RubricScores = {}
  for (const trait of rubric.traits) {
    if (trait.type === 'RegexTrait') {
      scores[trait.name] = regexOf(trait).test(response) !== trait.invert
    } else if (trait.type === 'CallableTrait') {
      try {
        const score: unknown = trait.fn(response, context)
        if (typeof score === 'boolean' || (typeof score === 'number' && Number.isFinite(score))) {
          scores[trait.name] = score
        } else {
          diagnostics.push({
            kind: 'rubric',
            message: `Trait '${trait.name}' returned ${describeValue(score)}, not a boolean or a finite number; it has no score`,
            nodeId: context.nodeId,
            turn: context.turn,
          })
        }
      } catch (error) {
        diagnostics.push({
          kind: 'rubric',
          message: `Trait '${trait.name}' threw: ${thrownMessage(error)}; it has no score`,
          nodeId: context.nodeId,
          turn: context.turn,
        })
      }
    }
  }
  return scores
}
