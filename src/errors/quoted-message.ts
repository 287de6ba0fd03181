// Imports nothing, so the value describer (which every message part goes through) can use it too.

/** The mark every library error carries (`ScenarioError`), registered: any copy of the package. */
const brand = Symbol.for('vitest-scenario.error')

/**
 * The message of what was thrown, to quote inside another text (another error's message, a
 * diagnostic, what a tool reports to the model): a library error's `text` (its message without
 * the docs line: the quoting text names its own docs, and the error kept as a cause still has
 * its `docs`), any other Error's `message`; `undefined` for anything else.
 *
 * @example
 * quotedMessage(new TurnTimeoutError(…)) // '[vitest-scenario] No answer within 50 ms…' (no Docs: line)
 * quotedMessage(new TypeError('boom')) // 'boom'
 */
export function quotedMessage(thrown: unknown): string | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined
  if (brand in thrown) {
    const { text } = thrown as { text?: unknown }
    if (typeof text === 'string') return text
  }
  if (!(thrown instanceof Error)) return undefined
  const { message } = thrown
  return typeof message === 'string' ? message : undefined
}
