// Reads the API reference (docs/reference/api.md) and the package's entry points, so a test can
// hold the two against each other: the names each entry's section lists, the names the entry's
// declaration file exports (types included), and the names its built module exports.
import ts from 'typescript'
import { tableCells } from './docs.js'
import { declarationProgram } from './public-types.js'

/** The header of an exports table. */
export const EXPORTS_TABLE_HEADER = ['export', 'kind', 'what it is'] as const

/** The kinds a row may give: what exists at run time, then what exists only in TypeScript. */
export const RUNTIME_KINDS = ['function', 'class', 'constant'] as const
export const TYPE_KINDS = ['interface', 'type'] as const

/** One row of an exports table, its cells as written (code spans keep their backticks). */
export interface ExportRow {
  /** The exported name, from the first cell's code span. */
  readonly name: string
  readonly kind: string
  readonly description: string
  /** The row's line on the page (1-based), for messages. */
  readonly line: number
}

/** The section of one entry point: a `##` heading that is the entry's specifier in a code span. */
export interface EntrySection {
  /** The specifier, e.g. `vitest-scenario/core`. */
  readonly entry: string
  /** The rows of every exports table under the heading, up to the next `##` heading. */
  readonly rows: readonly ExportRow[]
}

/**
 * The entry sections of the page, by specifier: each `## \`vitest-scenario…\`` heading and the
 * rows of the exports tables (`| export | kind | what it is |`) under it, its `###` topics
 * included. A section without a table documents no export. Throws on a row that is not
 * `` | `name` | kind | what it is | `` and on an entry with two sections.
 */
export function entrySections(markdown: string): Map<string, EntrySection> {
  const sections = new Map<string, { entry: string; rows: ExportRow[] }>()
  let current: { entry: string; rows: ExportRow[] } | undefined
  let fenced = false
  let table: { isExports: boolean; seenSeparator: boolean } | undefined
  for (const [index, line] of markdown.split('\n').entries()) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^(#{1,6}) (.*)$/.exec(line)
    if (heading !== null && (heading[1] ?? '').length <= 2) {
      const entry = /^`(vitest-scenario[^`]*)`$/.exec((heading[2] ?? '').trim())?.[1]
      current = undefined
      if (entry !== undefined) {
        if (sections.has(entry)) throw new Error(`The page has two sections for ${entry}`)
        current = { entry, rows: [] }
        sections.set(entry, current)
      }
    }
    if (!line.startsWith('|')) {
      table = undefined
      continue
    }
    const cells = tableCells(line)
    if (table === undefined) {
      table = {
        isExports: JSON.stringify(cells) === JSON.stringify(EXPORTS_TABLE_HEADER),
        seenSeparator: false,
      }
      continue
    }
    if (!table.isExports || current === undefined) continue
    if (!table.seenSeparator) {
      if (!cells.every((cell) => /^:?-{3,}:?$/.test(cell))) {
        throw new Error(`${lineRef(index)}: an exports table without a separator row`)
      }
      table.seenSeparator = true
      continue
    }
    const [first = '', kind = '', description = ''] = cells
    const name = /^`([A-Za-z_$][\w$]*)`$/.exec(first)?.[1]
    if (cells.length !== 3 || name === undefined) {
      throw new Error(
        `${lineRef(index)}: a row of the exports table of ${current.entry} is not | \`name\` | kind | what it is |: ${line}`,
      )
    }
    current.rows.push({ name, kind, description, line: index + 1 })
  }
  return sections
}

function lineRef(index: number): string {
  return `line ${index + 1}`
}

/**
 * The entries the page's "Entry points" table lists (`| import | what it holds |`), in order:
 * the first code span of each row's first cell (plain, or the text of a link).
 */
export function entryPointsTable(markdown: string): string[] {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => /^\|\s*import\s*\|\s*what it holds\s*\|$/.test(line))
  if (start === -1) throw new Error('The page has no | import | what it holds | table')
  const entries: string[] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    const entry = /`([^`]+)`/.exec(tableCells(line)[0] ?? '')?.[1]
    if (entry === undefined) throw new Error(`An entry points row names no entry: ${line}`)
    entries.push(entry)
  }
  return entries
}

/** What a declaration file says of one of its exports. */
export interface DeclaredExport {
  /** It exists at run time (a value, a function, a class), as far as the declaration says. */
  readonly value: boolean
  readonly class: boolean
  readonly function: boolean
  readonly interface: boolean
}

/**
 * The exports of each declaration file (every name, types included), read with the TypeScript
 * compiler as a user's `moduleResolution: "NodeNext"` project reads them: `export *` and
 * re-exports resolved, each name's flags from the symbol it stands for.
 */
export function declaredExports(
  files: readonly string[],
): Map<string, Map<string, DeclaredExport>> {
  const program = declarationProgram(files)
  const checker = program.getTypeChecker()
  const found = new Map<string, Map<string, DeclaredExport>>()
  for (const file of files) {
    const source = program.getSourceFile(file)
    if (source === undefined) throw new Error(`No declaration file at ${file}`)
    const names = new Map<string, DeclaredExport>()
    // A file with no import or export statement is no module: it exports nothing.
    const module = checker.getSymbolAtLocation(source)
    for (const symbol of module === undefined ? [] : checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      const flags = target.flags
      names.set(symbol.getName(), {
        value: (flags & ts.SymbolFlags.Value) !== 0,
        class: (flags & ts.SymbolFlags.Class) !== 0,
        function: (flags & ts.SymbolFlags.Function) !== 0,
        interface: (flags & ts.SymbolFlags.Interface) !== 0,
      })
    }
    found.set(file, names)
  }
  return found
}

/**
 * The names an ES module's `export` statements give (`export { a, b as c }`, `export const`,
 * `export function`, `export class`, `export default`), read from its source without running
 * it: for an entry that loads only inside a runner's test environment. `export *` is refused,
 * since its names are another module's.
 */
export function moduleExportNames(source: string): string[] {
  const file = ts.createSourceFile('module.js', source, ts.ScriptTarget.ES2023, false)
  const names: string[] = []
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  const isDefault = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause
      if (clause === undefined || !ts.isNamedExports(clause)) {
        throw new Error('moduleExportNames() cannot list the names of `export *`')
      }
      for (const element of clause.elements) names.push(element.name.text)
    } else if (ts.isExportAssignment(statement)) {
      names.push('default')
    } else if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text)
      }
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      exported(statement)
    ) {
      names.push(isDefault(statement) ? 'default' : (statement.name?.text ?? 'default'))
    }
  }
  return names
}

/** What the page lists that the entry does not export, and the other way round. */
export function exportsDifference(documented: Iterable<string>, actual: Iterable<string>) {
  const doc = new Set(documented)
  const real = new Set(actual)
  return {
    'exports without a row': [...real].filter((name) => !doc.has(name)).sort(),
    'rows that are no export': [...doc].filter((name) => !real.has(name)).sort(),
  }
}

/** The names listed more than once in one section. */
export function duplicateRows(rows: readonly ExportRow[]): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const { name } of rows) {
    if (seen.has(name)) twice.add(name)
    seen.add(name)
  }
  return [...twice].sort()
}

/** The header of the root section's table of names it shares with `vitest-scenario/core`. */
export const ENGINE_TABLE_HEADER = ['topic in `vitest-scenario/core`', 'runtime names', 'types']

/** The names a table lists in its code spans, by column. */
export interface EngineNames {
  /** The runtime names (second column). */
  readonly runtime: readonly string[]
  /** The type-only names (third column). */
  readonly types: readonly string[]
}

/**
 * The root section's "From the engine" table (`| topic in \`vitest-scenario/core\` | runtime
 * names | types |`): the names `vitest-scenario` exports as `vitest-scenario/core` does, listed by
 * topic rather than one row each (the core's section describes them). Throws when the page has
 * no such table.
 */
export function engineTable(markdown: string): EngineNames {
  const lines = markdown.split('\n')
  const start = lines.findIndex(
    (line) =>
      line.startsWith('|') &&
      JSON.stringify(tableCells(line)) === JSON.stringify(ENGINE_TABLE_HEADER),
  )
  if (start === -1) throw new Error(`The page has no | ${ENGINE_TABLE_HEADER.join(' | ')} | table`)
  const spans = (cell: string) => [...cell.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1] ?? '')
  const runtime: string[] = []
  const types: string[] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    const [, values = '', typeNames = ''] = tableCells(line)
    runtime.push(...spans(values))
    types.push(...spans(typeNames))
  }
  return { runtime, types }
}

/** The migration table (`| name | import it from |`): each name and the entries it names. */
export function migrationTable(markdown: string): Map<string, string[]> {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => /^\|\s*name\s*\|\s*import it from\s*\|$/.test(line))
  if (start === -1) throw new Error('The page has no | name | import it from | table')
  const rows = new Map<string, string[]>()
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    const [name = '', entries = ''] = tableCells(line)
    const key = /^`([A-Za-z_$][\w$]*)`$/.exec(name)?.[1]
    if (key === undefined) throw new Error(`A migration row names no export: ${line}`)
    if (rows.has(key)) throw new Error(`The migration table lists ${key} twice`)
    rows.set(
      key,
      [...entries.matchAll(/`(vitest-scenario[^`]*)`/g)].map((m) => m[1] ?? ''),
    )
  }
  return rows
}
