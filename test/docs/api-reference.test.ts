// docs/reference/api.md against the built package: each entry point's section lists exactly the
// names the entry exports, both ways. Runtime names come from importing the entry by package name
// (as a user's code does); every name, types included, from the entry's declaration file, read
// with the TypeScript compiler. `vitest-scenario` shares most of its names with
// `vitest-scenario/core`: its section lists those by topic in one table (the core's section
// describes them), and gives a row to what it adds or binds anew. Every relative link of the page
// must lead to a file and heading that exist.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  type DeclaredExport,
  declaredExports,
  duplicateRows,
  type EntrySection,
  engineTable,
  entryPointsTable,
  entrySections,
  exportsDifference,
  moduleExportNames,
  RUNTIME_KINDS,
  TYPE_KINDS,
} from '../support/api-doc.js'
import { repoRoot } from '../support/paths.js'

const PAGE = 'docs/reference/api.md'
const markdown = readFileSync(join(repoRoot, PAGE), 'utf8')
const sections = entrySections(markdown)
/** The names the root's section lists by topic, as the core exports them. */
const engine = engineTable(markdown)
const engineNames = new Set([...engine.runtime, ...engine.types])

const ROOT = 'vitest-scenario'
const CORE = 'vitest-scenario/core'

interface Entry {
  /** The specifier a user imports, e.g. `vitest-scenario/core`. */
  readonly specifier: string
  /** The built module and its declaration file, absolute. */
  readonly js: string
  readonly dts: string
}

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>
}
const entries: Entry[] = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'object'
    ? [
        {
          specifier: `${ROOT}${subpath.slice(1)}`,
          js: join(repoRoot, target.default),
          dts: join(repoRoot, target.types),
        },
      ]
    : [],
)
const specifiers = entries.map((entry) => entry.specifier)

/**
 * Entries that load only inside their runner's test environment (the Jest setup entry imports
 * `@jest/globals`): their runtime names are read from the built module's `export` statements.
 */
const LOADS_ONLY_IN_JEST = new Set(['vitest-scenario/jest/setup'])

/** Each entry's runtime exports: the module itself, or for a Jest-only entry its names. */
const runtime = new Map<string, Record<string, unknown>>()
for (const entry of entries) {
  if (LOADS_ONLY_IN_JEST.has(entry.specifier)) {
    const names = moduleExportNames(readFileSync(entry.js, 'utf8'))
    runtime.set(entry.specifier, Object.fromEntries(names.map((name) => [name, undefined])))
  } else {
    // By package name, as a user's code imports it (the package resolves itself by its exports).
    runtime.set(entry.specifier, await import(/* @vite-ignore */ entry.specifier))
  }
}

/** Each entry's declared exports, types included. */
let declared = new Map<string, Map<string, DeclaredExport>>()

beforeAll(() => {
  const byFile = declaredExports(entries.map((entry) => entry.dts))
  declared = new Map(entries.map((entry) => [entry.specifier, byFile.get(entry.dts) ?? new Map()]))
  // A TypeScript program over every entry's declarations: seconds of CPU, more under load.
}, 60_000)

function runtimeNames(specifier: string): Set<string> {
  return new Set(Object.keys(runtime.get(specifier) ?? {}))
}

/** Every name an entry exports: what its module has at run time, and what its types add. */
function allNames(specifier: string): Set<string> {
  return new Set([...runtimeNames(specifier), ...(declared.get(specifier)?.keys() ?? [])])
}

/**
 * The names an entry's section must list as rows. For `vitest-scenario`: all but those its
 * "From the engine" table lists by topic.
 */
function expectedNames(specifier: string): Set<string> {
  const names = allNames(specifier)
  if (specifier !== ROOT) return names
  return new Set([...names].filter((name) => !engineNames.has(name)))
}

function section(specifier: string): EntrySection {
  const found = sections.get(specifier)
  if (found === undefined) {
    throw new Error(
      `${PAGE} has no section \`${specifier}\`; its entry sections: ${[...sections.keys()].join(', ')}`,
    )
  }
  return found
}

/** The kind a row of `name` should give, from the module and the declaration file. */
function actualKind(specifier: string, name: string): string {
  const declaration = declared.get(specifier)?.get(name)
  if (runtimeNames(specifier).has(name)) {
    if (declaration?.class === true) return 'class'
    const value = runtime.get(specifier)?.[name]
    const isFunction = LOADS_ONLY_IN_JEST.has(specifier)
      ? declaration?.function === true
      : typeof value === 'function'
    return isFunction ? 'function' : 'constant'
  }
  // Type only: an interface, or any other type (an alias, or a class exported as a type).
  return declaration?.interface === true && declaration.class !== true ? 'interface' : 'type'
}

describe(PAGE, () => {
  test('has one section per entry point of package.json, and the entry points table lists each', () => {
    expect([...sections.keys()].sort()).toEqual([...specifiers].sort())
    expect(entryPointsTable(markdown).sort()).toEqual([...specifiers].sort())
  })

  test.each(specifiers)('the section of %s lists every export, and nothing else', (specifier) => {
    const { rows } = section(specifier)
    expect(duplicateRows(rows), 'names listed twice').toEqual([])
    expect(
      exportsDifference(
        rows.map((row) => row.name),
        expectedNames(specifier),
      ),
    ).toEqual({ 'exports without a row': [], 'rows that are no export': [] })
  })

  test.each(specifiers)('the section of %s gives each export its kind', (specifier) => {
    const wrong = section(specifier)
      .rows.filter((row) => allNames(specifier).has(row.name))
      .flatMap((row) => {
        const kind = actualKind(specifier, row.name)
        return row.kind === kind
          ? []
          : [`line ${row.line} \`${row.name}\`: ${row.kind}, is ${kind}`]
      })
    expect(wrong).toEqual([])
  })

  test('every kind is one of the documented ones, and only runtime names have a runtime kind', () => {
    const kinds: readonly string[] = [...RUNTIME_KINDS, ...TYPE_KINDS]
    const rows = [...sections.values()].flatMap((s) => s.rows)
    expect(rows.filter((row) => !kinds.includes(row.kind)).map((row) => row.name)).toEqual([])
  })

  test("`vitest-scenario`'s engine table lists core names as the core exports them, values and types apart", () => {
    const core = allNames(CORE)
    expect([...engineNames].filter((name) => !core.has(name))).toEqual([])
    const rootValues = runtime.get(ROOT) ?? {}
    const coreValues = runtime.get(CORE) ?? {}
    // The same value as the core's: a name bound anew has a row of its own.
    expect(engine.runtime.filter((name) => rootValues[name] !== coreValues[name])).toEqual([])
    expect(engine.types.filter((name) => runtimeNames(ROOT).has(name))).toEqual([])
    expect(engine.types.filter((name) => !allNames(ROOT).has(name))).toEqual([])
    // The core's section does not repeat in the root's rows, but for the names bound anew.
    const coreRows = new Set(section(CORE).rows.map((row) => row.name))
    const bound = section(ROOT).rows.filter((row) => coreRows.has(row.name))
    expect(bound.map((row) => row.name).sort()).toEqual([
      'judgeConversation',
      'runScenario',
      'wrap',
    ])
  })
})

describe('the page reader', () => {
  const page = [
    '## `vitest-scenario/example`',
    '',
    '### A topic',
    '',
    '| export | kind | what it is |',
    '| --- | --- | --- |',
    '| `kept` | function | listed and exported |',
    '| `bogus` | function | listed, not exported |',
    '',
    '```ts',
    '## `vitest-scenario/not-a-section`',
    '```',
    '',
    '## `vitest-scenario/empty`',
    '',
    'Exports nothing.',
  ].join('\n')

  test('reads the rows of every table of a section, and a section without a table as none', () => {
    const read = entrySections(page)
    expect([...read.keys()]).toEqual(['vitest-scenario/example', 'vitest-scenario/empty'])
    expect(read.get('vitest-scenario/example')?.rows.map((row) => row.name)).toEqual([
      'kept',
      'bogus',
    ])
    expect(read.get('vitest-scenario/empty')?.rows).toEqual([])
  })

  test('finds an export without a row and a row that is no export', () => {
    const rows = entrySections(page).get('vitest-scenario/example')?.rows ?? []
    expect(
      exportsDifference(
        rows.map((row) => row.name),
        ['kept', 'missing'],
      ),
    ).toEqual({ 'exports without a row': ['missing'], 'rows that are no export': ['bogus'] })
  })

  test('refuses a row whose first cell is not one name in a code span', () => {
    const bad = page.replace('| `kept` |', '| `kept()` |')
    expect(() => entrySections(bad)).toThrow(/is not \| `name` \| kind \| what it is \|/)
  })

  test("lists a built module's export names without running it", () => {
    const source = [
      "import { a } from './a.js'",
      'export const one = 1, two = 2',
      'export function three() {}',
      'export class Four {}',
      'export { a, a as five, a as default }',
      'export {}',
    ].join('\n')
    expect(moduleExportNames(source)).toEqual([
      'one',
      'two',
      'three',
      'Four',
      'a',
      'five',
      'default',
    ])
  })
})
