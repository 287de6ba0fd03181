import { describe, expect, test, vi } from 'vitest'
import { compileWhen, evaluateCondition, stateCheck } from '../../src/conditions/index.js'
import { exactMatch, numericTolerance, regexMatch } from '../../src/primitives/index.js'
import type { Diagnostic, ScenarioState } from '../../src/state/types.js'
import { makeState } from '../state/state-fixture.js'

/** Evaluates `when` against `state`; returns the verdict and the diagnostics. */
function run(when: unknown, state: ScenarioState) {
  const compiled = compileWhen(when, 'test')
  if (compiled === null) throw new Error('unconditional')
  const diagnostics: Diagnostic[] = []
  const matched = evaluateCondition(compiled, state, { diagnostics })
  return { matched, diagnostics, messages: diagnostics.map((d) => d.message) }
}

/** Evaluates `when` on a state whose `parsed.v` is `value`. */
function onValue(when: unknown, value: unknown) {
  return run({ 'parsed.v': when }, makeState({ parsed: value === undefined ? {} : { v: value } }))
}

const matches = (when: unknown, value: unknown) => onValue(when, value).matched

describe('value forms (SPEC section 3)', () => {
  test('a boolean uses booleanMatch: no truthiness, the strings true/false count', () => {
    expect(run({ verifyResult: false }, makeState({ verifyResult: false })).matched).toBe(true)
    expect(run({ verifyResult: false }, makeState({ verifyResult: true })).matched).toBe(false)
    expect(matches(false, 'False ')).toBe(true)
    expect(matches(true, 'false')).toBe(false)
    expect(matches(true, 1)).toBe(false)
  })

  test('a string uses exactMatch (lowercase, strip)', () => {
    expect(matches('high', ' High ')).toBe(true)
    expect(matches('high', 'low')).toBe(false)
    expect(matches('1', 1)).toBe(true)
  })

  test('a number uses numericExact (numeric strings count)', () => {
    expect(matches(3, 3)).toBe(true)
    expect(matches(3, ' 3 ')).toBe(true)
    expect(matches(3, 3.5)).toBe(false)
  })

  test('an array uses setContainment exact (order and duplicates ignored)', () => {
    expect(matches(['a', 'b'], ['b', 'a', 'a'])).toBe(true)
    expect(matches(['a', 'b'], ['a'])).toBe(false)
    expect(matches([{ x: 1 }], [{ x: 1 }])).toBe(true)
  })

  test('null matches a missing or null value, and nothing else, with no diagnostic', () => {
    expect(onValue(null, undefined)).toMatchObject({ matched: true, diagnostics: [] })
    expect(onValue(null, null)).toMatchObject({ matched: true, diagnostics: [] })
    for (const value of [0, '', false, []]) {
      expect(onValue(null, value)).toMatchObject({ matched: false, diagnostics: [] })
    }
  })

  test('undefined in a when-object is read as null (SPEC 13.5)', () => {
    expect(matches(undefined, undefined)).toBe(true)
    expect(matches(undefined, 'x')).toBe(false)
    expect(matches(['a', undefined], ['a', null])).toBe(true)
  })

  test('a plain mismatch leaves no diagnostic', () => {
    expect(onValue('high', 'low').diagnostics).toEqual([])
    expect(onValue(3, 4).diagnostics).toEqual([])
  })

  test('a missing value does not match and leaves a diagnostic (also null, SPEC 13.46)', () => {
    expect(onValue(3, undefined).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: the value is missing (undefined); expected 3",
      ]
    `)
    expect(run({ verifyResult: false }, makeState()).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'verifyResult' did not match: the value is missing (null); expected false",
      ]
    `)
    expect(onValue('x', null).matched).toBe(false)
    expect(onValue(['x'], undefined).diagnostics).toHaveLength(1)
  })

  test('a wrong-typed value does not match and leaves a diagnostic', () => {
    expect(onValue(3, 'high').messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: 'high' has the wrong type; expected 3",
      ]
    `)
    // exactMatch on a different shape is a wrong type (SPEC 13.32).
    expect(onValue('a', ['a']).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: ["a"] has the wrong type; expected 'a'",
      ]
    `)
    expect(onValue(true, 0).diagnostics).toHaveLength(1)
    expect(onValue(['a'], 'a').diagnostics).toHaveLength(1)
  })
})

describe('operators (SPEC section 3)', () => {
  test('gt gte lt lte are numeric bounds, exclusive for gt and lt', () => {
    expect(matches({ gt: 3 }, 3)).toBe(false)
    expect(matches({ gt: 3 }, 3.01)).toBe(true)
    expect(matches({ gte: 3 }, 3)).toBe(true)
    expect(matches({ gte: 3 }, 2.99)).toBe(false)
    expect(matches({ lt: 3 }, 3)).toBe(false)
    expect(matches({ lt: 3 }, -1)).toBe(true)
    expect(matches({ lte: 3 }, 3)).toBe(true)
    expect(matches({ lte: 3 }, ' 4 ')).toBe(false)
    expect(matches({ gte: 0.8 }, '0.9')).toBe(true)
  })

  test('several operators on one path are ANDed', () => {
    expect(matches({ gt: 1, lte: 5 }, 5)).toBe(true)
    expect(matches({ gt: 1, lte: 5 }, 1)).toBe(false)
    expect(matches({ gt: 1, lte: 5 }, 6)).toBe(false)
    expect(matches({ neq: 'b', in: ['a', 'b'] }, 'a')).toBe(true)
    expect(matches({ neq: 'b', in: ['a', 'b'] }, 'b')).toBe(false)
  })

  test('gte on undefined or on a string does not match, with a diagnostic', () => {
    expect(onValue({ gte: 3 }, undefined).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: the value is missing (undefined); expected { gte: 3 }",
      ]
    `)
    expect(onValue({ gte: 3 }, 'high').messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: 'high' has the wrong type; expected { gte: 3 }",
      ]
    `)
    expect(onValue({ lt: 3 }, null).diagnostics).toHaveLength(1)
  })

  test('eq is the value form for scalars', () => {
    expect(matches({ eq: 'yes' }, ' YES')).toBe(true)
    expect(matches({ eq: 2 }, '2')).toBe(true)
    expect(matches({ eq: false }, 'false')).toBe(true)
    expect(matches({ eq: null }, undefined)).toBe(true)
    expect(matches({ eq: null }, 'x')).toBe(false)
    expect(onValue({ eq: 2 }, undefined).diagnostics).toHaveLength(1)
  })

  test('eq is deep equality for arrays and objects (order matters, no normalizing)', () => {
    expect(matches({ eq: [1, 2] }, [1, 2])).toBe(true)
    expect(matches({ eq: [1, 2] }, [2, 1])).toBe(false)
    expect(matches({ eq: ['a'] }, ['A'])).toBe(false)
    expect(matches({ eq: { mg: 50, unit: 'mg' } }, { unit: 'mg', mg: 50 })).toBe(true)
    expect(matches({ eq: { mg: 50 } }, { mg: 51 })).toBe(false)
    expect(matches({ eq: { note: undefined } }, { note: null })).toBe(true)
  })

  test('eq with an array or object on another shape is a wrong type', () => {
    expect(onValue({ eq: [1] }, 1).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: 1 has the wrong type; expected { eq: [1] }",
      ]
    `)
    expect(onValue({ eq: { a: 1 } }, [1]).diagnostics).toHaveLength(1)
    expect(onValue({ eq: { a: 1 } }, undefined).diagnostics).toHaveLength(1)
  })

  test('neq negates eq', () => {
    expect(matches({ neq: 'a' }, 'b')).toBe(true)
    expect(matches({ neq: 'a' }, ' A ')).toBe(false)
    expect(matches({ neq: [1] }, [2])).toBe(true)
    expect(matches({ neq: { a: 1 } }, { a: 1 })).toBe(false)
    expect(onValue({ neq: 'a' }, 'b').diagnostics).toEqual([])
  })

  test('neq does not match a missing or wrong-typed value, with a diagnostic (SPEC 13.6)', () => {
    expect(onValue({ neq: 'a' }, undefined).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: the value is missing (undefined); expected { neq: 'a' }",
      ]
    `)
    expect(onValue({ neq: 'a' }, null).matched).toBe(false)
    expect(onValue({ neq: 3 }, 'high').messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: 'high' has the wrong type; expected { neq: 3 }",
      ]
    `)
    expect(onValue({ neq: [1] }, 'x').diagnostics).toHaveLength(1)
  })

  test('neq null means present and not null (SPEC 13.32)', () => {
    expect(onValue({ neq: null }, 0)).toMatchObject({ matched: true, diagnostics: [] })
    expect(onValue({ neq: null }, null)).toMatchObject({ matched: false, diagnostics: [] })
    expect(onValue({ neq: null }, undefined)).toMatchObject({ matched: false })
    expect(onValue({ neq: null }, undefined).diagnostics).toHaveLength(1)
  })

  test('in matches when eq matches one element', () => {
    expect(matches({ in: ['low', 'medium'] }, ' LOW')).toBe(true)
    expect(matches({ in: ['low', 'medium'] }, 'high')).toBe(false)
    expect(matches({ in: [1, 2] }, '2')).toBe(true)
    expect(matches({ in: [[1, 2], { a: 1 }] }, { a: 1 })).toBe(true)
    expect(matches({ in: [[1, 2]] }, [2, 1])).toBe(false)
    expect(matches({ in: [] }, 'x')).toBe(false)
    expect(onValue({ in: ['low'] }, 'high').diagnostics).toEqual([])
  })

  test('in never matches a missing value; null matches only a null element (SPEC 13.32)', () => {
    expect(onValue({ in: ['a', null] }, undefined).matched).toBe(false)
    expect(onValue({ in: ['a', null] }, undefined).diagnostics).toHaveLength(1)
    expect(onValue({ in: ['a', null] }, null)).toMatchObject({ matched: true, diagnostics: [] })
    expect(onValue({ in: ['a', undefined] }, null).matched).toBe(true)
    expect(onValue({ in: ['a'] }, null).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: the value is missing (null); expected { in: ["a"] }",
      ]
    `)
  })

  test('in: a wrong type for every element is a diagnostic, for some only a mismatch', () => {
    expect(onValue({ in: [1, 2] }, 'high').messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: 'high' has the wrong type; expected { in: [1,2] }",
      ]
    `)
    expect(onValue({ in: [1, 'a'] }, 'high')).toMatchObject({ matched: false, diagnostics: [] })
  })

  test('matches is a regular-expression search on strings', () => {
    expect(matches({ matches: 'yes' }, 'I think yes, it is')).toBe(true)
    expect(matches({ matches: '^yes$' }, 'I think yes')).toBe(false)
    expect(matches({ matches: 'Yes' }, 'yes')).toBe(false)
    expect(onValue({ matches: '4' }, 42).messages).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.v' did not match: 42 has the wrong type; expected { matches: '4' }",
      ]
    `)
    expect(onValue({ matches: 'x' }, undefined).diagnostics).toHaveLength(1)
  })
})

describe('AND and short-circuit (SPEC section 3, 13.8)', () => {
  const state = makeState({ verifyResult: false, parsed: { confidence: 'high' } })

  test('several paths must all hold', () => {
    expect(run({ verifyResult: false, 'parsed.confidence': 'high' }, state).matched).toBe(true)
    expect(run({ verifyResult: false, 'parsed.confidence': 'low' }, state).matched).toBe(false)
    expect(run([{ verifyResult: false }, { 'parsed.confidence': 'high' }], state).matched).toBe(
      true,
    )
    expect(run([{ verifyResult: false }, { 'parsed.confidence': 'low' }], state).matched).toBe(
      false,
    )
  })

  test('an empty list always holds', () => {
    expect(run([], state)).toMatchObject({ matched: true, diagnostics: [] })
  })

  test('the first failing check stops: later checks leave no diagnostic and do not run', () => {
    const fn = vi.fn(() => true)
    const result = run([{ verifyResult: true, 'parsed.score': { gte: 3 } }, fn], state)
    expect(result).toMatchObject({ matched: false, diagnostics: [] })
    expect(fn).not.toHaveBeenCalled()
    // The same checks the other way round: the missing score is evaluated first.
    const reversed = run([{ 'parsed.score': { gte: 3 }, verifyResult: true }, fn], state)
    expect(reversed.diagnostics.map((d) => d.path)).toEqual(['parsed.score'])
    // Several operators on one path stop at the first failing one too.
    expect(onValue({ gt: 5, matches: 'x' }, 1).diagnostics).toEqual([])
  })
})

describe('function conditions (SPEC 13.7, 13.21)', () => {
  test('truthy matches, falsy does not', () => {
    const state = makeState({ turn: 2 })
    expect(run((s: ScenarioState) => s.turn >= 2, state).matched).toBe(true)
    expect(run(() => 'yes', state).matched).toBe(true)
    expect(run(() => 0, state)).toMatchObject({ matched: false, diagnostics: [] })
  })

  test('gets a read-only view: a write throws, does not match, and changes nothing', () => {
    const state = makeState({ accumulated: { tries: 1 } })
    const result = run((s: ScenarioState) => {
      s.accumulated.tries = 5
      return true
    }, state)
    expect(result.matched).toBe(false)
    expect(state.accumulated.tries).toBe(1)
    expect(result.messages).toMatchInlineSnapshot(`
      [
        "Condition function (anonymous) threw, so it does not match: ReadOnlyStateError: [vitest-scenario] The scenario state is read-only here: cannot set 'tries'
      Change state in a node stateUpdate instead.",
      ]
    `)
  })

  test('one that throws does not match and leaves a diagnostic naming it', () => {
    function needsHistory(): boolean {
      throw new Error('no history yet')
    }
    const result = run(needsHistory, makeState())
    expect(result.matched).toBe(false)
    expect(result.diagnostics).toEqual([
      {
        kind: 'condition',
        message:
          "Condition function 'needsHistory' threw, so it does not match: Error: no history yet",
      },
    ])
    expect(
      run(() => {
        throw 'plain'
      }, makeState()).messages[0],
    ).toContain('does not match: plain')
  })

  test('one that returns a Promise does not match and leaves a diagnostic', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const result = run(async () => true, makeState())
      expect(result.matched).toBe(false)
      expect(result.messages).toMatchInlineSnapshot(`
        [
          "Condition function (anonymous) returned a Promise, so it does not match: conditions are synchronous (compute async values in a stateUpdate and read them from the state)",
        ]
      `)
      expect(run(() => Promise.reject(new Error('late')), makeState()).matched).toBe(false)
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is the point
      expect(run(() => ({ then: () => {} }), makeState()).matched).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  test('a name inferred from the option key counts as anonymous', () => {
    const options = { when: () => Promise.resolve(true) }
    expect(run(options.when, makeState()).messages[0]).toMatch(/^Condition function \(anonymous\)/)
  })
})

describe('stateCheck conditions', () => {
  test('use their primitive and expected value', () => {
    const state = makeState({ parsed: { answer: 'Yes, it is', dose: 52 } })
    expect(
      run(stateCheck('parsed.answer', regexMatch('^yes', { flags: 'i' })), state).matched,
    ).toBe(true)
    expect(
      run(stateCheck('parsed.dose', numericTolerance({ tolerance: 0.1 }), 50), state).matched,
    ).toBe(true)
    expect(
      run(stateCheck('parsed.dose', numericTolerance({ tolerance: 0.01 }), 50), state).matched,
    ).toBe(false)
  })

  test('a missing value does not match, with a diagnostic; expected null lets the primitive judge', () => {
    const state = makeState()
    expect(
      run(stateCheck('parsed.answer', regexMatch('x')), state).messages,
    ).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.answer' did not match: the value is missing (undefined); expected stateCheck({"type":"RegexMatch","pattern":"x","flags":""})",
      ]
    `)
    expect(run(stateCheck('parsed.answer', exactMatch(), null), state)).toMatchObject({
      matched: true,
      diagnostics: [],
    })
  })

  test('a wrong type is a diagnostic', () => {
    const state = makeState({ parsed: { answer: 3 } })
    expect(run(stateCheck('parsed.answer', regexMatch('x')), state).diagnostics).toHaveLength(1)
  })
})

describe('evaluateCondition context', () => {
  test('copies nodeId, turn and the path into the diagnostic and names the edge', () => {
    const compiled = compileWhen({ 'parsed.score': { gte: 3 } }, 'test')
    const diagnostics: Diagnostic[] = []
    const edge = { source: 'ask', target: 'deepDive' }
    expect(
      compiled &&
        evaluateCondition(compiled, makeState(), { diagnostics, nodeId: 'ask', turn: 4, edge }),
    ).toBe(false)
    expect(diagnostics).toEqual([
      {
        kind: 'condition',
        nodeId: 'ask',
        turn: 4,
        path: 'parsed.score',
        message:
          "Condition on 'parsed.score' of edge 'ask' -> 'deepDive' did not match: the value is missing (undefined); expected { gte: 3 }",
      },
    ])
  })

  test('never throws, with or without a diagnostics array', () => {
    const compiled = compileWhen([{ 'parsed.x': { gte: 1 } }], 'test')
    expect(compiled && evaluateCondition(compiled, makeState())).toBe(false)
    const boom = compileWhen(() => {
      throw new Error('x')
    }, 'test')
    expect(boom && evaluateCondition(boom, makeState())).toBe(false)
    // A state whose getter throws: routing still does not throw.
    const hostile = makeState()
    Object.defineProperty(hostile, 'parsed', {
      get() {
        throw new Error('getter')
      },
    })
    const diagnostics: Diagnostic[] = []
    expect(compiled && evaluateCondition(compiled, hostile, { diagnostics })).toBe(false)
    expect(diagnostics[0]?.message).toBe(
      "Condition on 'parsed.x' failed, so it does not match: Error: getter",
    )
  })
})
