import { describeThrown, describeValue } from '../internal/describe-value.js'
import type { Diagnostic, ScenarioExecutionResult } from '../state/types.js'
import { evaluateCheck } from './evaluate-outcome.js'
import type { OutcomeCriterion, OutcomeValue } from './types.js'

/**
 * Evaluates criteria in registration order: `check` when present (even beside
 * `evaluate`), else the awaited `evaluate(result)`. A criterion that throws, has neither, or
 * whose `evaluate` gives something other than a boolean or a number is `false` and leaves an
 * `outcome` diagnostic naming it; so do the values its check could not compare.
 *
 * @example
 * result.outcomeResults = await evaluateCriteria(definition.outcomeCriteria, result, result.diagnostics)
 */
export async function evaluateCriteria(
  criteria: readonly OutcomeCriterion[],
  result: ScenarioExecutionResult,
  diagnostics: Diagnostic[],
): Promise<Record<string, OutcomeValue>> {
  const values: Record<string, OutcomeValue> = {}
  for (const criterion of criteria) {
    const value = await evaluateCriterion(criterion, result, diagnostics)
    // defineProperty keeps a name such as '__proto__' an ordinary key.
    Object.defineProperty(values, criterion.name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return values
}

async function evaluateCriterion(
  criterion: OutcomeCriterion,
  result: ScenarioExecutionResult,
  diagnostics: Diagnostic[],
): Promise<OutcomeValue> {
  const { name, check, evaluate } = criterion
  try {
    if (check !== undefined) {
      const found: Diagnostic[] = []
      const value = evaluateCheck(check, result, { diagnostics: found })
      for (const d of found) diagnostics.push({ ...d, message: `Outcome '${name}': ${d.message}` })
      return value
    }
    if (evaluate === undefined) {
      return fail(diagnostics, name, 'it has neither a check nor an evaluate function')
    }
    const value: unknown = await evaluate(result)
    if (typeof value === 'boolean' || typeof value === 'number') return value
    return fail(
      diagnostics,
      name,
      `evaluate returned ${describeValue(value)}, not a boolean or a number`,
    )
  } catch (error) {
    const thrown = describeThrown(error)
    return fail(diagnostics, name, `it threw ${thrown}`)
  }
}

function fail(diagnostics: Diagnostic[], name: string, problem: string): false {
  diagnostics.push({ kind: 'outcome', message: `Outcome '${name}' counted as false: ${problem}` })
  return false
}
