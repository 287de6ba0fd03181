import { join, resolve } from 'node:path'
import ts from 'typescript'

/** A type that a public declaration uses but no entry point exports. */
export interface UnexportedType {
  /** The type's name as declared. */
  name: string
  /** The declaration file it lives in, relative to the package root. */
  file: string
  /** The exported names whose declarations use it (at most a few). */
  usedBy: string[]
}

/**
 * A TypeScript program over declaration files, resolved as a user's `moduleResolution:
 * "NodeNext"` project resolves the package.
 */
export function declarationProgram(files: readonly string[]): ts.Program {
  return ts.createProgram([...files], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    skipLibCheck: true,
    noEmit: true,
  })
}

/** Options of `findUnexportedTypes`. */
export interface UnexportedTypesOptions {
  /**
   * Entries (declaration files relative to the package root) whose exports count as importable,
   * though their declarations are not walked: for checking one entry alone, with the topics it
   * leaves to other entries (a curated root whose documents are in a serialization entry).
   */
  readonly elsewhere?: readonly string[]
}

/**
 * Finds the types that appear in the declarations of a package's public API — parameters,
 * return types, properties, heritage clauses, type arguments, type aliases — but cannot be
 * imported from any of its entry points. It reads the emitted declaration files (`.d.ts`), where
 * every inferred type is written out, so a return type the source left implicit is checked too.
 *
 * @param packageRoot The folder with the built `.d.ts` files.
 * @param entries The entry points' declaration files, relative to `packageRoot`.
 */
export function findUnexportedTypes(
  packageRoot: string,
  entries: readonly string[],
  options: UnexportedTypesOptions = {},
): UnexportedType[] {
  const root = resolve(packageRoot)
  const files = entries.map((entry) => join(root, entry))
  const elsewhere = (options.elsewhere ?? []).map((entry) => join(root, entry))
  const program = declarationProgram([...files, ...elsewhere])
  const checker = program.getTypeChecker()
  const inPackage = (node: ts.Node) => {
    const file = node.getSourceFile().fileName
    return file.startsWith(`${root}/`) && !file.includes('/node_modules/')
  }
  const resolveAlias = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol

  const exportsOf = (file: string): ts.Symbol[] => {
    const source = program.getSourceFile(file)
    if (source === undefined) throw new Error(`entry not found: ${file}`)
    const moduleSymbol = checker.getSymbolAtLocation(source)
    return moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol)
  }
  const exported = new Map<ts.Symbol, string>()
  for (const file of files) {
    for (const symbol of exportsOf(file)) exported.set(resolveAlias(symbol), symbol.getName())
  }
  // Importable from another entry: no finding, and not walked (that entry's own check walks it).
  const homed = new Set(elsewhere.flatMap((file) => exportsOf(file).map(resolveAlias)))

  const missing = new Map<ts.Symbol, UnexportedType>()
  const visit = (node: ts.Node, owner: string): void => {
    // Private members carry no type in a declaration file; `#private` none at all.
    if (isPrivateMember(node)) return
    let name: ts.Node | undefined
    if (ts.isTypeReferenceNode(node)) name = node.typeName
    else if (ts.isExpressionWithTypeArguments(node)) name = node.expression
    else if (ts.isImportTypeNode(node)) name = node.qualifier
    // `typeof value` (a type computed from a schema or a constant) names no type a user needs to
    // import: the exported type it helps compute is what they use.
    else if (ts.isTypeQueryNode(node)) return
    if (name !== undefined) {
      const target = ts.isQualifiedName(name) ? name.right : name
      const found = checker.getSymbolAtLocation(target)
      if (found !== undefined) {
        const symbol = resolveAlias(found)
        const declaration = symbol.declarations?.[0]
        if (
          declaration !== undefined &&
          inPackage(declaration) &&
          !ts.isTypeParameterDeclaration(declaration) &&
          !exported.has(symbol) &&
          !homed.has(symbol)
        ) {
          const entry = missing.get(symbol) ?? {
            name: symbol.getName(),
            file: declaration.getSourceFile().fileName.slice(root.length + 1),
            usedBy: [],
          }
          if (entry.usedBy.length < 3 && !entry.usedBy.includes(owner)) entry.usedBy.push(owner)
          missing.set(symbol, entry)
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, owner))
  }
  for (const [symbol, name] of exported) {
    for (const declaration of symbol.declarations ?? []) {
      if (inPackage(declaration)) visit(declaration, name)
    }
  }
  return [...missing.values()].sort((a, b) => a.name.localeCompare(b.name))
}

function isPrivateMember(node: ts.Node): boolean {
  if (!ts.canHaveModifiers(node)) return false
  if (ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) return true
  const name = (node as { name?: ts.Node }).name
  return name !== undefined && ts.isPrivateIdentifier(name)
}

/**
 * The declaration files of a package's entry points, read from its `package.json` `exports`
 * (every subpath with a `types` condition).
 */
export function entryDeclarations(packageJson: {
  exports: Record<string, string | { types?: string }>
}): string[] {
  return Object.values(packageJson.exports).flatMap((target) =>
    typeof target === 'object' && target.types !== undefined ? [target.types] : [],
  )
}
