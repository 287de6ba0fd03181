/**
 * Whether a failed import failed because the package `name` itself is not installed — not
 * because one of its own files or dependencies failed to load. Node says `Cannot find package
 * 'ai'` (`ERR_MODULE_NOT_FOUND`); Vite's resolver says it failed to resolve or load it. Either
 * names the package in quotes.
 */
export function isMissingPackage(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof message !== 'string') return false
  const names = message.includes(`'${name}'`) || message.includes(`"${name}"`)
  return (
    names &&
    (code === 'ERR_MODULE_NOT_FOUND' ||
      /cannot find (package|module)|failed to (resolve|load)/i.test(message))
  )
}
