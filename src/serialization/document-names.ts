// The callable names a loaded document gave, kept per definition, so that writing the definition
// again gives the same document even when a callable was resolved to a function with another name.

const namesByDefinition = new WeakMap<object, ReadonlyMap<string, string>>()

/** Records the names a document gave its callables (location → name) for a loaded definition. */
export function rememberDocumentNames(
  definition: object,
  names: ReadonlyMap<string, string>,
): void {
  namesByDefinition.set(definition, names)
}

/** The callable names recorded for a definition loaded from a document, if any. */
export function documentNamesOf(definition: object): ReadonlyMap<string, string> | undefined {
  return namesByDefinition.get(definition)
}
