/**
 * JSON text parsed; any other text as it is. Tool arguments and tool results travel as text in
 * chat messages, but a tool may answer in prose (and a model may send arguments that are not
 * JSON): the turn record keeps what was sent either way.
 */
export function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
