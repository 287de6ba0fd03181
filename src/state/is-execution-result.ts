import type { ScenarioExecutionResult } from './types.js'

/** Whether a value has the shape of a `ScenarioExecutionResult` (what `runScenario` returns). */
export function isScenarioExecutionResult(value: unknown): value is ScenarioExecutionResult {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<Record<keyof ScenarioExecutionResult, unknown>>
  try {
    return (
      typeof v.scenarioId === 'string' &&
      typeof v.status === 'string' &&
      Array.isArray(v.path) &&
      Array.isArray(v.history) &&
      typeof v.outcomeResults === 'object' &&
      v.outcomeResults !== null
    )
  } catch {
    // A value that throws when read (a getter, a Proxy) is not a result.
    return false
  }
}
