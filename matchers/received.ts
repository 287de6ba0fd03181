import { InvalidArgumentError } from '../src/errors/index.js'
import { assertResult, assertResultSet } from '../src/internal/assert-result.js'
import { isScenarioResultSet, type ScenarioResultSet } from '../src/samples/index.js'
import { isScenarioExecutionResult } from '../src/state/is-execution-result.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { formatValue } from './text.js'

/** What a matcher received: one run's result, or the result set of a scenario with `samples`. */
export type Received =
  | { kind: 'result'; result: ScenarioExecutionResult }
  | { kind: 'set'; set: ScenarioResultSet }

/**
 * Reads the received value of a matcher that takes a result or a result set. Anything else is a
 * programmer error, thrown rather than failed so that `.not` cannot turn it into a pass.
 */
export function readReceived(received: unknown, matcher: string): Received {
  // A value with the outline of a result is checked whole, so a damaged one fails here, clearly.
  if (isScenarioExecutionResult(received)) {
    assertResult(received, `${matcher}()'s received value`, { walk: false })
    return { kind: 'result', result: received }
  }
  if (isResultSet(received)) {
    assertResultSet(received, `${matcher}()'s received value`, { walk: false })
    return { kind: 'set', set: received }
  }
  throw notAResult(received, matcher, 'a scenario result or a result set')
}

/** Reads the received value of a matcher that takes only a result set (`toHavePassRate`). */
export function readResultSet(received: unknown, matcher: string): ScenarioResultSet {
  if (isResultSet(received)) {
    assertResultSet(received, `${matcher}()'s received value`, { walk: false })
    return received
  }
  const fix = isScenarioExecutionResult(received)
    ? 'A pass rate needs several runs: give the scenario `samples: n`, so run() returns a result set.'
    : undefined
  throw notAResult(received, matcher, 'a result set (what run() returns with `samples: n`)', fix)
}

function isResultSet(value: unknown): value is ScenarioResultSet {
  return isScenarioResultSet(value) && value.results.every(isScenarioExecutionResult)
}

function notAResult(
  received: unknown,
  matcher: string,
  wanted: string,
  fix = 'Pass what run() or runScenario() returns.',
): InvalidArgumentError {
  // One short line: printing a whole result (or any large object) would bury the message.
  const value = isScenarioExecutionResult(received)
    ? `the result of one run of '${received.scenarioId}'`
    : formatValue(received)
  // Not coloured: a library error writes every escape in its parts as visible text.
  return new InvalidArgumentError(`${matcher}() needs ${wanted} as the received value`, fix, [
    `Received: ${value}`,
  ])
}
