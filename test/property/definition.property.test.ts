// Property-based tests of the builder's copying on random graphs (SPEC section 2, 13.3): edges
// keep definition order, `when` is kept as written (plain data copied and deeply frozen,
// functions by reference), and later mutation of the caller's objects or of the builder does not
// change how a definition already returned routes.
import fc from 'fast-check'
import { describe, test } from 'vitest'
import { END, runScenario, type ScenarioDefinition, type When } from '../../src/core.js'
import {
  buildScenario,
  type EdgeSpec,
  scenarioCaseArb,
  scriptedAgent,
  toWhen,
  validateQuietly,
} from './arbitraries.js'
import { ok, same } from './checks.js'
import { refRun } from './reference.js'

function isPlain(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  )
}

/** Rewrites a `when` in place so that, if it were still used, it would route differently. */
function scramble(when: When | undefined): void {
  if (Array.isArray(when)) {
    for (const item of when) scramble(item as When)
    ;(when as unknown[]).push(function never() {
      return false
    })
    return
  }
  if (!isPlain(when)) return
  const object = when as Record<string, unknown>
  for (const key of Object.keys(object)) {
    const value = object[key]
    if (isPlain(value)) {
      for (const op of Object.keys(value)) delete value[op]
      value.gt = 1e9
    } else {
      object[key] = 'scrambled'
    }
  }
  object.turn = -1
}

/** Same structure, functions compared by name (a fresh `toWhen` makes new functions). */
function sameShape(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'function') {
    ok(typeof actual === 'function', `${where}: a function`)
    ok(actual.name === expected.name, `${where}: function ${actual.name}, not ${expected.name}`)
    return
  }
  if (Array.isArray(expected)) {
    ok(Array.isArray(actual) && actual.length === expected.length, `${where}: an array`)
    expected.forEach((e, i) => {
      sameShape(actual[i], e, `${where}[${i}]`)
    })
    return
  }
  if (isPlain(expected)) {
    ok(isPlain(actual), `${where}: a plain object`)
    same(Object.keys(actual), Object.keys(expected), `${where}: keys in order`)
    for (const k of Object.keys(expected)) sameShape(actual[k], expected[k], `${where}.${k}`)
    return
  }
  ok(Object.is(actual, expected), `${where}: ${String(actual)}, not ${String(expected)}`)
}

/** Plain data is frozen all the way down; functions are left alone (SPEC section 2). */
function checkDeepFrozen(value: unknown, where: string): void {
  if (typeof value === 'function') {
    ok(!Object.isFrozen(value), `${where}: a function was frozen`)
    return
  }
  if (typeof value !== 'object' || value === null) return
  ok(Object.isFrozen(value), `${where} is not frozen`)
  for (const v of Object.values(value)) checkDeepFrozen(v, where)
}

function checkEdges(definition: ScenarioDefinition, edges: readonly EdgeSpec[]): void {
  same(
    definition.edges.map((e) => [e.source, e.target]),
    edges.map((e) => [e.source, e.target]),
    'definition.edges in definition order',
  )
  ok(Object.isFrozen(definition.edges), 'definition.edges is frozen')
  definition.edges.forEach((edge, i) => {
    const spec = edges[i] as EdgeSpec
    checkDeepFrozen(edge, `edges[${i}]`)
    if (spec.when === null) {
      ok(edge.when === undefined || edge.when === null, `edges[${i}] is unconditional`)
    } else {
      sameShape(edge.when, toWhen(spec.when), `edges[${i}].when`)
    }
  })
  for (const id of new Set(edges.map((e) => e.source))) {
    same(
      definition.edgesFrom(id).map((e) => e.target),
      edges.filter((e) => e.source === id).map((e) => e.target),
      `edgesFrom('${id}')`,
    )
  }
}

describe('definitions built from random graphs', () => {
  test('keep edge order and `when` as written, frozen, and independent of later mutation', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioCaseArb(), async (c) => {
        const given: { when?: When }[] = []
        const builder = buildScenario(c.graph, 'copying', (options) => given.push(options))
        // Mutating what addEdge was given, before validate()…
        for (const options of given.slice(0, given.length / 2)) scramble(options.when)
        const definition = validateQuietly(builder)
        // …and after it, and growing the builder, must not change this definition.
        for (const options of given.slice(given.length / 2)) scramble(options.when)
        for (const options of given) options.when = () => false
        builder.addEdge(c.graph.entry, END)
        checkEdges(definition, c.graph.edges)
        const result = await runScenario(definition, {
          model: scriptedAgent(c.answers),
          turnLimit: c.turnLimit,
        })
        const ref = refRun(c)
        same(result.path, ref.path, 'path after mutating the inputs')
        ok(result.status === ref.status, `status ${result.status}, reference ${ref.status}`)
        // validate() may be called again: the builder's new edge is in the new definition only.
        const again = validateQuietly(builder)
        ok(again.edges.length === c.graph.edges.length + 1, 'the new edge is in a new definition')
        ok(definition.edges.length === c.graph.edges.length, 'the old definition is unchanged')
      }),
      { numRuns: 500 },
    )
  }, 60_000)
})
