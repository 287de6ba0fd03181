import { describe, expect, test } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.js'
import { InvalidArgumentError } from '../../src/errors/index.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { SOURCES } from './support/compare-helpers.js'
import { reportOf, testOf } from './support/report-builder.js'

const good = reportOf([testOf()])
const as = (value: unknown) => value as ResultsReport

describe('compareReports() refuses what is not a results report', () => {
  test.each([
    ['null', null, /the baseline is not one: null, not an object/],
    [
      'another kind',
      { ...good, kind: 'vitest-scenario.compare' },
      /the baseline is not one: kind: /,
    ],
    ['another version', { ...good, version: 2 }, /the baseline is not one: version: /],
    [
      'a broken test entry',
      { ...good, tests: [{ ...testOf(), file: 3 }] },
      /the baseline is not one: tests\.0\.file: /,
    ],
    [
      'broken scenario meta',
      { ...good, tests: [{ ...testOf(), scenario: { ...testOf().scenario, runs: 'x' } }] },
      /the baseline is not one: tests\.0\.scenario\.runs: /,
    ],
    [
      'a getter that throws',
      Object.defineProperty({ ...good }, 'tests', {
        get() {
          throw new Error('no')
        },
        enumerable: true,
      }),
      /the baseline is not one: it could not be read/,
    ],
  ])('%s', (_, baseline, message) => {
    expect(() => compareReports(as(baseline), good, SOURCES)).toThrow(InvalidArgumentError)
    expect(() => compareReports(as(baseline), good, SOURCES)).toThrow(message)
    expect(() => compareReports(as(baseline), good, SOURCES)).toThrow(
      /^\[vitest-scenario\] compareReports\(\) needs two results reports/,
    )
  })

  test('names the candidate side', () => {
    expect(() => compareReports(good, as({}), SOURCES)).toThrow(/the candidate is not one: kind: /)
  })

  test.each([
    ['no options', undefined],
    ['a source that is not a string', { ...SOURCES, baselineSource: 1 }],
    ['a negative regressed gate', { ...SOURCES, failOn: { regressed: -1 } }],
    ['an infinite cost gate', { ...SOURCES, failOn: { costIncrease: Number.POSITIVE_INFINITY } }],
    ['an invalid date', { ...SOURCES, now: new Date(Number.NaN) }],
  ])('refuses %s', (_, options) => {
    expect(() =>
      compareReports(good, good, options as unknown as Parameters<typeof compareReports>[2]),
    ).toThrow(/^\[vitest-scenario\] compareReports\(\) options are invalid: /)
  })

  test('keeps the definition hash through the check, and leaves the reports untouched', () => {
    const before = reportOf([testOf({ definition: 'sha256:1111111111111111' })])
    const after = reportOf([testOf({ definition: 'sha256:2222222222222222' })])
    const copy = JSON.stringify(before)
    expect(compareReports(before, after, SOURCES).tests[0]?.bucket).toBe('not-comparable')
    expect(JSON.stringify(before)).toBe(copy)
  })
})
