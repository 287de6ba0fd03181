/**
 * Escapes text for HTML and SVG, in element content and in quoted attribute values alike.
 *
 * @example
 * escapeHtml('<script>alert("x")</script>') // '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
