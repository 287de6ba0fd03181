// A user's test file: the matcher types come with the import of 'vitest-scenario' alone.
import { expect, expectTypeOf, test } from 'vitest'
import {
  lastTurn,
  type ScenarioExecutionResult,
  type ScenarioResultSet,
  statusIs,
  turnAt,
} from 'vitest-scenario'

declare const result: ScenarioExecutionResult
declare const results: ScenarioResultSet

test('the scenario matchers are typed', async () => {
  expectTypeOf(expect(result).toHaveStatus('completed')).toEqualTypeOf<void>()
  expectTypeOf(
    expect(result).not.toHaveTurnCheck(lastTurn({ verifyResult: true })),
  ).toEqualTypeOf<void>()
  expectTypeOf(expect(Promise.resolve(result)).resolves.toHaveTurnCount(2)).toEqualTypeOf<
    Promise<void>
  >()
  expect(result).toBeConsistentAcross(turnAt(0), turnAt(-1), 'parsed.drug')
  expect(result).toSatisfyOutcome(statusIs('completed'))
  expect(results).toHavePassRate(0.8, { confidence: 0.9 })
  await expect.poll(() => result).toHaveStatus('completed')
  // @ts-expect-error not a status
  expect(result).toHaveStatus('done')
})
