/** Lines above which the diff gives up on alignment and shows both sides whole. */
const MAX_LINES = 2000

/**
 * A unified-style line diff of two texts (`-` only in `before`, `+` only in `after`, two spaces
 * for common lines), from their longest common subsequence of lines.
 */
export function lineDiff(before: string, after: string): string {
  const a = before.split('\n')
  const b = after.split('\n')
  if (a.length * b.length > MAX_LINES * MAX_LINES) {
    return [...a.map((l) => `- ${l}`), ...b.map((l) => `+ ${l}`)].join('\n')
  }
  const lcs = lcsTable(a, b)
  const out: string[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(`  ${a[i]}`)
      i++
      j++
    } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) out.push(`- ${a[i++]}`)
    else out.push(`+ ${b[j++]}`)
  }
  while (i < a.length) out.push(`- ${a[i++]}`)
  while (j < b.length) out.push(`+ ${b[j++]}`)
  return out.join('\n')
}

/** How many lines two texts share in order: how close a recorded request is to a new one. */
export function commonLines(before: string, after: string): number {
  const a = before.split('\n')
  const b = after.split('\n')
  if (a.length * b.length > MAX_LINES * MAX_LINES) return 0
  return lcsTable(a, b)[0]?.[0] ?? 0
}

/** `table[i][j]` = length of the longest common subsequence of `a[i..]` and `b[j..]`. */
function lcsTable(a: readonly string[], b: readonly string[]): number[][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    const row = table[i] as number[]
    const below = table[i + 1] as number[]
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] =
        a[i] === b[j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number)
    }
  }
  return table
}
