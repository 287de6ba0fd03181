import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { runScenario, Scenario, type ScenarioExecutionResult } from '../../src/core.js'
import { answerSpecArb, scriptedAgent } from '../property/arbitraries.js'
import { callablesOf } from './support/callables-of.js'
import { buildDefinition, definitionCaseArb } from './support/definition-arbitraries.js'

beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterAll(() => {
  vi.restoreAllMocks()
})

/** What must not change when a definition goes to JSON and back: routing and verdicts. */
function observable(result: ScenarioExecutionResult) {
  return {
    path: result.path,
    status: result.status,
    turnCount: result.turnCount,
    history: result.history.map((turn) => ({
      nodeId: turn.nodeId,
      questionText: turn.questionText,
      verifyResult: turn.verifyResult,
      parsedFields: turn.parsedFields,
      rubric: turn.rubric,
      error: turn.error?.category,
    })),
    accumulated: result.finalState.accumulated,
    outcomeResults: result.outcomeResults,
    diagnostics: result.diagnostics,
    error: result.error === undefined ? undefined : { ...result.error, cause: undefined },
  }
}

describe('lossless documents (SPEC 8): a definition taken to JSON and back routes identically', () => {
  test('under a scripted agent: same path, status, verdicts, state and outcomes', async () => {
    await fc.assert(
      fc.asyncProperty(
        definitionCaseArb({ rich: false, maxNodes: 8 }),
        fc.array(answerSpecArb, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 20 }),
        async (c, answers, turnLimit) => {
          const original = buildDefinition(c)
          const document = original.toJSON()
          const loaded = Scenario.fromJSON(JSON.stringify(document), {
            callables: callablesOf(original, document),
          })
          const [a, b] = await Promise.all(
            [original, loaded].map((d) =>
              runScenario(d, { model: scriptedAgent(answers), turnLimit }),
            ),
          )
          expect(observable(b as ScenarioExecutionResult)).toEqual(
            observable(a as ScenarioExecutionResult),
          )
        },
      ),
      { numRuns: 1000 },
    )
  }, 120_000)
})
