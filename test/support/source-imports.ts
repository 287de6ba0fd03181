import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** One relative import of a source file: who imports whom, both relative to the root. */
export interface SourceImport {
  /** The importing file, `/`-separated, relative to the root (`src/runner/run-turn.ts`). */
  from: string
  /** The imported file, resolved the same way (`src/models/judge.ts`). */
  to: string
}

/** Every `.ts` file under `folder` (declaration files left out), relative to `root`. */
export function sourceFiles(root: string, folder: string): string[] {
  const files: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        files.push(toPosix(relative(root, path)))
      }
    }
  }
  walk(join(root, folder))
  return files.sort()
}

/**
 * The relative imports of `file`: `import … from`, `export … from`, `import('…')` calls and
 * `import('…')` types, type-only ones included (a type from a higher layer drags its concept
 * down as surely as a value does). Read with the compiler's parser, so comments and strings that
 * merely look like imports are never taken for one. Bare specifiers (packages) are left out.
 */
export function relativeImports(root: string, file: string): SourceImport[] {
  const text = readFileSync(join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const specifiers: string[] = []
  const visit = (node: ts.Node): void => {
    const specifier = specifierOf(node)
    if (specifier !== undefined) specifiers.push(specifier)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
    .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
    .map((specifier) => ({ from: file, to: resolveSpecifier(root, file, specifier) }))
}

/** The module specifier `node` names, when it is an import or re-export of a module. */
function specifierOf(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
    const specifier = node.moduleSpecifier
    return specifier !== undefined && ts.isStringLiteral(specifier) ? specifier.text : undefined
  }
  if (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] !== undefined &&
    ts.isStringLiteralLike(node.arguments[0])
  ) {
    return node.arguments[0].text
  }
  if (ts.isImportTypeNode(node)) {
    const argument = node.argument
    if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
      return argument.literal.text
    }
  }
  return undefined
}

/**
 * The file a relative specifier names: NodeNext sources write `./x.js` for `./x.ts`; a folder
 * resolves to its `index.ts`. A specifier that names no source file is returned as written
 * (resolved), so the layer check reports it instead of dropping it.
 */
function resolveSpecifier(root: string, file: string, specifier: string): string {
  const target = resolve(root, dirname(file), specifier)
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    `${target}.ts`,
    join(target, 'index.ts'),
  ]
  const found = candidates.find((candidate) => existsSync(candidate) && candidate.endsWith('ts'))
  return toPosix(relative(root, found ?? target))
}

function toPosix(path: string): string {
  return path.split(sep).join('/')
}
