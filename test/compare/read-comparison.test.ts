import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.js'
import type { Comparison } from '../../src/compare/comparison.js'
import { readComparison } from '../../src/compare/read-comparison.js'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { SOURCES, samples, times } from './support/compare-helpers.js'
import { judgementOf, reportOf, runOf, testOf } from './support/report-builder.js'

const dir = join('test-results', 'compare-read')

// Every bucket, a judge with reasonings, statistics, an infrastructure failure, costs and gates.
function aComparison(): Comparison {
  const judged = { outcomes: { polite: true }, judgements: { polite: judgementOf(['met']) } }
  return compareReports(
    reportOf(
      [
        testOf({ test: 'same', runs: [runOf({ ...judged, cost: 0.5, tools: [['lookup']] })] }),
        testOf({ test: 'worse', runs: [runOf({ cost: 1 })] }),
        samples(times(4, {})),
        testOf({ test: 'broken' }),
        testOf({ test: 'gone' }),
      ],
      { commit: 'abc' },
    ),
    reportOf(
      [
        testOf({ test: 'same', runs: [runOf({ ...judged, cost: 0.5, tools: [['lookup']] })] }),
        testOf({ test: 'worse', runs: [runOf({ passed: false, path: ['ask'], cost: 2 })] }),
        samples([{}, { passed: false }, {}, {}]),
        testOf({
          test: 'broken',
          runs: [runOf({ error: { category: 'server_error', message: '503' } })],
        }),
      ],
      { candidate: { name: 'next', fork: 1 } },
    ),
    { ...SOURCES, failOn: { regressed: 0, worse: true, costIncrease: 10 }, now: new Date(0) },
  )
}

describe('readComparison()', () => {
  test('reads back what compareReports wrote, from its text and from its path', () => {
    const comparison = aComparison()
    expect(comparison.counts).toMatchObject({
      regressed: 1,
      flaky: 1,
      'not-comparable': 2,
      'unchanged-pass': 1,
    })
    const text = JSON.stringify(comparison, null, 2)
    expect(readComparison(text)).toEqual(JSON.parse(text))
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'compare.json')
    writeFileSync(file, text)
    expect(readComparison(file)).toEqual(JSON.parse(text))
  })

  const refusals: [string, (c: Record<string, unknown>) => unknown, RegExp][] = [
    [
      'another kind',
      (c) => ({ ...c, kind: 'vitest-scenario.results' }),
      /not a comparison \(no "kind": "vitest-scenario\.compare"\)/,
    ],
    [
      'another version',
      (c) => ({ ...c, version: 2 }),
      /it is version 2; this vitest-scenario reads version 1/,
    ],
    [
      'a bucket it does not know',
      (c) => ({ ...c, tests: [{ ...(c.tests as object[])[0], bucket: 'worse' }] }),
      /tests\.0\.bucket: /,
    ],
    [
      'a p-value above 1',
      (c) => ({ ...c, statistics: { ...(c.statistics as object), pValue: 1.5 } }),
      /statistics\.pValue: /,
    ],
    [
      'a count that is not whole',
      (c) => ({ ...c, counts: { ...(c.counts as object), fixed: 0.5 } }),
      /counts\.fixed: /,
    ],
    ['an array', () => [], /it is an empty array, not a comparison/],
  ]
  test.each(refusals)('refuses %s, naming the problem', (_, change, message) => {
    const text = JSON.stringify(change(JSON.parse(JSON.stringify(aComparison()))))
    // An array's text does not start with `{`: it is read as text only through a file.
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'refused.json')
    writeFileSync(file, text)
    expect(() => readComparison(file)).toThrow(InvalidArgumentError)
    expect(() => readComparison(file)).toThrow(message)
    expect(() => readComparison(file)).toThrow(/^\[vitest-scenario\] Cannot read the comparison: /)
    expect(() => readComparison(file)).toThrow(`- ${file}`)
  })

  test('refuses text that is not JSON, a missing file and a non-string', () => {
    expect(() => readComparison('{ "kind": ')).toThrow(/it is not valid JSON/)
    expect(() => readComparison('{ "kind": ')).toThrow('- the comparison text')
    expect(() => readComparison(join(dir, 'missing.json'))).toThrow(
      /it could not be read \(ENOENT\)/,
    )
    expect(() => readComparison(42 as unknown as string)).toThrow(
      /readComparison\(\) needs a compare\.json path or its text, got 42/,
    )
  })
})
