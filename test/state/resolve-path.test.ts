import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { lookupNested } from '../../src/state/lookup-nested.js'
import { compilePath, PATH_ROOTS, resolvePath } from '../../src/state/resolve-path.js'
import type { ScenarioState } from '../../src/state/types.js'
import { makeState } from './state-fixture.js'

const askResult = {
  verifyResult: false,
  parsed: { drug: 'aspirin', dose: { mg: 50 } },
  rubric: { clear: 4 },
  toolCalls: [],
  toolNames: [],
}

const state = makeState({
  turn: 2,
  currentNode: 'synthesize',
  verifyResult: true,
  parsed: { confidence: 'high', 'a.b': 'literal', a: { b: 'nested', c: { d: 1 } } },
  accumulated: { attempts: 3, nested: { deep: [10, 20] } },
  nodeVisits: { ask: 1, synthesize: 1, 'v1.ask': 4 },
  nodeResults: {
    ask: askResult,
    'v1.ask': { verifyResult: true, parsed: {}, rubric: {}, toolCalls: [], toolNames: [] },
  },
})

describe('resolvePath: the SPEC section 5 table', () => {
  test('verifyResult, turn and currentNode give the field', () => {
    expect(resolvePath(state, 'verifyResult')).toBe(true)
    expect(resolvePath(state, 'turn')).toBe(2)
    expect(resolvePath(state, 'currentNode')).toBe('synthesize')
    expect(resolvePath(makeState(), 'verifyResult')).toBeNull()
  })

  test('parsed and accumulated are nested lookups', () => {
    expect(resolvePath(state, 'parsed.confidence')).toBe('high')
    expect(resolvePath(state, 'parsed.a.c.d')).toBe(1)
    expect(resolvePath(state, 'accumulated.attempts')).toBe(3)
    expect(resolvePath(state, 'accumulated.nested.deep.1')).toBe(20)
  })

  test('nodeVisits.<node> is the count, 0 when never visited', () => {
    expect(resolvePath(state, 'nodeVisits.ask')).toBe(1)
    expect(resolvePath(state, 'nodeVisits.retry')).toBe(0)
    expect(resolvePath(makeState(), 'nodeVisits.')).toBe(0)
  })

  test('nodeResults.<node> is the result, {} when never run', () => {
    expect(resolvePath(state, 'nodeResults.ask')).toBe(askResult)
    expect(resolvePath(state, 'nodeResults.retry')).toEqual({})
  })

  test('nodeResults.<node>.verifyResult, .parsed.<f>… and .rubric.<trait> are nested lookups', () => {
    expect(resolvePath(state, 'nodeResults.ask.verifyResult')).toBe(false)
    expect(resolvePath(state, 'nodeResults.ask.parsed.drug')).toBe('aspirin')
    expect(resolvePath(state, 'nodeResults.ask.parsed.dose.mg')).toBe(50)
    expect(resolvePath(state, 'nodeResults.ask.rubric.clear')).toBe(4)
    expect(resolvePath(state, 'nodeResults.retry.verifyResult')).toBeUndefined()
    expect(resolvePath(state, 'nodeResults.ask.parsed.missing')).toBeUndefined()
  })

  test('missing keys give undefined', () => {
    expect(resolvePath(state, 'parsed.nope')).toBeUndefined()
    expect(resolvePath(state, 'accumulated.attempts.x')).toBeUndefined()
  })
})

describe('resolvePath: SPEC 13.15 and 13.38', () => {
  test('a bare root returns its object', () => {
    expect(resolvePath(state, 'parsed')).toBe(state.parsed)
    expect(resolvePath(state, 'accumulated')).toBe(state.accumulated)
    expect(resolvePath(state, 'nodeVisits')).toBe(state.nodeVisits)
    expect(resolvePath(state, 'nodeResults')).toBe(state.nodeResults)
  })

  test('a suffix after turn, currentNode or verifyResult gives undefined', () => {
    expect(resolvePath(state, 'turn.x')).toBeUndefined()
    expect(resolvePath(state, 'currentNode.length')).toBeUndefined()
    expect(resolvePath(state, 'verifyResult.foo')).toBeUndefined()
    expect(resolvePath(state, 'verifyResult.')).toBeUndefined()
  })

  test('the literal key is tried first, then prefixes from the left', () => {
    expect(resolvePath(state, 'parsed.a.b')).toBe('literal')
    const s = makeState({ parsed: { a: { x: 1 }, 'a.b': { c: 'deep' } } })
    // 'a' resolves but has no 'b.c': the next prefix 'a.b' is tried (13.38).
    expect(resolvePath(s, 'parsed.a.b.c')).toBe('deep')
  })

  test('node ids that contain dots are found whole first', () => {
    expect(resolvePath(state, 'nodeVisits.v1.ask')).toBe(4)
    expect(resolvePath(state, 'nodeResults.v1.ask.verifyResult')).toBe(true)
    expect(resolvePath(state, 'nodeResults.v1.ask')).toEqual({
      verifyResult: true,
      parsed: {},
      rubric: {},
      toolCalls: [],
      toolNames: [],
    })
  })

  test('other roots and other spellings give undefined', () => {
    for (const path of [
      'history',
      'history.0',
      'Verify_result',
      '',
      ' turn',
      'toString',
      'parsedx',
    ]) {
      expect(resolvePath(state, path)).toBeUndefined()
    }
  })

  test('inherited keys are never read', () => {
    expect(resolvePath(state, 'parsed.constructor')).toBeUndefined()
    expect(resolvePath(state, 'nodeVisits.toString')).toBe(0)
    expect(resolvePath(state, 'nodeResults.__proto__')).toEqual({})
  })
})

describe('resolvePath: karenina spellings', () => {
  test('verify_result, current_node, node_visits and node_results are aliases', () => {
    expect(resolvePath(state, 'verify_result')).toBe(true)
    expect(resolvePath(state, 'current_node')).toBe('synthesize')
    expect(resolvePath(state, 'node_visits.ask')).toBe(1)
    expect(resolvePath(state, 'node_visits.retry')).toBe(0)
    expect(resolvePath(state, 'node_results.ask')).toBe(askResult)
    expect(resolvePath(state, 'node_results.retry')).toEqual({})
    expect(resolvePath(state, 'node_visits')).toBe(state.nodeVisits)
  })

  test('verify_result inside node results is an alias too', () => {
    expect(resolvePath(state, 'node_results.ask.verify_result')).toBe(false)
    expect(resolvePath(state, 'nodeResults.ask.verify_result')).toBe(false)
    expect(resolvePath(state, 'nodeResults.v1.ask.verify_result')).toBe(true)
    expect(resolvePath(state, 'nodeResults.ask.verify_result.x')).toBeUndefined()
  })

  test('a suffix after an alias of a scalar root gives undefined', () => {
    expect(resolvePath(state, 'verify_result.foo')).toBeUndefined()
    expect(resolvePath(state, 'current_node.x')).toBeUndefined()
  })
})

describe('compilePath', () => {
  test('knows the roots and reads like resolvePath', () => {
    expect(PATH_ROOTS).toContain('nodeResults')
    for (const root of PATH_ROOTS) expect(compilePath(`${root}.x`).known).toBe(true)
    expect(compilePath('history.0').known).toBe(false)
    expect(compilePath('parsed.confidence').read(state)).toBe('high')
    expect(compilePath('parsed.confidence').path).toBe('parsed.confidence')
  })

  test('parsed.<rest> is exactly lookupNested(parsed, rest)', () => {
    const key = fc.constantFrom('a', 'b', 'a.b', 'b.a', '0')
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(1, 'x', null, undefined, true),
        fc.dictionary(key, tie('node'), { maxKeys: 3 }),
        fc.array(tie('node'), { maxLength: 2 }),
      ),
    })).node
    const rest = fc.array(fc.constantFrom('a', 'b', '0', ''), { minLength: 1, maxLength: 4 })
    fc.assert(
      fc.property(fc.dictionary(key, tree, { maxKeys: 3 }), rest, (parsed, segments) => {
        const path = segments.join('.')
        const s = makeState({ parsed, accumulated: parsed })
        expect(resolvePath(s, `parsed.${path}`)).toBe(lookupNested(parsed, path))
        expect(resolvePath(s, `accumulated.${path}`)).toBe(lookupNested(parsed, path))
      }),
    )
  })

  test('nodeResults.<rest> is the literal node id, else a node id and a nested field path', () => {
    const alias = (tail: string) => tail.replace(/^verify_result(?=\.|$)/, 'verifyResult')
    const reference = (results: Record<string, unknown>, rest: string): unknown => {
      if (Object.hasOwn(results, rest) && results[rest] !== undefined) return results[rest]
      if (!rest.includes('.')) return {}
      for (let dot = rest.indexOf('.'); dot !== -1; dot = rest.indexOf('.', dot + 1)) {
        const node = rest.slice(0, dot)
        if (!Object.hasOwn(results, node)) continue
        const found = lookupNested(results[node], alias(rest.slice(dot + 1)))
        if (found !== undefined) return found
      }
      return undefined
    }
    const key = fc.constantFrom('a', 'b', 'a.b', 'verifyResult', 'parsed', 'x.verify_result')
    const value = fc.oneof(
      fc.constantFrom(true, false, null, 1),
      fc.dictionary(key, fc.constantFrom(1, 'v', false)),
    )
    const results = fc.dictionary(key, fc.dictionary(key, value, { maxKeys: 4 }), { maxKeys: 3 })
    const segment = fc.constantFrom('a', 'b', 'x', 'parsed', 'verifyResult', 'verify_result')
    const rest = fc.array(segment, { minLength: 1, maxLength: 4 })
    fc.assert(
      fc.property(results, rest, (nodeResults, segments) => {
        const path = segments.join('.')
        const s = makeState({ nodeResults: nodeResults as unknown as ScenarioState['nodeResults'] })
        expect(resolvePath(s, `nodeResults.${path}`)).toEqual(reference(nodeResults, path))
      }),
    )
  })

  test('a long path compiles in linear time', () => {
    const segments = Array.from({ length: 40 }, (_, i) => `k${i}`)
    let deep: unknown = 'bottom'
    for (const k of [...segments].reverse()) deep = { [k]: deep }
    const started = performance.now()
    expect(
      resolvePath(
        makeState({ parsed: deep as Record<string, unknown> }),
        `parsed.${segments.join('.')}`,
      ),
    ).toBe('bottom')
    expect(performance.now() - started).toBeLessThan(500)
  })

  test('keeps working past the cache limit', () => {
    const s = makeState({ parsed: { k: 1 } })
    for (let i = 0; i < 1100; i++) expect(resolvePath(s, `parsed.k${i}`)).toBeUndefined()
    expect(resolvePath(s, 'parsed.k')).toBe(1)
  })
})
