import { describe, expect, test } from 'vitest'
import {
  type DateRangeOptions,
  type DateToleranceOptions,
  dateRange,
  dateTolerance,
  type NumericGradedOptions,
  type NumericRangeGradedOptions,
  type NumericThresholdGradedOptions,
  numericGraded,
  numericRangeGraded,
  numericThresholdGraded,
} from '../../src/primitives/index.js'

// Casts let the tests pass what a JavaScript caller (or a loose type) could pass.
const bad = <T>(value: unknown): T => value as T

describe('date and graded factory errors are thrown at the call, with the valid values', () => {
  test('dateTolerance, dateRange', () => {
    expect(() => dateTolerance(bad({ unit: 'days' }))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Missing 'tolerance' in dateTolerance()
      'tolerance' must be a finite number >= 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      dateTolerance({ tolerance: 1, unit: bad<DateToleranceOptions['unit']>('weeks') }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown unit 'weeks' in dateTolerance()
      Valid values: 'days', 'hours', 'minutes'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => dateRange({ min: 'not a date' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'min' in dateRange(): 'not a date'
      'min' must be a valid Date or a date string such as '2024-01-15'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => dateRange({ max: new Date(Number.NaN) })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'max' in dateRange(): a Date
      'max' must be a valid Date or a date string such as '2024-01-15'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      dateRange({ min: bad<DateRangeOptions['min']>(20240101) }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'min' in dateRange(): 20240101
      'min' must be a valid Date or a date string such as '2024-01-15'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      dateRange({ min: '2024-02-01', max: '2024-01-01' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty date range in dateRange(): min '2024-02-01' is after max '2024-01-01'
      Give a 'min' at or before 'max'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('numericGraded', () => {
    expect(() => numericGraded({ cutoff: 0 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'cutoff' in numericGraded(): 0
      'cutoff' must be a finite number > 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericGraded(bad({}))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Missing 'cutoff' in numericGraded()
      'cutoff' must be a finite number > 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericGraded({ cutoff: 1, fullCredit: 1 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'fullCredit' in numericGraded(): 1
      'fullCredit' must be >= 0 and below 'cutoff' (1).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericGraded({ cutoff: 1, fullCredit: -0.5 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'fullCredit' in numericGraded(): -0.5
      'fullCredit' must be a finite number >= 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericGraded({ cutoff: 1, decay: bad<NumericGradedOptions['decay']>('exponential') }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown decay 'exponential' in numericGraded()
      Valid values: 'linear', 'quadratic'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('numericRangeGraded', () => {
    expect(() =>
      numericRangeGraded({ min: 5, max: 5, margin: 1 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty range in numericRangeGraded(): min 5 is not below max 5
      Give a 'min' below 'max'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericRangeGraded({ min: 1, max: 5, margin: 0 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'margin' in numericRangeGraded(): 0
      'margin' must be a finite number > 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericRangeGraded(bad({ max: 5, margin: 1 })),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Missing 'min' in numericRangeGraded()
      'min' must be a finite number.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericRangeGraded({
        min: 1,
        max: 5,
        margin: 1,
        mode: bad<NumericRangeGradedOptions['mode']>('ratio'),
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown mode 'ratio' in numericRangeGraded()
      Valid values: 'relative', 'absolute'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('numericThresholdGraded', () => {
    expect(() => numericThresholdGraded(bad({ margin: 1 }))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Missing 'direction' in numericThresholdGraded()
      'direction' must be 'min' or 'max'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericThresholdGraded({
        direction: bad<NumericThresholdGradedOptions['direction']>('above'),
        margin: 1,
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown direction 'above' in numericThresholdGraded()
      Valid values: 'min', 'max'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericThresholdGraded({ direction: 'max', margin: -1 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'margin' in numericThresholdGraded(): -1
      'margin' must be a finite number > 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
