/**
 * Splits text into pieces of at most `size` code points (never inside a surrogate pair): the
 * deltas of a streamed answer, whichever protocol frames them.
 */
export function splitText(text: string, size: number): string[] {
  const points = Array.from(text)
  const pieces: string[] = []
  const step = Math.max(1, Math.floor(size))
  for (let start = 0; start < points.length; start += step) {
    pieces.push(points.slice(start, start + step).join(''))
  }
  return pieces
}
