// Model answers and server error bodies are untrusted text. Written raw to a terminal, an escape
// sequence in them can clear the screen, retitle the window, hide text or plant a link (OSC 8);
// NUL and bidi overrides garble or disguise what is shown. Everything the library prints goes
// through `neutralizeControl`; Markdown and HTML reports drop them with `stripControl`.

// C0 controls except tab and newline, DEL, C1 controls, and the Unicode bidi overrides/isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
// The same, as a test (no global state).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
// A colour (SGR) sequence as the library's own matcher output writes it: harmless, kept.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts the sequence
const COLOUR = /\u001b\[[0-9;]*m/g

/**
 * `text` with every control character (except tab and newline) written as a visible escape:
 * ESC becomes `\x1b`, NUL `\x00`, a carriage return `\r`, a bidi override `\u202e`.
 *
 * @example
 * neutralizeControl('\x1b]0;pwned\x07ok') // '\\x1b]0;pwned\\x07ok'
 */
export function neutralizeControl(text: string): string {
  if (!HAS_CONTROL.test(text)) return text
  return text.replace(CONTROL, escapeControl)
}

/**
 * Like `neutralizeControl`, but keeps colour sequences (`ESC [ … m`): for a message the library
 * coloured itself, whose inserted texts were neutralized already.
 */
export function neutralizeControlKeepColours(text: string): string {
  if (!HAS_CONTROL.test(text)) return text
  let out = ''
  let last = 0
  for (const match of text.matchAll(COLOUR)) {
    out += neutralizeControl(text.slice(last, match.index)) + match[0]
    last = match.index + match[0].length
  }
  return out + neutralizeControl(text.slice(last))
}

/** `text` without control characters (tab and newline kept): for Markdown and HTML reports. */
export function stripControl(text: string): string {
  if (!HAS_CONTROL.test(text)) return text
  return text.replace(CONTROL, '')
}

function escapeControl(char: string): string {
  const code = char.charCodeAt(0)
  if (char === '\r') return '\\r'
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}
