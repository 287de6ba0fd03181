// Type-checked, not run: the scenario matchers on Jest's `expect` (from `@jest/globals`) after
// `import … from 'vitest-scenario/jest'`, with their argument types.
import { expect } from '@jest/globals'
import type { ScenarioExecutionResult } from 'vitest-scenario/core'
import { lastTurn } from 'vitest-scenario/core'
import type { JestScenarioMatchers } from 'vitest-scenario/jest'

export function checks(result: ScenarioExecutionResult): void {
  expect(result).toHaveStatus('completed')
  expect(result).not.toHaveStatus('error')
  expect(result).toHaveFollowedPath(['ask', 'challenge'])
  expect(result).toHaveVisited('ask', 1)
  expect(result).toHaveTurnCount(2)
  expect(result).toHaveTurnCheck(lastTurn({ verifyResult: true }))
  expect(result).toPassOutcomes(['kept'])
  expect(result).toHaveCalledTool('book', { city: 'Paris' }, { times: 1 })
  expect(result).toMatchConversationSnapshot('after pushback')
  // @ts-expect-error 'done' is no scenario status
  expect(result).toHaveStatus('done')
  // @ts-expect-error a path is a list of node ids
  expect(result).toHaveFollowedPath('ask')
}

export async function resolves(result: Promise<ScenarioExecutionResult>): Promise<void> {
  // After `.resolves` a Jest matcher returns Promise<void>: the scenario matchers too.
  const returned: Promise<void> = expect(result).resolves.toHaveStatus('completed')
  await returned
}

export async function judged(result: ScenarioExecutionResult): Promise<void> {
  // toSatisfyJudge calls a model: it returns a promise whatever Jest's `R`.
  const verdict: Promise<void> = expect(result).toSatisfyJudge(['The agent stays polite.'], {
    inconclusive: 'pass',
  })
  await verdict
  // @ts-expect-error criteria are a list of strings
  await expect(result).toSatisfyJudge('The agent stays polite.')
}

export async function calibrated(): Promise<void> {
  // toAgreeWithLabels reads files: it returns a promise whatever Jest's `R`.
  const agreed: Promise<void> = expect('test/__labels__').toAgreeWithLabels({ minKappa: 0.6 })
  await agreed
  await expect('test/__labels__').not.toAgreeWithLabels()
  // @ts-expect-error an unknown gate
  await expect('test/__labels__').toAgreeWithLabels({ minKapa: 0.6 })
}

// Each matcher returns Jest's `R`.
export const returns: ReturnType<JestScenarioMatchers<void>['toHaveStatus']> = undefined
