// Check nodes and primitives are plain data: behaviour is looked up by `type` in the registry,
// so a JSON copy of any of them (which has no methods) evaluates exactly as the original. The
// tables below hold every primitive factory and every outcome check factory of the public API,
// and a test fails when a new primitive type or check type is not in them.
import { describe, expect, test } from 'vitest'
import {
  allOf,
  allTurns,
  anyOf,
  anyTurn,
  atLeastN,
  booleanMatch,
  calledTool,
  containsAll,
  containsAny,
  countTurns,
  crossTurn,
  type Diagnostic,
  dateMatch,
  dateRange,
  dateTolerance,
  END,
  evaluateOutcome,
  exactMatch,
  firstMatchIndex,
  firstTurn,
  firstTurnScope,
  handedOffTo,
  judge,
  lastTurn,
  lastTurnScope,
  literalMatch,
  numericExact,
  numericGraded,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericRangeGraded,
  numericThresholdGraded,
  numericTolerance,
  type OutcomeCheck,
  orderedMatch,
  type Primitive,
  type PrimitiveData,
  regexMatch,
  resultCheck,
  runScenario,
  Scenario,
  setContainment,
  stateCheck,
  statusIs,
  synonymMap,
  toolTrajectory,
  turnAt,
  turnCheck,
  turnCountEq,
  turnCountGte,
} from '../../src/core.js'
import { isOutcomeCheck } from '../../src/outcomes/guards.js'
import { AGGREGATION_TYPES, BOOLEAN_CHECK_TYPES } from '../../src/outcomes/node-types.js'
import {
  checkPrimitive,
  PRIMITIVE_TYPES,
  primitiveAccepts,
  scorePrimitive,
} from '../../src/primitives/registry.js'
import { makeResult } from './make-result.js'

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** Every primitive factory of the public API, with the options that change its behaviour. */
const primitives: Record<string, Primitive> = {
  booleanMatch: booleanMatch(),
  exactMatch: exactMatch(),
  exactMatchNormalized: exactMatch({
    normalize: ['removePunctuation', 'collapseWhitespace', synonymMap({ bcl2: 'BCL-2' })],
  }),
  literalMatch: literalMatch(),
  orderedMatch: orderedMatch({ normalize: ['trim'] }),
  numericExact: numericExact(),
  numericTolerance: numericTolerance({ tolerance: 0.1 }),
  numericToleranceAbsolute: numericTolerance({ tolerance: 2, mode: 'absolute' }),
  numericRange: numericRange({ min: 1, max: 5, exclusiveMax: true }),
  numericMinimum: numericMinimum({ exclusive: true }),
  numericMaximum: numericMaximum(),
  containsAny: containsAny(['yes', 'BCL2'], { normalize: ['lowercase'] }),
  containsAll: containsAll(['a', 'b']),
  regexMatch: regexMatch('^ye?s\\b', { flags: 'i' }),
  regexMatchLiteral: regexMatch(/\d+ mg/),
  setContainment: setContainment(),
  setContainmentOverlap: setContainment('overlap', { minOverlap: 2 }),
  dateMatch: dateMatch(),
  dateTolerance: dateTolerance({ tolerance: 2, unit: 'hours' }),
  dateRange: dateRange({ min: '2024-01-01', max: new Date('2024-12-31T23:59:59Z') }),
  numericGraded: numericGraded({ cutoff: 0.2, fullCredit: 0.05, decay: 'quadratic' }),
  numericRangeGraded: numericRangeGraded({ min: 10, max: 20, margin: 0.5 }),
  numericThresholdGraded: numericThresholdGraded({ direction: 'min', margin: 0.1 }),
}

/** Values and expected values that reach every branch of some primitive. */
const values: unknown[] = [
  undefined,
  null,
  true,
  'false',
  ' TRUE ',
  0,
  3,
  4.9,
  5,
  ' 42 ',
  105,
  'Yes, indeed',
  'take 50 mg',
  'bcl2!',
  'BCL-2',
  ['a', 'b'],
  ['b', 'a', 'c'],
  { a: [1] },
  '2024-01-15T11:30:00Z',
  '2024-06-01',
  '2025-02-01',
  'not a date',
]
const expectations: unknown[] = [
  undefined,
  null,
  'yes',
  'BCL-2',
  3,
  100,
  ['a', 'b'],
  '2024-01-15T10:00Z',
]

describe('a JSON copy of a primitive', () => {
  test('the table holds every primitive type', () => {
    const types = new Set(Object.values(primitives).map((p) => p.type))
    expect([...PRIMITIVE_TYPES].filter((type) => !types.has(type))).toEqual([])
  })

  test.each(Object.entries(primitives))('%s checks, scores and accepts as the original', (_, p) => {
    const copy = jsonCopy<PrimitiveData>(p)
    expect(copy).toEqual({ ...p })
    for (const value of values) {
      for (const expected of expectations) {
        expect(checkPrimitive(copy, value, expected)).toBe(p.check(value, expected))
        expect(scorePrimitive(copy, value, expected)).toBe(p.score(value, expected))
        expect(primitiveAccepts(copy, value, expected)).toBe(primitiveAccepts(p, value, expected))
      }
    }
  })

  test.each(Object.entries(primitives))('%s as verifyWith evaluates as the original', (_, p) => {
    const copy = jsonCopy<PrimitiveData>(p)
    for (const result of results) {
      for (const expected of expectations) {
        // Given to the factories as data, and inside a node that is itself a JSON copy.
        const original = turnCheck(lastTurnScope(), 'parsed.value', expected, p)
        expect(
          evaluateOutcome(turnCheck(lastTurnScope(), 'parsed.value', expected, copy), result),
        ).toBe(evaluateOutcome(original, result))
        expect(evaluateOutcome(jsonCopy(original), result)).toBe(evaluateOutcome(original, result))
        const onResult = resultCheck('scenarioId', expected, p)
        expect(evaluateOutcome(resultCheck('scenarioId', expected, copy), result)).toBe(
          evaluateOutcome(onResult, result),
        )
      }
    }
  })

  test('a stateCheck routes on a JSON copy as on the original', async () => {
    const route = async (check: ReturnType<typeof stateCheck>) => {
      const definition = new Scenario('route')
        .addNode('ask', { question: 'How many?' })
        .addNode('many', { question: 'Sure?' })
        .addEdge('ask', 'many', { when: check })
        .addEdge('ask', END)
        .addEdge('many', END)
        .setEntry('ask')
        .validate()
      return (await runScenario(definition, { model: async () => '7' })).path
    }
    const original = stateCheck('turn', numericMaximum(), 0)
    expect(await route(original)).toEqual(['ask', 'many'])
    expect(await route(jsonCopy(original))).toEqual(['ask', 'many'])
    expect(await route(stateCheck('turn', jsonCopy<PrimitiveData>(numericMaximum()), 0))).toEqual([
      'ask',
      'many',
    ])
  })

  test('primitive data that is not valid is still refused, naming where', () => {
    const bad = { type: 'NumericRange', min: 'one' } as unknown as PrimitiveData
    expect(() => turnCheck(lastTurnScope(), 'rawResponse', 1, bad)).toThrow(/verifyWith/)
    expect(() =>
      evaluateOutcome(
        { type: 'ResultCheck', field: 'turnCount', expected: 1, verifyWith: bad },
        results[0] as never,
      ),
    ).toThrow(/evaluateOutcome\(check, result\)\.verifyWith/)
  })
})

const tool = (name: string, args: unknown) => ({ id: `call-${name}`, name, arguments: args })

const results = [
  makeResult([
    {
      nodeId: 'ask',
      verifyResult: true,
      rawResponse: 'BCL2',
      parsedFields: { target: 'BCL-2', score: 3, value: 'yes' },
      rubric: { polite: true },
      toolCalls: [tool('search', { q: 'bcl2', limit: 3 })],
    },
    {
      nodeId: 'confirm',
      agents: ['triage', 'billing'],
      verifyResult: false,
      rawResponse: 'take 50 mg',
      parsedFields: { target: 'bcl2', tags: ['b', 'a'], score: 4, value: 105 },
      rubric: { polite: false },
      toolCalls: [tool('book', { city: 'Paris', date: '2026-03-01' })],
    },
  ]),
  makeResult([{ nodeId: 'other', parsedFields: { score: 12, value: ['a', 'b'] } }], {
    status: 'error',
    scenarioId: 'yes',
  }),
  makeResult([]),
]

/** Every outcome check factory of the public API (sugar included), in the forms that differ. */
const checks: Record<string, OutcomeCheck> = {
  turnCheck: turnCheck(turnAt(-1), 'rawResponse', undefined, containsAny(['bcl2'])),
  turnCheckValue: turnCheck(firstTurnScope(), 'parsed.score', 3),
  resultCheck: resultCheck('path', ['ask', 'confirm'], literalMatch()),
  resultCheckValue: resultCheck('turnCount', 1),
  firstTurn: firstTurn({ verifyResult: true, 'parsed.target': 'BCL2' }),
  lastTurn: lastTurn({ 'parsed.score': { gte: 3 }, rawResponse: { matches: 'mg' } }),
  lastTurnNull: lastTurn({ 'parsed.missing': null, 'rubric.polite': false }),
  anyTurn: anyTurn({ 'parsed.tags': ['a', 'b'] }, { node: ['confirm'] }),
  anyTurnFields: anyTurn({ verifyResult: false, 'parsed.score': { gte: 4 } }),
  allTurns: allTurns({ 'parsed.score': { lt: 10 } }, { node: 'ask' }),
  statusIs: statusIs('completed'),
  turnCountEq: turnCountEq(2),
  turnCountGte: turnCountGte(1),
  crossTurn: crossTurn({
    source: firstTurnScope(),
    sourceField: 'parsed.target',
    target: lastTurnScope(),
    targetField: 'parsed.target',
    comparison: 'eq',
    normalize: ['lowercase', synonymMap({ 'bcl-2': 'bcl2' })],
  }),
  crossTurnOrder: crossTurn({
    source: turnAt(0),
    sourceField: 'parsed.score',
    target: turnAt(1),
    targetField: 'parsed.score',
    comparison: 'gt',
  }),
  allOf: allOf(statusIs('completed'), lastTurn({ verifyResult: false })),
  anyOf: anyOf(statusIs('error'), turnCountEq(0)),
  atLeastN: atLeastN(2, statusIs('completed'), turnCountGte(2), statusIs('error')),
  emptyCompositions: anyOf(allOf(), atLeastN(0)),
  calledTool: calledTool('search'),
  calledToolArgs: calledTool('book', {
    args: { city: 'Paris', date: /^2026-/ },
    times: { min: 1, max: 1 },
    node: 'confirm',
  }),
  calledToolScoped: calledTool('search', { scope: lastTurnScope(), times: 0 }),
  toolTrajectory: toolTrajectory(['search', { name: 'book', args: { city: 'Paris' } }]),
  toolTrajectorySuperset: toolTrajectory(['book'], { mode: 'superset' }),
  handedOffTo: handedOffTo('billing'),
  handedOffToScoped: handedOffTo('billing', { scope: turnAt(1) }),
  countTurns: countTurns({ node: 'ask', verifyResult: true }),
  countTurnsAll: countTurns(),
  firstMatchIndex: firstMatchIndex({ verifyResult: false }),
}

describe('a JSON copy of an outcome check', () => {
  test('the table holds every check type (a judge needs a model: it is checked below)', () => {
    const types = new Set<string>()
    const collect = (check: OutcomeCheck): void => {
      types.add(check.type)
      if ('conditions' in check) for (const c of check.conditions) collect(c)
    }
    for (const check of Object.values(checks)) collect(check)
    types.add('Judge')
    const all = [...BOOLEAN_CHECK_TYPES, ...AGGREGATION_TYPES]
    expect(all.filter((type) => !types.has(type))).toEqual([])
  })

  test.each(Object.entries(checks))('%s evaluates exactly as the original', (_, check) => {
    const copy = jsonCopy(check)
    expect(isOutcomeCheck(copy)).toBe(true)
    for (const result of results) {
      const diagnostics: Diagnostic[] = []
      const copyDiagnostics: Diagnostic[] = []
      expect(evaluateOutcome(copy, result, { diagnostics: copyDiagnostics })).toBe(
        evaluateOutcome(check, result, { diagnostics }),
      )
      expect(copyDiagnostics).toEqual(diagnostics)
    }
  })

  test('a judge node is valid data as a JSON copy', () => {
    const check = judge(['The answer names the drug.'], { instructions: 'Be strict.' })
    expect(isOutcomeCheck(jsonCopy(check))).toBe(true)
    expect(jsonCopy(check)).toEqual(check)
  })

  test('the reported case: resultCheck(turnCount) copied through JSON', () => {
    const result = makeResult([{ nodeId: 'ask' }])
    expect(evaluateOutcome(jsonCopy(resultCheck('turnCount', 1)), result)).toBe(true)
    expect(evaluateOutcome(jsonCopy(resultCheck('turnCount', 2)), result)).toBe(false)
  })
})
