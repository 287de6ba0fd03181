/**
 * The URL of the `rel="next"` entry of a `Link` header (`<url>; rel="next", <url>; rel="last"`),
 * or `undefined` when there is none: the last page.
 */
export function nextLink(header: string | null): string | undefined {
  if (header === null) return undefined
  for (const entry of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(entry)
    if (match === null) continue
    const rels = /\brel\s*=\s*"?([^";]*)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? []
    if (rels.includes('next')) return match[1]
  }
  return undefined
}
