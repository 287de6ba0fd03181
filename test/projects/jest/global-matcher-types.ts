/// <reference types="jest" />
// Type-checked, not run: the scenario matchers on the global `expect` that `@types/jest` declares
// (projects that do not import `expect` from `@jest/globals`), after an import of
// 'vitest-scenario/jest'.
import type { ScenarioExecutionResult, ScenarioResultSet } from 'vitest-scenario/core'
import { lastTurn } from 'vitest-scenario/core'
import type {} from 'vitest-scenario/jest'

export async function checks(result: ScenarioExecutionResult, set: ScenarioResultSet) {
  expect(result).toHaveStatus('completed')
  expect(result).not.toHaveTurnCount(3)
  expect(result).toHaveTurnCheck(lastTurn({ verifyResult: true }))
  expect(result).toMatchConversationSnapshot()
  expect(set).toHavePassRate(0.8)
  await expect(result).toSatisfyJudge(['The agent confirms the refund amount.'])
  // @ts-expect-error 'done' is no scenario status
  expect(result).toHaveStatus('done')
}
