import { describe, expect, expectTypeOf, test } from 'vitest'
import {
  type CriterionJudgement,
  type CriterionVerdict,
  type CriterionVote,
  type JudgeCheck,
  type JudgeConversationOptions,
  type JudgeOptions,
  judge,
  type ScenarioExecutionResult,
} from 'vitest-scenario'

// Type-checked only, never run: the values need not exist.
declare const result: ScenarioExecutionResult

describe('judge votes types', () => {
  test('votes is an optional number on judge(), judgeConversation and toSatisfyJudge options', () => {
    expectTypeOf<JudgeOptions['votes']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<JudgeConversationOptions['votes']>().toEqualTypeOf<number | undefined>()
    expectTypeOf(judge(['Polite'], { votes: 3 })).toEqualTypeOf<JudgeCheck>()
    expectTypeOf<JudgeCheck['votes']>().toEqualTypeOf<number | undefined>()
    // @ts-expect-error: votes is a number, not a string
    judge(['Polite'], { votes: '3' })
    expect(result).toSatisfyJudge(['Polite'], { votes: 3 })
    // @ts-expect-error: votes is a number
    expect(result).toSatisfyJudge(['Polite'], { votes: true })
  })

  test('each criterion keeps its votes: a verdict and a reasoning each', () => {
    expectTypeOf<CriterionVote>().toEqualTypeOf<{
      verdict: CriterionVerdict
      reasoning: string
    }>()
    expectTypeOf<CriterionVerdict>().toEqualTypeOf<'met' | 'unmet' | 'inconclusive'>()
    expectTypeOf<CriterionJudgement['votes']>().toEqualTypeOf<CriterionVote[] | undefined>()
    const judged = result.judgements.polite?.criteria[0]?.votes?.[0]
    expectTypeOf(judged).toEqualTypeOf<CriterionVote | undefined>()
  })
})
