import { expect as jestExpect } from 'expect'
import { describe, expect, test } from 'vitest'
import { matchers } from '../../matchers/index.js'
import { wilsonInterval } from '../../src/samples/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { failure, flipped, kept, limited, lines, plain, runPushback, setOf } from './support.js'

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
        'No number of passes out of 6 reaches a lower bound of 80% (with every sample passing it is 61%): use at least 16 samples, or 25 to let one fail.',
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

  // The bound of n of n passes is n / (n + z²) (z = 1.96 at 95 %): below a minimum, no number of
  // passes reaches it; the counts below are those of the matcher's own rule (bound >= minimum).
  describe('how many passes and samples the minimum needs', () => {
    test('a reachable minimum: the passes it needs out of the samples', async () => {
      const set8of10 = setOf(await samples(8, 2))
      const { message } = failure(() => expect(set8of10).toHavePassRate(0.5))
      expect(message).toBe(
        lines(
          'expect(results).toHavePassRate(0.5)',
          '',
          '8 of 10 samples passed (80%); the 95% Wilson interval is 49%–94.3%, and its lower bound is below 50%.',
          'A lower bound of 50% needs 9 of 10 samples to pass.',
          'Failed samples:',
          '  sample 8: completed, but ✗ kept-answer',
          '  sample 9: completed, but ✗ kept-answer',
        ),
      )
      // The counts follow the confidence: at 80 %, 65 % needs 9 of 10 as well, 0.3 needs 5.
      const set = setOf(await samples(4, 6))
      expect(failure(() => expect(set).toHavePassRate(0.3)).message).toContain(
        'A lower bound of 30% needs 6 of 10 samples to pass.',
      )
      expect(failure(() => expect(set).toHavePassRate(0.3, { confidence: 0.8 })).message).toContain(
        'A lower bound of 30% needs 5 of 10 samples to pass.',
      )
    })

    test('a minimum only n of n reaches: one failure fails it, and the samples that allow one', async () => {
      // The README's example: `samples: 10` with 0.7 passes at 10 of 10 only (9 of 10: 59.6 %).
      const set9of10 = setOf(await samples(9, 1))
      const { message } = failure(() => expect(set9of10).toHavePassRate(0.7))
      expect(message).toBe(
        lines(
          'expect(results).toHavePassRate(0.7)',
          '',
          '9 of 10 samples passed (90%); the 95% Wilson interval is 59.6%–98.2%, and its lower bound is below 70%.',
          'A lower bound of 70% needs all 10 samples to pass, so one failed sample fails the assertion: with 15 samples one may fail.',
          'Failed samples:',
          '  sample 9: completed, but ✗ kept-answer',
        ),
      )
      const one = setOf(await samples(0, 1))
      expect(failure(() => expect(one).toHavePassRate(0.1)).message).toContain(
        'A lower bound of 10% needs the one sample to pass, so one failed sample fails the assertion: with 3 samples one may fail.',
      )
    })

    test('an unreachable minimum: what n of n gives, and the samples that reach it', async () => {
      // Every sample passed, and the assertion still fails: 5 of 5 give a bound of 56.6 %.
      const set5of5 = setOf(await samples(5, 0))
      const { message } = failure(() => expect(set5of5).toHavePassRate(0.8))
      expect(message).toBe(
        lines(
          'expect(results).toHavePassRate(0.8)',
          '',
          '5 of 5 samples passed (100%); the 95% Wilson interval is 56.6%–100%, and its lower bound is below 80%.',
          'No number of passes out of 5 reaches a lower bound of 80% (with every sample passing it is 56.6%): use at least 16 samples, or 25 to let one fail.',
        ),
      )
      const one = setOf(await samples(0, 1))
      expect(failure(() => expect(one).toHavePassRate(0.5)).message).toContain(
        'No number of passes out of 1 reaches a lower bound of 50% (with every sample passing it is 20.7%): use at least 4 samples, or 8 to let one fail.',
      )
      expect(failure(() => expect(setOf([])).toHavePassRate(0.5)).message).toBe(
        lines(
          'expect(results).toHavePassRate(0.5)',
          '',
          'No samples ran; the 95% Wilson interval is 0%–100%, and its lower bound is below 50%.',
          'Without samples the lower bound is 0%: use at least 4 samples, or 8 to let one fail.',
        ),
      )
    })

    test('near the limit of 1000 samples: no count lets one fail, or none reaches the minimum', async () => {
      const five = setOf(await samples(5, 0))
      expect(failure(() => expect(five).toHavePassRate(0.993)).message).toContain(
        'use at least 545 samples, or 806 to let one fail.',
      )
      expect(failure(() => expect(five).toHavePassRate(0.995)).message).toContain(
        'use at least 765 samples (up to 1000, every one must pass).',
      )
      const set799of800 = setOf(await samples(799, 1))
      expect(failure(() => expect(set799of800).toHavePassRate(0.995)).message).toContain(
        'A lower bound of 99.5% needs all 800 samples to pass, so one failed sample fails the assertion, as it does with any count up to 1000.',
      )
      for (const [min, shown] of [
        [0.999, '99.9%'],
        [1, '100%'],
      ] as const) {
        expect(failure(() => expect(five).toHavePassRate(min)).message).toContain(
          `No number of passes out of 5 reaches a lower bound of ${shown}, and no sample count up to 1000 does (with 1000 samples all passing it is 99.6%): lower the minimum or the confidence.`,
        )
      }
      expect(failure(() => expect(setOf([])).toHavePassRate(1)).message).toContain(
        'No sample count up to 1000 reaches a lower bound of 100% (with 1000 samples all passing it is 99.6%): lower the minimum or the confidence.',
      )
    })

    test('.not says nothing of the counts: the bound reached the minimum', async () => {
      // 10 of 10 reach 0.6 and 9 of 10 do not: the positive form would add a line here.
      const set10of10 = setOf(await samples(10, 0))
      const { message } = failure(() => expect(set10of10).not.toHavePassRate(0.6))
      expect(message).not.toContain('needs')
      expect(message.split('\n')).toHaveLength(3)
    })

    test('under Jest, the same message reaches the runner', async () => {
      jestExpect.extend(matchers as unknown as Parameters<typeof jestExpect.extend>[0])
      const set = setOf(await samples(5, 0))
      let thrown: unknown
      try {
        ;(jestExpect(set) as unknown as { toHavePassRate(min: number): void }).toHavePassRate(0.8)
      } catch (error) {
        thrown = error
      }
      const { matcherResult } = thrown as { matcherResult: { message: string } }
      expect(plain(matcherResult.message)).toBe(
        lines(
          'expect(results).toHavePassRate(0.8)',
          '',
          '5 of 5 samples passed (100%); the 95% Wilson interval is 56.6%–100%, and its lower bound is below 80%.',
          'No number of passes out of 5 reaches a lower bound of 80% (with every sample passing it is 56.6%): use at least 16 samples, or 25 to let one fail.',
        ),
      )
    })
  })

  test('a single result, a minimum outside [0, 1] and a bad confidence are errors', async () => {
    const result = await kept()
    expect(failure(() => expect(result).toHavePassRate(0.5)).message).toBe(
      lines(
        '[vitest-scenario] toHavePassRate() needs a result set (what run() returns with `samples: n`) as the received value',
        "  - Received: the result of one run of 'pushback'",
        'A pass rate needs several runs: give the scenario `samples: n`, so run() returns a result set.',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument',
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
