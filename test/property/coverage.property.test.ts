// The arbitraries reach the situations the properties are about. Without this, a change to the
// generators could quietly stop producing, say, runs that end on the last allowed turn, and the
// routing properties would still pass. Measured on the reference (no engine), so it is cheap.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  ACCUMULATED_PATHS,
  checkOfPathArb,
  edgeListArb,
  fnSpecArb,
  garbageStateArb,
  nodeIds,
  PARSED_PATHS,
  type ScenarioCase,
  scenarioCaseArb,
  stateArb,
} from './arbitraries.js'
import {
  diagnosticBounds,
  type EvaluatedCheck,
  REF_END,
  type RefRoute,
  refCondition,
  refRoute,
  refRun,
} from './reference.js'

const SAMPLES = 3_000

function tally(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

/** The situations one run passes through. */
function situations(c: ScenarioCase): string[] {
  const out: string[] = []
  const { graph } = c
  const ref = refRun(c)
  out.push(`status:${ref.status}`)
  if (ref.status === 'completed') {
    const how = ref.next === REF_END ? 'END' : 'implicit terminal'
    out.push(`completed at ${how}`)
    if (ref.path.length === c.turnLimit) out.push(`completed at ${how} on the last allowed turn`)
  }
  if (ref.path.length >= 10) out.push('10 turns or more')
  if (graph.nodes.length >= 15) out.push('15 nodes or more')
  if (graph.edges.some((e) => e.source === e.target)) out.push('a self-loop')
  if (ref.stateUpdateFailures.length > 0) out.push('a failing stateUpdate')
  const sources = graph.edges.filter((e) => e.when === null).map((e) => e.source)
  if (new Set(sources).size < sources.length) out.push('several unconditional edges on a node')
  for (const route of ref.routes) out.push(...routeSituations(route))
  return out
}

function routeSituations(route: RefRoute): string[] {
  const out: string[] = []
  if (route.chosen === null) out.push('route: implicit terminal')
  else if (route.chosen === route.fallback) out.push('route: fallback')
  else out.push('route: conditional edge')
  if (route.chosen !== null && route.fallback !== null && route.chosen > route.fallback) {
    out.push('route: a conditional edge after the fallback')
  }
  if (route.chosen === route.fallback && route.evaluated.length > 0) {
    out.push('route: fallback after failed conditions')
  }
  if (diagnosticBounds(route.evaluated).required.length > 0)
    out.push('route: a required diagnostic')
  out.push(...checkSituations(route.evaluated))
  return out
}

function checkSituations(evaluated: readonly EvaluatedCheck[]): string[] {
  return evaluated.flatMap((check) => [
    `${check.test} ${check.verdict === 'match' ? 'matched' : 'failed'}`,
    `verdict:${check.verdict}`,
  ])
}

const RUN_SITUATIONS = [
  'status:completed',
  'status:limit_reached',
  'status:error',
  'completed at END',
  'completed at implicit terminal',
  'completed at END on the last allowed turn',
  'completed at implicit terminal on the last allowed turn',
  '10 turns or more',
  '15 nodes or more',
  'a self-loop',
  'a failing stateUpdate',
  'several unconditional edges on a node',
  'route: implicit terminal',
  'route: fallback',
  'route: conditional edge',
  'route: a conditional edge after the fallback',
  'route: fallback after failed conditions',
  'route: a required diagnostic',
]

const CHECK_SITUATIONS = [
  ...['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'in', 'matches'],
  ...['value:boolean', 'value:number', 'value:string', 'value:null', 'value:array'],
  ...['fn:visitsAtLeast', 'fn:turnAtLeast', 'fn:verdictIs', 'fn:accumulatedAtLeast'],
  ...['fn:parsedTruthy', 'fn:constant'],
].flatMap((t) => [`${t} matched`, `${t} failed`])

const VERDICTS = ['match', 'false', 'missing', 'wrongType', 'failed'].map((v) => `verdict:${v}`)

describe('the arbitraries cover the situations under test', () => {
  test('random runs reach every status, ending, routing case and check outcome', () => {
    const counts = new Map<string, number>()
    for (const c of fc.sample(scenarioCaseArb(), SAMPLES / 3)) {
      for (const s of new Set(situations(c))) tally(counts, s)
    }
    const missing = [...RUN_SITUATIONS, ...VERDICTS].filter((s) => (counts.get(s) ?? 0) < 3)
    expect(missing, `seen: ${JSON.stringify(Object.fromEntries(counts))}`).toEqual([])
  }, 30_000)

  test('the checks of each kind of path both match and fail', () => {
    const ids = nodeIds(4)
    const paths = ['verifyResult', 'turn', 'currentNode', 'nodeVisits.n1', ...PARSED_PATHS]
    const counts = new Map<string, number>()
    for (const path of [...paths, ...ACCUMULATED_PATHS]) {
      const arb = fc.tuple(checkOfPathArb(path, ids), stateArb(ids))
      for (const [check, state] of fc.sample(arb, SAMPLES / 5)) {
        const evaluated: EvaluatedCheck[] = []
        refCondition({ form: 'object', checks: [check] }, state, evaluated)
        for (const s of new Set(checkSituations(evaluated))) tally(counts, s)
      }
    }
    for (const [fn, state] of fc.sample(fc.tuple(fnSpecArb(ids), stateArb(ids)), SAMPLES)) {
      const evaluated: EvaluatedCheck[] = []
      refCondition({ form: 'fn', fn }, state, evaluated)
      for (const s of checkSituations(evaluated)) tally(counts, s)
    }
    const missing = [...CHECK_SITUATIONS, ...VERDICTS].filter((s) => !counts.has(s))
    expect(missing, `seen: ${JSON.stringify(Object.fromEntries(counts))}`).toEqual([])
  }, 30_000)

  test('random edge lists on random states reach every routing case', () => {
    const counts = new Map<string, number>()
    const arb = fc
      .integer({ min: 1, max: 20 })
      .map(nodeIds)
      .chain((ids) => fc.tuple(edgeListArb(ids), stateArb(ids)))
    for (const [edges, state] of fc.sample(arb, SAMPLES)) {
      for (const s of new Set(routeSituations(refRoute(edges, state)))) tally(counts, s)
    }
    const wanted = RUN_SITUATIONS.filter((s) => s.startsWith('route:'))
    const missing = [...wanted, ...VERDICTS].filter((s) => (counts.get(s) ?? 0) < 3)
    expect(missing, `seen: ${JSON.stringify(Object.fromEntries(counts))}`).toEqual([])
  }, 30_000)

  test('arbitrary states leave roots missing and of the wrong type', () => {
    let missingRoot = 0
    let wrongRoot = 0
    for (const state of fc.sample(garbageStateArb(nodeIds(3)), SAMPLES / 3)) {
      const s = state as unknown as Record<string, unknown>
      if (!('parsed' in s) || !('accumulated' in s)) missingRoot++
      if (typeof s.nodeVisits !== 'object' || s.nodeVisits === null) wrongRoot++
    }
    expect(missingRoot).toBeGreaterThan(SAMPLES / 60)
    expect(wrongRoot).toBeGreaterThan(SAMPLES / 150)
  }, 30_000)
})
