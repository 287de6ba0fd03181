import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import type { ScenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { collectEntries, type SkippedEntry } from '../../src/reporter/collect-entries.js'
import { htmlReport } from '../../src/reporter/html.js'
import { markdownReport } from '../../src/reporter/markdown.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { colors, terminalReport } from '../../src/reporter/terminal.js'
import { sampleEntries } from '../reporter/sample-results.js'
import { moduleOf, runReporter, testCase } from './support/report-harness.js'

// The promise: `meta.scenario` crosses a process boundary (and `--merge-reports` reads blobs of
// other versions), so the reporter checks all of it. A malformed entry is left out of the reports
// with one warning per test file naming the test and what was wrong; it never crashes the
// reporter and never takes the other entries down.
let valid: ScenarioMeta[] = []

beforeAll(async () => {
  valid = (await sampleEntries()).map((entry) => entry.scenario)
})

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A deep copy of the `i`-th sample meta, changed by `change`. */
function broken(change: (meta: Record<string, unknown>) => void, i = 2): unknown {
  const meta = structuredClone(valid[i]) as unknown as Record<string, unknown>
  change(meta)
  return meta
}

/** The first run of a meta, as a plain record to break. */
function run0(meta: Record<string, unknown>): Record<string, unknown> {
  return (meta.runs as Record<string, unknown>[])[0] as Record<string, unknown>
}

const CASES: [string, () => unknown, string][] = [
  [
    'another version',
    () => broken((m) => (m.version = 2)),
    'version: the number 2; this reporter reads version 1 (the tests ran with another vitest-scenario version)',
  ],
  ['not an object', () => 'scenario', 'a string of 8 characters, not an object'],
  ['null', () => null, 'null, not an object'],
  [
    'turns as a number',
    () => broken((m) => (run0(m).turns = 5)),
    'runs.0.turns: the number 5, not an array',
  ],
  [
    'a run with nothing but turns',
    () => broken((m) => (m.runs = [{ turns: 5 }])),
    'runs.0.status: missing, not one of completed, limit_reached, error',
  ],
  [
    'a null edge',
    () => broken((m) => ((m.graph as Record<string, unknown>).edges = [null])),
    'graph.edges.0: null, not an object',
  ],
  [
    'a huge name',
    () => broken((m) => (m.name = 'x'.repeat(20_000))),
    'name: a string of 20000 characters, longer than 10000',
  ],
  [
    'a count as a string',
    () => broken((m) => (run0(m).turnCount = '2')),
    'runs.0.turnCount: a string of 1 character, not a whole number ≥ 0',
  ],
  [
    'tokens as a string',
    () => broken((m) => ((run0(m).usage as { now: Record<string, unknown> }).now.input = '120')),
    'runs.0.usage.now.input: a string of 3 characters, not a number ≥ 0',
  ],
  [
    'an edge index out of range',
    () => broken((m) => (run0(m).edges = [99])),
    'runs.0.edges.0: the number 99, not a whole number from -1 to 3',
  ],
  [
    'an outcome that is a string',
    () => broken((m) => (run0(m).outcomes = { kept: 'yes' })),
    'runs.0.outcomes.kept: a string of 3 characters, not a boolean or a number',
  ],
  [
    'a hole in a path',
    () =>
      broken((m) => {
        const path: unknown[] = ['ask', 'ask']
        delete path[0] // a hole, as a sparse array has
        run0(m).path = path
      }),
    'runs.0.path.0: missing, not a string',
  ],
  [
    'more passes than samples',
    () => broken((m) => ((m.samples as Record<string, unknown>).passes = 9), 3),
    'samples.passes: the number 9, not a whole number from 0 to 4',
  ],
  [
    'markup as a category',
    () => broken((m) => ((run0(m).error as Record<string, unknown>).category = '<b>x</b>')),
    "runs.0.error.category: a string of 8 characters, not a category name such as 'connection'",
  ],
  [
    'a negative duration',
    () => broken((m) => (run0(m).durationMs = -1)),
    'runs.0.durationMs: the number -1, not a number ≥ 0',
  ],
  [
    'NaN as a duration',
    () => broken((m) => (run0(m).durationMs = Number.NaN)),
    'runs.0.durationMs: NaN, not a number ≥ 0',
  ],
  ['no criteria', () => broken((m) => delete m.criteria), 'criteria: missing, not an array'],
  [
    'a verdict that is a string',
    () =>
      broken(
        (m) => ((run0(m).turns as Record<string, unknown>[])[0] = { node: 'ask', verify: 'yes' }),
      ),
    'runs.0.turns.0.verify: a string of 3 characters, not true, false or null',
  ],
]

describe('a malformed entry is skipped with a warning naming the test and the problem', () => {
  test.each(CASES)('%s', (name, scenario, problem) => {
    const output = runReporter(`malformed-${name.replace(/\W+/g, '-')}`, [
      moduleOf(
        testCase('good one', { scenario: valid[0] }),
        testCase(name, { scenario: scenario() }),
        testCase('good two', { scenario: valid[1] }),
      ),
    ])
    expect(output.warnings).toEqual([
      `[vitest-scenario] The scenario data of 1 test in test/a.test.ts could not be read; it is left out of the scenario reports\n  - '${name}': ${problem}\nRun the reporter with the vitest-scenario version that ran the tests (blobs merged with --merge-reports keep the data of the version that wrote them), and leave task.meta.scenario to vitest-scenario.`,
    ])
    // The other entries are reported, in every report.
    expect(output.terminal).toContain('test/a.test.ts > good one')
    expect(output.terminal).toContain('test/a.test.ts > good two')
    expect(output.terminal).not.toContain(`> ${name}`)
    expect(output.markdown).toContain('**2 scenarios**')
    expect(output.html).toContain('good two')
    expect(output.errors).toEqual([])
  })
})

test('one warning per test file, naming each skipped test of that file', () => {
  const output = runReporter('malformed-per-file', [
    moduleOf(
      testCase('first', { scenario: { version: 0 } }, { file: 'a.test.ts' }),
      testCase('fine', { scenario: valid[0] }, { file: 'a.test.ts' }),
      testCase('second', { scenario: broken((m) => (m.runs = 'none')) }, { file: 'a.test.ts' }),
    ),
    moduleOf(testCase('third', { scenario: [] }, { file: 'b.test.ts' })),
  ])
  expect(output.warnings).toHaveLength(2)
  expect(output.warnings[0]).toContain(
    'The scenario data of 2 tests in a.test.ts could not be read; they are left out',
  )
  expect(output.warnings[0]).toContain(
    "  - 'first': version: the number 0; this reporter reads version 1",
  )
  expect(output.warnings[0]).toContain("  - 'second': runs: a string of 4 characters, not an array")
  expect(output.warnings[1]).toContain('1 test in b.test.ts could not be read; it is left out')
  expect(output.warnings[1]).toContain("  - 'third': an array, not an object")
})

test('what this version writes, this version reads: every sample meta is accepted as it is', () => {
  for (const meta of valid) {
    const reading = readScenarioMeta(meta)
    expect(reading).toEqual({ ok: true, meta })
  }
})

/** Every path to a value inside a meta, e.g. ['runs', 0, 'turns', 1, 'answer']. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at]
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...paths(item, [...at, i]))
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...at, key]))
  }
  return out
}

/**
 * A copy of `meta` with the value at `path` replaced (or deleted for `HOLE`); unchanged when an
 * earlier change removed the path.
 */
function replaced(meta: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === HOLE ? undefined : value
  const copy = structuredClone(meta)
  let parent: unknown = copy
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return meta
    parent = (parent as Record<string | number, unknown>)[key]
  }
  if (typeof parent !== 'object' || parent === null) return meta
  const last = path[path.length - 1] as string | number
  if (value === HOLE) delete (parent as Record<string | number, unknown>)[last]
  else (parent as Record<string | number, unknown>)[last] = value
  return copy
}

const HOLE = Symbol('delete')
const hostile = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    HOLE,
    undefined,
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -1,
    1e308,
    1.5,
    '',
    '__end__',
    '<img src=x onerror=alert(1)>',
    '\u001b]0;x\u0007',
    'x'.repeat(10_001),
    [],
    {},
    [null],
    { __proto__: null },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    Object.create(null),
  ),
)

test('any change at any depth of a valid meta is reported or skipped, never a crash', () => {
  const targets = valid.map((meta) => paths(meta))
  fc.assert(
    fc.property(
      fc.nat({ max: valid.length - 1 }),
      fc.nat(),
      fc.array(hostile, { minLength: 1, maxLength: 3 }),
      (which, pick, values) => {
        let meta: unknown = valid[which]
        const all = targets[which] ?? [[]]
        // Up to three changes at once, at paths of the original.
        values.forEach((value, k) => {
          const path = all[(pick + k * 7919) % all.length] ?? []
          meta = replaced(meta, path, value)
        })
        const skipped: SkippedEntry[] = []
        const entries = collectEntries(
          [
            moduleOf(
              testCase('fuzzed', { scenario: meta }),
              testCase('fine', { scenario: valid[0] }),
            ),
          ],
          skipped,
        )
        // (No meta at all is a plain test, not a scenario test.)
        expect(entries.length + skipped.length).toBe(meta === undefined ? 1 : 2)
        expect(entries.some((e) => e.test === 'fine')).toBe(true)
        const summary = runSummary(entries)
        terminalReport(entries, summary, colors(true))
        markdownReport(entries, summary, 20_000)
        htmlReport(entries, summary)
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      },
    ),
    { numRuns: 600 },
  )
})
