import { ScenarioError } from './scenario-error.js'

/** The code of one problem `validate()` found. */
export type ValidationProblemCode =
  | 'no_entry'
  | 'unknown_entry'
  | 'unknown_source'
  | 'unknown_target'
  | 'unreachable'
  | 'no_fallback'

/** One problem in a scenario graph: what it is, in words, and the ids involved. */
export interface ValidationProblem {
  code: ValidationProblemCode
  message: string
  /** The node ids (and `END`) the problem is about, in the order the message names them. */
  ids: string[]
}

/** `validate()` found one or more problems; `problems` lists every one, in a fixed order. */
export class ScenarioValidationError extends ScenarioError {
  override name = 'ScenarioValidationError'
  /**
   * Every problem found, in a fixed order: edge problems per edge (source, then target), fallback
   * problems in the order their nodes first appear as an edge source.
   */
  readonly problems: readonly ValidationProblem[]
  /** The name of the scenario that failed validation. */
  readonly scenarioName: string

  constructor(scenarioName: string, problems: readonly ValidationProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    super('invalid_scenario', {
      what: `Scenario '${scenarioName}' is not valid (${count})`,
      subjects: problems.map((p) => `${p.code}: ${p.message}`),
      fix: 'Fix the graph and call validate() again.',
    })
    this.problems = problems
    this.scenarioName = scenarioName
  }
}
