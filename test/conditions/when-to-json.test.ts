import { describe, expect, test } from 'vitest'
import { compileWhen, isUnconditional, stateCheck, whenToJSON } from '../../src/conditions/index.js'
import { dateMatch, exactMatch, numericRange } from '../../src/primitives/index.js'

describe('isUnconditional', () => {
  test('absent, undefined and null are unconditional; [] and objects are not', () => {
    expect(isUnconditional(undefined)).toBe(true)
    expect(isUnconditional(null)).toBe(true)
    expect(isUnconditional([])).toBe(false)
    expect(isUnconditional({ verifyResult: true })).toBe(false)
    expect(isUnconditional(() => true)).toBe(false)
  })
})

describe('whenToJSON', () => {
  test('writes undefined in a when-object as null (SPEC 13.36, 13.45)', () => {
    const when = {
      'parsed.note': undefined,
      'parsed.tags': ['a', undefined],
      'parsed.x': { eq: undefined, in: [undefined, 1], neq: { deep: undefined } },
    }
    const json = whenToJSON(when)
    expect(json).toEqual({
      'parsed.note': null,
      'parsed.tags': ['a', null],
      'parsed.x': { eq: null, in: [null, 1], neq: { deep: null } },
    })
    expect(JSON.parse(JSON.stringify(json))).toEqual(json)
    // The input is kept as written.
    expect(Object.hasOwn(when, 'parsed.note')).toBe(true)
    expect(when['parsed.note']).toBeUndefined()
  })

  test('leaves JSON data as it is, in a new object', () => {
    const when = { verifyResult: false, 'parsed.score': { gt: 1, lte: 5 } }
    expect(whenToJSON(when)).toEqual(when)
    expect(whenToJSON(when)).not.toBe(when)
  })

  test('writes a stateCheck as data, its primitive without methods, a Date as ISO', () => {
    const check = stateCheck('parsed.score', numericRange({ min: 1 }))
    expect(whenToJSON(check)).toEqual({
      type: 'StateCheck',
      field: 'parsed.score',
      verifyWith: { type: 'NumericRange', min: 1, exclusiveMin: false, exclusiveMax: false },
    })
    const dated = whenToJSON(
      stateCheck('parsed.day', dateMatch(), new Date('2024-05-01T00:00:00Z')),
    )
    expect(dated).toMatchObject({ expected: '2024-05-01T00:00:00.000Z' })
  })

  test('maps lists element by element and returns functions and null as they are', () => {
    const fn = () => true
    const json = whenToJSON([{ 'parsed.a': undefined }, fn, stateCheck('turn', exactMatch(), 2)])
    expect(json).toEqual([
      { 'parsed.a': null },
      fn,
      {
        type: 'StateCheck',
        field: 'turn',
        verifyWith: { type: 'ExactMatch', normalize: ['lowercase', 'strip'] },
        expected: 2,
      },
    ])
    expect((json as unknown[])[1]).toBe(fn)
    expect(whenToJSON(fn)).toBe(fn)
    expect(whenToJSON(null)).toBeNull()
    expect(whenToJSON(undefined)).toBeUndefined()
  })

  test('the JSON form compiles and evaluates like the original', () => {
    const when = [
      { 'parsed.a': undefined },
      stateCheck('parsed.b', exactMatch({ normalize: [] }), 'B'),
    ]
    const json = JSON.parse(JSON.stringify(whenToJSON(when)))
    const original = compileWhen(when, 'test')
    const reloaded = compileWhen(json, 'test')
    expect(reloaded?.checks.map((c) => c.kind === 'path' && c.tests[0]?.text)).toEqual(
      original?.checks.map((c) => c.kind === 'path' && c.tests[0]?.text),
    )
  })
})
