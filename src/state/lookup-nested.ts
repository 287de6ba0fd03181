const hasOwn = Object.prototype.hasOwnProperty

/**
 * Looks up a dot path inside a value: at each level the whole
 * remaining path is tried as a key first, then the prefixes split at each dot from the left, in
 * turn, until one resolves to a value other than `undefined`. Missing keys give `undefined`.
 *
 * @example
 * lookupNested({ a: { b: 1 }, 'a.b': 2 }, 'a.b') // 2 (the literal key wins)
 * lookupNested({ a: { b: 1 } }, 'a.b') // 1
 */
export function lookupNested(value: unknown, path: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  if (hasOwn.call(record, path) && record[path] !== undefined) return record[path]
  let dot = path.indexOf('.')
  while (dot !== -1) {
    const head = path.slice(0, dot)
    if (hasOwn.call(record, head)) {
      const found = lookupNested(record[head], path.slice(dot + 1))
      if (found !== undefined) return found
    }
    dot = path.indexOf('.', dot + 1)
  }
  return undefined
}
