// Properties of the trajectory modes over random calls and expected lists (names from a small
// alphabet, some entries with a partial argument match, so an entry may fit several calls).
import fc from 'fast-check'
import { test } from 'vitest'
import { compileCallPattern, matchTrajectory } from '../../src/outcomes/tool-match.js'
import type { ToolCallPattern, TrajectoryMode } from '../../src/outcomes/types.js'
import type { ToolCallRecord } from '../../src/state/types.js'
import { ok } from './checks.js'

const name = fc.constantFrom('a', 'b', 'c')
const callArb = fc.record({ name, arguments: fc.record({ n: fc.integer({ min: 0, max: 2 }) }) })
const calls = fc
  .array(callArb, { maxLength: 6 })
  .map((list) => list.map((c, i): ToolCallRecord => ({ id: `c${i}`, ...c })))
const pattern: fc.Arbitrary<ToolCallPattern> = fc.oneof(
  name.map((n) => ({ name: n })),
  fc
    .tuple(name, fc.integer({ min: 0, max: 2 }))
    .map(([n, v]) => ({ name: n, args: { n: { eq: v } } })),
)
const patterns = fc.array(pattern, { maxLength: 6 })

function passes(
  made: ToolCallRecord[],
  expected: ToolCallPattern[],
  mode: TrajectoryMode,
): boolean {
  return matchTrajectory(made, expected.map(compileCallPattern), mode).pass
}

test('strict ⇒ unordered ⇒ subset and superset; unordered ⇔ subset ∧ superset', () => {
  fc.assert(
    fc.property(calls, patterns, (made, expected) => {
      const strict = passes(made, expected, 'strict')
      const unordered = passes(made, expected, 'unordered')
      const subset = passes(made, expected, 'subset')
      const superset = passes(made, expected, 'superset')
      ok(!strict || unordered, 'strict implies unordered')
      ok(unordered === (subset && superset), 'unordered is subset and superset')
    }),
    { numRuns: 2000 },
  )
})

test('the calls made, taken as the expected list, pass every mode; any order passes unordered', () => {
  fc.assert(
    fc.property(calls, fc.integer(), (made, seed) => {
      const exact = made.map((c) => ({
        name: c.name,
        args: { n: { eq: (c.arguments as { n: number }).n } },
      }))
      for (const mode of ['strict', 'unordered', 'subset', 'superset'] as const) {
        ok(passes(made, exact, mode), `${mode} passes on the calls themselves`)
      }
      const shuffled = [...exact].sort(
        (x, y) => ((x.args.n.eq * 7 + seed) % 5) - ((y.args.n.eq * 7 + seed) % 5),
      )
      ok(passes(made, shuffled, 'unordered'), 'unordered ignores the order')
    }),
  )
})

test('subset and superset are monotone: more expected entries never break subset, fewer never break superset', () => {
  fc.assert(
    fc.property(calls, patterns, pattern, (made, expected, extra) => {
      if (passes(made, expected, 'subset'))
        ok(passes(made, [...expected, extra], 'subset'), 'subset grows')
      if (passes(made, [...expected, extra], 'superset'))
        ok(passes(made, expected, 'superset'), 'superset shrinks')
    }),
    { numRuns: 1000 },
  )
})

test('a strict match fails exactly where a position differs or the lengths do', () => {
  fc.assert(
    fc.property(calls, patterns, (made, expected) => {
      const tests = expected.map(compileCallPattern)
      const samePositions =
        made.length === expected.length &&
        made.every((c, i) => (tests[i] as (c: ToolCallRecord) => boolean)(c))
      ok(passes(made, expected, 'strict') === samePositions, 'strict is position by position')
    }),
  )
})
