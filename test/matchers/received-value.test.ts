import { describe, expect, test } from 'vitest'
import type { matchers } from '../../matchers/index.js'
import { firstTurnScope, lastTurn, lastTurnScope } from '../../src/outcomes/index.js'
import './support.js'

// Every matcher reads its received value through the one helper (matchers/received.ts): a value
// that is no scenario result throws, so `.not` cannot turn it into a pass.

const check = lastTurn({ verifyResult: true })
const args: Record<keyof typeof matchers, unknown[]> = {
  toBeConsistentAcross: [firstTurnScope(), lastTurnScope(), 'parsed.drug'],
  toHaveCalledTool: ['search'],
  toHaveFollowedPath: [['ask']],
  toHaveHandedOffTo: ['billing'],
  toHavePassRate: [0.5],
  toHaveStatus: ['completed'],
  toHaveToolTrajectory: [['search']],
  toHaveTrippedGuardrail: [],
  toHaveTurnCheck: [check],
  toHaveTurnCount: [1],
  toHaveVisited: ['ask'],
  toPassOutcomes: [],
  toSatisfyOutcome: [check],
}

describe('every matcher refuses a received value that is no result', () => {
  for (const name of Object.keys(args) as (keyof typeof matchers)[]) {
    test(`${name}, also under .not`, () => {
      const call = (negated: boolean) => () => {
        const assertion = (negated ? expect(42).not : expect(42)) as unknown as Record<
          string,
          (...a: unknown[]) => unknown
        >
        assertion[name]?.(...args[name])
      }
      for (const negated of [false, true]) {
        expect(call(negated)).toThrow(/as the received value/)
        expect(call(negated)).toThrow(expect.objectContaining({ code: 'invalid_argument' }))
      }
    })
  }
})
