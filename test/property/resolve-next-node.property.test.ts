// Property-based tests of `resolveNextNode` and of conditions on their own (SPEC sections 3, 5):
// routing on random states equals the reference, and conditions never throw on arbitrary state
// values, with diagnostics only from the checks that were evaluated.
import fc from 'fast-check'
import { describe, test } from 'vitest'
import {
  type Diagnostic,
  resolveNextNode,
  resolvePath,
  type ScenarioStateView,
  type When,
} from '../../src/core.js'
import {
  type ConditionSpec,
  type EdgeSpec,
  edgeListArb,
  type FnConditionSpec,
  garbageStateArb,
  nodeIds,
  type ObjectConditionSpec,
  pathArb,
  stateArb,
  toRoutableEdge,
  toWhen,
  trickyIds,
} from './arbitraries.js'
import { checkConditionDiagnostics, ok, same } from './checks.js'
import { diagnosticBounds, refReadPath, refRoute } from './reference.js'

/** 1–20 node ids: `n0`, `n1`, … or the awkward ones (dots, digits, spaces, root names). */
const idsArb = fc
  .constantFrom(nodeIds, trickyIds)
  .chain((make) => fc.integer({ min: 1, max: 20 }).map(make))

describe('resolvePath on random states', () => {
  test('equals the reference for every path conditions read (aliases, dotted ids, nesting)', () => {
    fc.assert(
      fc.property(
        idsArb.chain((ids) => fc.tuple(fc.array(pathArb(ids), { maxLength: 8 }), stateArb(ids))),
        ([paths, state]) => {
          for (const path of paths) {
            same(
              resolvePath(state, path),
              refReadPath(state, path),
              `resolvePath(state, '${path}')`,
            )
          }
        },
      ),
      { numRuns: 2_000 },
    )
  }, 30_000)
})

describe('resolveNextNode on random edges and states', () => {
  test('equals the reference: first matching conditional edge, else the first unconditional, else null', () => {
    fc.assert(
      fc.property(
        idsArb.chain((ids) => fc.tuple(edgeListArb(ids), stateArb(ids))),
        ([edges, state]) => {
          const diagnostics: Diagnostic[] = []
          const next = resolveNextNode(edges.map(toRoutableEdge), state, { diagnostics })
          const ref = refRoute(edges, state)
          ok(next === ref.target, `resolveNextNode gave ${next}, the reference ${ref.target}`)
          checkConditionDiagnostics(diagnostics, diagnosticBounds(ref.evaluated))
          for (const d of diagnostics) {
            ok(d.nodeId === edges[0]?.source, `diagnostic names node ${d.nodeId}`)
            ok(d.turn === state.turn, `diagnostic names turn ${d.turn}`)
          }
          // Without a diagnostics array the answer is the same.
          ok(resolveNextNode(edges.map(toRoutableEdge), state) === next, 'same without diagnostics')
        },
      ),
      { numRuns: 4_000 },
    )
  }, 30_000)
})

// ---------------------------------------------------------------------------------------------
// Arbitrary state values: no reference for the values themselves, but the composition rules
// must hold. A condition is split into its atomic checks (one path with one value or operator,
// or one callable), each evaluated alone as a one-edge list; then the whole call must be their
// AND (short-circuit) per edge and the first-match rule across edges, and its diagnostics must be
// exactly those of the atoms that were evaluated, in order.

type Atom = ObjectConditionSpec | FnConditionSpec

function atoms(spec: ConditionSpec): Atom[] {
  switch (spec.form) {
    case 'fn':
      return [spec]
    case 'list':
      return spec.items.flatMap(atoms)
    case 'object':
      return spec.checks.flatMap((check): Atom[] =>
        check.kind === 'value'
          ? [{ form: 'object', checks: [check] }]
          : check.ops.map((o) => ({
              form: 'object',
              checks: [{ kind: 'ops', path: check.path, ops: [o] }],
            })),
      )
  }
}

/** Evaluates one atom alone; throws are caught and reported as a failure of the property. */
function evaluateAtom(
  edge: EdgeSpec,
  atom: Atom,
  state: ScenarioStateView,
): { matched: boolean; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const when = toWhen(atom) as When
  const next = resolveNextNode([{ source: edge.source, target: edge.target, when }], state, {
    diagnostics,
  })
  ok(next === null || next === edge.target, `a one-edge list routed to ${next}`)
  return { matched: next !== null, diagnostics }
}

/** What resolveNextNode must return for these edges, from the atoms alone. */
function composed(
  edges: readonly EdgeSpec[],
  state: ScenarioStateView,
): { target: string | null; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  let fallback: string | null = null
  for (const edge of edges) {
    if (edge.when === null) {
      if (fallback === null) fallback = edge.target
      continue
    }
    let matched = true
    for (const atom of atoms(edge.when)) {
      const one = evaluateAtom(edge, atom, state)
      diagnostics.push(...one.diagnostics)
      if (!one.matched) {
        matched = false
        break
      }
    }
    if (matched) return { target: edge.target, diagnostics }
  }
  return { target: fallback, diagnostics }
}

describe('conditions on arbitrary state values', () => {
  test('never throw; the result composes from the atomic checks; diagnostics only from evaluated checks', () => {
    fc.assert(
      fc.property(
        idsArb.chain((ids) => fc.tuple(edgeListArb(ids), garbageStateArb(ids))),
        ([edges, state]) => {
          const diagnostics: Diagnostic[] = []
          let next: string | null
          try {
            next = resolveNextNode(edges.map(toRoutableEdge), state, { diagnostics })
          } catch (error) {
            throw new Error(`resolveNextNode threw: ${String(error)}`)
          }
          const targets = new Set(edges.map((e) => e.target))
          ok(next === null || targets.has(next), `routed to ${next}, not a target`)
          for (const d of diagnostics) {
            ok(d.kind === 'condition', `a ${d.kind} diagnostic`)
            ok(typeof d.message === 'string' && d.message.length > 0, 'a diagnostic has a message')
          }
          const expected = composed(edges, state)
          ok(next === expected.target, `routed to ${next}; the atoms say ${expected.target}`)
          same(diagnostics, expected.diagnostics, 'diagnostics are those of the evaluated atoms')
        },
      ),
      { numRuns: 2_000 },
    )
  }, 30_000)

  test('a condition evaluated on the arbitrary state alone never throws and reports with its path', () => {
    fc.assert(
      fc.property(
        idsArb.chain((ids) => fc.tuple(edgeListArb(ids), garbageStateArb(ids))),
        ([edges, state]) => {
          for (const edge of edges) {
            if (edge.when === null) continue
            for (const atom of atoms(edge.when)) {
              const { diagnostics } = evaluateAtom(edge, atom, state)
              ok(diagnostics.length <= 1, `one atom left ${diagnostics.length} diagnostics`)
              const path = atom.form === 'object' ? atom.checks[0]?.path : undefined
              for (const d of diagnostics) {
                ok(d.path === path, `diagnostic path ${d.path}, the check reads ${path}`)
                ok(d.nodeId === edge.source, `diagnostic node ${d.nodeId}`)
              }
            }
          }
        },
      ),
      { numRuns: 1_000 },
    )
  }, 30_000)
})
