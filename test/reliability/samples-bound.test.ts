import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { checkScenarioOptions } from '../../src/hosts/core/scenario-options.js'
import { scenario } from '../../src/index.js'
import { MAX_SAMPLES } from '../../src/samples/index.js'

// Promise: `samples` is bounded. `samples: 1e9` used to be accepted and started a billion runs at
// once, killing the worker out of memory; now it fails when the test is collected, before any
// run, with a message that says the limit and why.

const build = () => {}
const body = async () => {}

describe('samples is bounded', () => {
  test('the limit is 1000 samples per scenario', () => {
    expect(MAX_SAMPLES).toBe(1000)
  })

  test.each([1e9, 1001, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY])(
    'samples: %d fails at collection with a clear InvalidArgumentError',
    (samples) => {
      let thrown: unknown
      try {
        // Throws while reading the options, before anything is registered with Vitest.
        scenario('flaky answer', { samples }, build, body)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(InvalidArgumentError)
      const message = (thrown as Error).message
      expect(message).toMatch(/^\[vitest-scenario\] /)
      expect(message).toContain("scenario('flaky answer', options) has an invalid option")
      expect(message).toContain(
        `\`samples\`: an integer from 1 to 1000 (each sample is a whole run, kept in memory with its own recording file; 1000 samples already bound a pass rate within ±3.1 percentage points, 95 % interval), got ${samples}`,
      )
    },
  )

  test.each([0, -1, 2.5, Number.NaN, '5', null])(
    'samples: %s (not an integer from 1 to 1000) is refused too',
    (samples) => {
      expect(() => checkScenarioOptions({ samples }, 'flaky answer')).toThrow(InvalidArgumentError)
      expect(() => checkScenarioOptions({ samples }, 'flaky answer')).toThrow(
        /`samples`: an integer from 1 to 1000 /,
      )
    },
  )

  test('1 to 1000 samples are accepted', () => {
    expect(checkScenarioOptions({ samples: 1 }, 'few').samples).toBe(1)
    expect(checkScenarioOptions({ samples: 1000 }, 'many').samples).toBe(1000)
  })
})
