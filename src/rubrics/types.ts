import type { ScenarioStateView } from '../state/types.js'

/** What a callable trait is told besides the response. */
export interface TraitContext {
  nodeId: string
  turn: number
  state: ScenarioStateView
}

/** A trait scored by whether a pattern occurs in the response (`true`/`false`). */
export interface RegexTrait {
  type: 'RegexTrait'
  name: string
  pattern: string
  flags: string
  invert: boolean
}

/** A trait scored by a function of the response. */
export interface CallableTrait {
  type: 'CallableTrait'
  name: string
  fn: (response: string, context: TraitContext) => boolean | number
}

/** How a model-judged trait is scored. */
export type LlmTraitKind = 'boolean' | 'score' | 'labels'

/** A trait judged by the parsing model. */
export interface LlmTrait {
  type: 'LlmTrait'
  name: string
  description: string
  kind: LlmTraitKind
  min?: number | undefined
  max?: number | undefined
  labels?: string[] | undefined
}

/** One rubric trait. */
export type Trait = RegexTrait | CallableTrait | LlmTrait

/** A rubric: traits scored on every turn it applies to (`traits` is required). */
export interface Rubric {
  traits: Trait[]
}
