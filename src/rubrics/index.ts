export { scoreTraits } from './evaluate-rubric.js'
export { assertRubric, callableTrait, llmTrait, regexTrait } from './traits.js'
export type {
  CallableTrait,
  LlmTrait,
  LlmTraitKind,
  RegexTrait,
  Rubric,
  Trait,
  TraitContext,
} from './types.js'
