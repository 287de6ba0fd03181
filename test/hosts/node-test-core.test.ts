import { AssertionError } from 'node:assert'
import { existsSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { assertionFunctions } from '../../src/hosts/core/assertion-functions.js'
import { eachName } from '../../src/hosts/core/each-name.js'
import { appendRecord, openRecords, recordsReport } from '../../src/hosts/core/results-records.js'
import { runnerMode } from '../../src/hosts/core/runner-mode.js'
import { flipped, kept } from '../matchers/support.js'

// The host-core parts the node:test host is built on, each on its own: the matchers as assertion
// functions, `.each` names, the mode of a runner with an update flag, and the records channel.

describe('assertionFunctions', () => {
  test('a passing assertion returns; a failing one throws AssertionError with the matcher message', async () => {
    const result = await kept()
    expect(
      assertionFunctions(result, false, 'assertScenario', () => undefined).toHaveStatus(
        'completed',
      ),
    ).toBeUndefined()
    let thrown: unknown
    try {
      assertionFunctions(result, false, 'assertScenario', () => undefined).toHaveStatus('error')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AssertionError)
    const error = thrown as AssertionError
    expect(error.message).toMatch(/^assertScenario\(result\)\.toHaveStatus\('error'\)/)
    expect(error.expected).toBe('error')
    expect(error.actual).toBe('completed')
    expect(error.operator).toBe('toHaveStatus')
  })

  test('.not negates, and names itself in the message', async () => {
    const result = await flipped()
    const not = assertionFunctions(result, true, 'assertScenario', () => undefined)
    expect(not.toHaveStatus('error')).toBeUndefined()
    expect(() => not.toHaveFollowedPath(['ask', 'challenge'])).toThrow(
      /^assertScenario\(result\)\.not\.toHaveFollowedPath/,
    )
  })

  test('what is no result is a programmer error, not a failed assertion', () => {
    const asserted = assertionFunctions({ nope: true }, false, 'assertScenario', () => undefined)
    expect(() => asserted.toHaveStatus('completed')).toThrow(/\[vitest-scenario\]/)
    expect(() => asserted.toHaveStatus('completed')).not.toThrow(AssertionError)
  })
})

describe('eachName', () => {
  test.each([
    ['finds $drug', { drug: 'venetoclax' }, 0, 'finds venetoclax'],
    ['finds $a.b (%#)', { a: { b: 7 } }, 3, 'finds 7 (3)'],
    ['%s and %d', ['x', 2], 0, 'x and 2'],
    ['row %j', { n: 1 }, 0, 'row {"n":1}'],
    ['keeps $missing, %s %s and 100%%', ['only'], 0, 'keeps $missing, only %s and 100%'],
  ])('%s', (name, row, index, expected) => {
    expect(eachName(name, row, index)).toBe(expected)
  })
})

describe('runnerMode', () => {
  test.each([
    [false, {}, 'new'],
    [false, { CI: 'true' }, 'replay'],
    [false, { CI: 'false' }, 'new'],
    [false, { CI: '0' }, 'new'],
    [true, { CI: 'true' }, 'all'],
    [true, { VITEST_SCENARIO_RECORD: 'replay' }, 'replay'],
    [false, { CI: 'true', VITEST_SCENARIO_RECORD: 'rerecord' }, 'rerecord'],
  ])('updating %s with %j is %s', (updating, env, mode) => {
    expect(runnerMode(updating, env)).toBe(mode)
  })

  test('an unknown VITEST_SCENARIO_RECORD lists the valid modes', () => {
    expect(() => runnerMode(false, { VITEST_SCENARIO_RECORD: 'sometimes' })).toThrow(
      /'replay', 'new', 'all', 'rerecord', 'off'/,
    )
  })
})

describe('the records channel', () => {
  test('records appended while the folder is named are read back as tests; the folder goes away', async () => {
    const env = 'VITEST_SCENARIO_TEST_RECORDS'
    const records = openRecords(env)
    const dir = process.env[env] ?? ''
    try {
      expect(existsSync(dir)).toBe(true)
      appendRecord(env, {
        test: 'suite > b',
        file: 'b.test.js',
        state: 'failed',
        errors: ['boom'],
        durationMs: 5,
        scenario: { name: 'b' },
      })
      appendRecord(env, {
        test: 'a',
        file: 'a.test.js',
        state: 'passed',
        errors: [],
        durationMs: 3,
        scenario: null,
      })
      const { tests, bad } = records.read()
      expect(bad).toBe(0)
      expect(tests.map((t) => [t.module.relativeModuleId, t.fullName, t.result().state])).toEqual([
        ['a.test.js', 'a', 'passed'],
        ['b.test.js', 'suite > b', 'failed'],
      ])
      // Malformed scenario data is reported as such, never thrown.
      const text = recordsReport(records, {}, process.cwd(), {
        where: 'w',
        root: 'r',
        configFile: 'c',
        fix: 'f',
      })
      expect(text).toContain('[vitest-scenario]')
      expect(existsSync(dir)).toBe(false)
    } finally {
      records.close()
      delete process.env[env]
    }
  })
})
