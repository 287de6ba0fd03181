// The shell of every offline HTML page the library writes (the scenario report, the
// comparison): one document whose Content-Security-Policy allows its one inline script by hash,
// inline styles and nothing from the network, so an opened report can neither fetch nor run
// anything it did not bring.
import { createHash } from 'node:crypto'
import { escapeHtml as esc } from './html-escape.js'

/** What a page is made of. */
export interface OfflinePage {
  title: string
  style: string
  /** The page's only script; the policy allows it by its hash. */
  script: string
  body: readonly string[]
  /** Images from `data:` URLs (the report's inline graphs); nothing else is loaded. */
  dataImages?: boolean
}

/** The CSP source that allows `script` and no other script: `'sha256-…'`. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
}

/**
 * The whole document of an offline page.
 *
 * @example
 * offlinePage({ title: 'Scenario report', style: '', script: '', body: ['<main></main>'] })
 */
export function offlinePage(page: OfflinePage): string {
  const images = page.dataImages === true ? ' img-src data:;' : ''
  const csp = `default-src 'none'; style-src 'unsafe-inline';${images} script-src ${scriptHash(page.script)}`
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(page.title)}</title>`,
    `<style>${page.style}</style>`,
    '</head>',
    '<body>',
    ...page.body,
    `<script>${page.script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
