// Promise: `scenario()` checks its arguments where it is called — while Vitest collects the file
// — and bad input is a clear `[vitest-scenario]` error there, never a TypeError from inside.
// `scenario()` registers a Vitest test, which cannot be done inside a running test, so the calls
// are made while this file is collected, inside a skipped `describe` (what they register never
// runs), and the test below reads what they threw.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scenario } from '../../src/index.js'
import { describeThrown, isLibraryError } from './support/call-outcome.js'
import { arg, hostileValue, oneOf, tampered } from './support/hostile-values.js'
import { constant, makeAll, type Recipe, recipe } from './support/recipe.js'

/** Generated calls, made while the file is collected. */
const CALLS = 800

/**
 * The forms that register a test. `scenario.only` is the same function over Vitest's
 * `test.only` and is left out: calling it would switch this file into only-mode and skip the
 * test that reads the outcomes.
 */
const forms = {
  scenario: (...args: unknown[]) => (scenario as unknown as (...a: unknown[]) => void)(...args),
  'scenario.skip': (...args: unknown[]) =>
    (scenario.skip as unknown as (...a: unknown[]) => void)(...args),
  'scenario.concurrent': (...args: unknown[]) =>
    (scenario.concurrent as unknown as (...a: unknown[]) => void)(...args),
  'scenario.todo': (...args: unknown[]) => (scenario.todo as (...a: unknown[]) => void)(...args),
  'scenario.each(rows)': (rows: unknown, ...args: unknown[]) =>
    (scenario.each as (rows: unknown) => (...a: unknown[]) => void)(rows)(...args),
} as const

type Form = keyof typeof forms

const name = arg(fc.constantFrom(constant('keeps its answer'), constant('a > b'), constant('é')))
const options = arg(
  tampered(
    oneOf(
      recipe('{ timeout: 1000, turnLimit: 3 }', () => ({ timeout: 1000, turnLimit: 3 })),
      recipe('{ samples: 2, assertOutcomes: false }', () => ({
        samples: 2,
        assertOutcomes: false,
      })),
      recipe("{ model: { model: 'm' } }", () => ({ model: { model: 'm' } })),
    ),
    ['timeout', 'samples', 'assertOutcomes', 'turnLimit', 'model', 'parsingModel', 'userModel'],
  ),
)
const build = arg(oneOf(recipe('(s) => s', () => (s: unknown) => s)))
const body = arg(oneOf(recipe('async ({ run }) => run()', () => async () => undefined)))
const rows = arg(
  oneOf(
    constant([1, 2]),
    recipe("[{ drug: 'a' }]", () => [{ drug: 'a' }]),
  ),
)

/** One call: the form, then its arguments (three, four, or any number of hostile ones). */
const callArb: fc.Arbitrary<[Form, readonly Recipe[]]> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(
      fc.constantFrom<Form>('scenario', 'scenario.skip', 'scenario.concurrent'),
      fc.oneof(
        fc.tuple(name, build, body),
        fc.tuple(name, options, build, body),
        fc.array(hostileValue, { maxLength: 5 }),
      ),
    ),
  },
  // `todo` takes only a name: a small share is enough (each valid call adds a todo to the report).
  { weight: 1, arbitrary: fc.tuple(fc.constant<Form>('scenario.todo'), fc.tuple(hostileValue)) },
  {
    weight: 3,
    arbitrary: fc.tuple(
      fc.constant<Form>('scenario.each(rows)'),
      fc.oneof(fc.tuple(rows, name, build, body), fc.tuple(rows, name, options, build, body)),
    ),
  },
)

const seed = Date.now() ^ (Math.random() * 0x7fffffff)
const problems: string[] = []
let calls = 0

describe.skip('tests registered by the fuzz while this file is collected (never run)', () => {
  for (const [form, recipes] of fc.sample(callArb, { numRuns: CALLS, seed })) {
    calls++
    try {
      ;(forms[form] as (...a: unknown[]) => void)(...makeAll(recipes))
    } catch (thrown) {
      if (isLibraryError(thrown)) continue
      const args = recipes.map((r) => r.label).join(', ')
      problems.push(`${form}(${args})\n  threw: ${describeThrown(thrown)}`)
    }
  }
})

test(`scenario() and its forms: ${CALLS} generated calls at collection, no foreign error`, () => {
  console.log(`[fuzz] ${calls} generated scenario() calls at collection (seed ${seed})`)
  expect(calls).toBe(CALLS)
  expect(problems.join('\n\n'), `fast-check seed ${seed}`).toBe('')
})
