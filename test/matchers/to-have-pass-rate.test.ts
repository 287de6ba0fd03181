import { describe, expect, test } from 'vitest'
import { wilsonInterval } from '../../src/samples/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { failure, flipped, kept, limited, lines, runPushback, setOf } from './support.js'

/** `passes` kept runs and `fails` flipped ones, in that order. */
async function samples(passes: number, fails: number): Promise<ScenarioExecutionResult[]> {
  const good = await kept()
  const bad = await flipped()
  return [...Array<ScenarioExecutionResult>(passes).fill(good), ...Array(fails).fill(bad)]
}

describe('toHavePassRate', () => {
  test('passes when the lower Wilson bound reaches the minimum', async () => {
    const set = setOf(await samples(10, 0))
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.722, 3)
    expect(set).toHavePassRate(0.7)
  })

  test('fails with the rate, the interval and the failed samples; the diff compares the bound', async () => {
    const set = setOf([
      ...(await samples(3, 1)),
      await limited(),
      await runPushback(['Venetoclax', new Error('model down')]),
    ])
    const { message, diff } = failure(() => expect(set).toHavePassRate(0.8))
    expect(message).toBe(
      lines(
        'expect(results).toHavePassRate(0.8)',
        '',
        '3 of 6 samples passed (50%); the 95% Wilson interval is 18.8%–81.2%, and its lower bound is below 80%.',
        'Failed samples:',
        '  sample 3: completed, but ✗ kept-answer',
        '  sample 4: The run reached the turn limit after 3 turns.',
        "  sample 5: The run ended with an error at 'challenge' (agent) after 2 turns: model down",
      ),
    )
    expect(diff).toContain('- 0.8')
    expect(diff).toContain('+ 0.188')
  })

  test('an observed rate above the minimum is not enough with few samples', async () => {
    const set = setOf(await samples(9, 1))
    expect(set.passRate).toBe(0.9)
    expect(set).not.toHavePassRate(0.8)
    expect(set).toHavePassRate(0.55)
  })

  test('.not passes when the lower bound is below the minimum', async () => {
    expect(setOf(await samples(1, 1))).not.toHavePassRate(0.5)
  })

  test('.not fails with the rate and the interval, and no diff', async () => {
    const set = setOf(await samples(10, 0))
    const { message, diff } = failure(() => expect(set).not.toHavePassRate(0.6))
    expect(message).toBe(
      lines(
        'expect(results).not.toHavePassRate(0.6)',
        '',
        '10 of 10 samples passed (100%); the 95% Wilson interval is 72.2%–100%, and its lower bound is at least 60%.',
      ),
    )
    expect(diff).toBe('')
  })

  test('the confidence option changes the interval', async () => {
    const set = setOf(await samples(8, 2))
    expect(set).not.toHavePassRate(0.5)
    expect(set).toHavePassRate(0.5, { confidence: 0.8 })
    const { message } = failure(() => expect(set).toHavePassRate(0.65, { confidence: 0.8 }))
    expect(message).toContain(
      'the 80% Wilson interval is 60.2%–91.4%, and its lower bound is below 65%.',
    )
  })

  test('the failed samples beyond five are counted', async () => {
    const set = setOf(await samples(0, 7))
    const { message } = failure(() => expect(set).toHavePassRate(0.1))
    expect(message).toContain('  sample 4: completed, but ✗ kept-answer\n  … and 2 more')
  })

  test('a single result, a minimum outside [0, 1] and a bad confidence are errors', async () => {
    const result = await kept()
    expect(failure(() => expect(result).toHavePassRate(0.5)).message).toBe(
      lines(
        '[vitest-scenario] toHavePassRate() needs a result set (what run() returns with `samples: n`) as the received value',
        "  - Received: the result of one run of 'pushback'",
        'A pass rate needs several runs: give the scenario `samples: n`, so run() returns a result set.',
      ),
    )
    const set = setOf([result])
    expect(() => expect(set).toHavePassRate(80)).toThrow(
      'toHavePassRate() takes a minimum rate between 0 and 1, got 80',
    )
    expect(() => expect(set).toHavePassRate(0.5, { confidence: 95 })).toThrow(
      '`confidence` must be a number between 0 and 1 (exclusive), got 95',
    )
  })
})
