import { expect, type MatcherState, test } from 'vitest'
import { createToMatchConversationSnapshot } from '../../matchers/index.js'
import { isScenarioError } from '../../src/errors/index.js'
import { runPushback } from './support.js'

// The received value is checked as every matcher checks it: a value that is no result is an
// error, so `.not` cannot turn it into a pass.
const calls: unknown[] = []
const matcher = createToMatchConversationSnapshot(function (this: MatcherState, received) {
  calls.push(received)
  return { pass: true, message: () => '' }
})

function stateOf(isNot: boolean): MatcherState {
  let utils: MatcherState['utils'] | undefined
  expect.extend({
    captureUtils(this: MatcherState) {
      utils = this.utils
      return { pass: true, message: () => '' }
    },
  })
  ;(expect(0) as unknown as { captureUtils(): void }).captureUtils()
  return { isNot, promise: '', utils } as unknown as MatcherState
}

test.each([false, true])('a value that is no result is an error (isNot: %s)', (isNot) => {
  let thrown: unknown
  try {
    matcher.call(stateOf(isNot), 42)
  } catch (error) {
    thrown = error
  }
  expect(isScenarioError(thrown)).toBe(true)
  expect(String((thrown as Error).message)).toMatch(/^\[vitest-scenario\]/)
  expect(calls).toEqual([])
})

test('a result goes to the runner’s snapshot matcher', async () => {
  const result = await runPushback(['Venetoclax', 'venetoclax'])
  matcher.call(stateOf(false), result)
  expect(calls).toEqual([result])
})
