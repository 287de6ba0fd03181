/**
 * `text` cut to at most `limit` characters: at the last line break that leaves room for `note`,
 * then `note` on a line of its own. Text within the limit comes back as it is. GitHub refuses a
 * comment or a check output over its limit, so the review shows a cut one with the note saying
 * where the rest is, rather than none.
 */
export function fitToLimit(text: string, limit: number, note: string): string {
  if (text.length <= limit) return text
  const tail = `\n\n${note}`
  const room = Math.max(0, limit - tail.length)
  let cut = text.lastIndexOf('\n', room)
  // No line break in reach (one very long line): cut at the limit, never inside a surrogate pair.
  if (cut <= 0) {
    cut = room
    const code = text.charCodeAt(cut - 1)
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1
  }
  return `${text.slice(0, cut)}${tail}`.slice(0, limit)
}
