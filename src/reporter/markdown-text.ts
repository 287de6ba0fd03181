// Text made safe for Markdown: table cells and code spans that user and model text cannot break.
import { stripControl } from '../secrets/index.js'

/**
 * Text for Markdown: characters that would format, link or break a table cell are escaped,
 * HTML is written as entities, line breaks become spaces, and control characters (terminal
 * escapes, NUL, bidi overrides) are dropped.
 *
 * @example
 * markdownText('a | b <script>') // 'a \\| b &lt;script&gt;'
 */
export function markdownText(text: string): string {
  return stripControl(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|#~$]/g, (c) => `\\${c}`)
}

/** Text in a code span: one line, no control characters, backticks (which would end it) as `'`. */
export function codeSpan(text: string): string {
  return `\`${stripControl(text).replace(/\s+/g, ' ').trim().replace(/`/g, "'")}\``
}
