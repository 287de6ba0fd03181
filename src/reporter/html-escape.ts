import { stripControl } from '../secrets/index.js'

/**
 * Escapes text for HTML and SVG, in element content and in quoted attribute values alike.
 * Control characters (terminal escapes, NUL, bidi overrides that would disguise text) are dropped.
 *
 * @example
 * escapeHtml('<script>alert("x")</script>') // '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
 */
export function escapeHtml(text: string): string {
  return stripControl(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
