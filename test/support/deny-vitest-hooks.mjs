// Module-resolution hooks for a plain `node` process: any attempt to resolve `vitest`, a
// `vitest/...` subpath or an `@vitest/...` package fails the import with the importing file named.
const forbidden = /^(?:vitest|@vitest\/[^/]+)(?:\/.*)?$/

export async function resolve(specifier, context, nextResolve) {
  if (forbidden.test(specifier)) {
    throw new Error(`[vitest-free] '${specifier}' imported by ${context.parentURL ?? '(entry)'}`)
  }
  return nextResolve(specifier, context)
}
