// Properties of the trajectory modes over random calls and expected lists (names from a small
// alphabet, some entries with a partial argument match, so an entry may fit several calls).
import fc from 'fast-check'
import { test } from 'vitest'
import { compileCallPattern, matchTrajectory } from '../../src/outcomes/tool-match.js'
import type { ParallelCalls, ToolCallPattern, TrajectoryMode } from '../../src/outcomes/types.js'
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

/** Each call its own step: the calls of records written before steps were kept. */
function passes(
  made: ToolCallRecord[],
  expected: ToolCallPattern[],
  mode: TrajectoryMode,
  parallel?: ParallelCalls,
): boolean {
  return stepsPass(
    made.map((call) => [call]),
    expected,
    mode,
    parallel,
  )
}

function stepsPass(
  steps: ToolCallRecord[][],
  expected: ToolCallPattern[],
  mode: TrajectoryMode,
  parallel?: ParallelCalls,
): boolean {
  return matchTrajectory(steps, expected.map(compileCallPattern), mode, parallel).pass
}

/** Calls cut into steps at random: each call after the first joins its predecessor's or not. */
const steps = fc
  .tuple(calls, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }))
  .map(([made, joins]) => {
    const out: ToolCallRecord[][] = []
    made.forEach((call, i) => {
      const last = out.at(-1)
      if (last !== undefined && joins[i] === true) last.push(call)
      else out.push([call])
    })
    return out
  })

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

test('single-call steps: strict compares position by position, parallel ordered or not', () => {
  fc.assert(
    fc.property(calls, patterns, (made, expected) => {
      ok(
        passes(made, expected, 'strict') === passes(made, expected, 'strict', 'ordered'),
        'one call a step: nothing to reorder',
      )
    }),
  )
})

test('steps: ordered strict ⇔ position by position; ordered ⇒ strict ⇒ unordered; modes other than strict ignore steps', () => {
  fc.assert(
    fc.property(steps, patterns, (cut, expected) => {
      const made = cut.flat()
      const ordered = stepsPass(cut, expected, 'strict', 'ordered')
      const strict = stepsPass(cut, expected, 'strict')
      ok(ordered === passes(made, expected, 'strict'), 'ordered strict is position by position')
      ok(!ordered || strict, 'ordered implies strict')
      ok(!strict || stepsPass(cut, expected, 'unordered'), 'strict implies unordered')
      for (const mode of ['unordered', 'subset', 'superset'] as const) {
        ok(stepsPass(cut, expected, mode) === passes(made, expected, mode), `${mode} ignores steps`)
      }
    }),
    { numRuns: 2000 },
  )
})

test('strict passes the calls of each step in any order, and fails when a call leaves its step', () => {
  fc.assert(
    fc.property(steps, (cut) => {
      const exact = (c: ToolCallRecord): ToolCallPattern => ({
        name: c.name,
        args: { n: { eq: (c.arguments as { n: number }).n } },
      })
      const reversed = cut.flatMap((step) => [...step].reverse().map(exact))
      ok(stepsPass(cut, reversed, 'strict'), 'the parallel calls reversed pass strict')
      // Two single-call steps swapped fail when they differ.
      const i = cut.findIndex((step, k) => {
        const next = cut[k + 1]
        return (
          step.length === 1 &&
          next?.length === 1 &&
          (step[0] as ToolCallRecord).name !== (next[0] as ToolCallRecord).name
        )
      })
      if (i === -1) return
      const swapped = cut.map((step) => step.map(exact))
      const [a, b] = [swapped[i], swapped[i + 1]] as [ToolCallPattern[], ToolCallPattern[]]
      swapped[i] = b
      swapped[i + 1] = a
      ok(!stepsPass(cut, swapped.flat(), 'strict'), 'steps stay in order')
    }),
  )
})
