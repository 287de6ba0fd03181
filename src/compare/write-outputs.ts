// Writing the comparison's three files: each through a temporary file and a rename, so a reader
// (a CI step uploading the folder, a browser reloading) never sees a half-written one. Shared by
// `vitest-scenario compare` and the GitHub review.
import { join, relative } from 'node:path'
import { formatMessage } from '../errors/index.js'
import { replaceFile } from '../recordings/index.js'
import type { Comparison } from './comparison.js'
import { comparisonHtml } from './views/html.js'
import { comparisonMarkdown } from './views/markdown.js'

/** The files a comparison is written as, in its output folder. */
export const OUTPUT_FILES = ['compare.json', 'compare.md', 'compare.html'] as const

/** The paths written, or the message saying which file could not be and what to do. */
export type WriteOutputsResult = { ok: true; paths: string[] } | { ok: false; message: string }

/**
 * Writes compare.json, compare.md and compare.html into `outDir`; paths in the message are
 * relative to `cwd`.
 *
 * @example
 * const written = writeComparisonFiles(comparison, 'test-results', process.cwd())
 * if (!written.ok) console.error(written.message)
 */
export function writeComparisonFiles(
  comparison: Comparison,
  outDir: string,
  cwd: string,
): WriteOutputsResult {
  const contents: Record<(typeof OUTPUT_FILES)[number], string> = {
    // One line: at 1,000 tests × 5 samples an indented file is 60 % larger and slower to write.
    'compare.json': `${JSON.stringify(comparison)}\n`,
    'compare.md': comparisonMarkdown(comparison),
    'compare.html': comparisonHtml(comparison),
  }
  const paths: string[] = []
  for (const name of OUTPUT_FILES) {
    const path = join(outDir, name)
    try {
      replaceFile(path, contents[name])
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason = error instanceof Error ? error.message : String(error)
      return {
        ok: false,
        message: formatMessage({
          what: `Could not write ${relative(cwd, path) || path}: ${code === undefined ? reason : `${code}: ${reason}`}`,
          fix: 'Pass --out <dir> with a folder this process may write.',
        }),
      }
    }
    paths.push(path)
  }
  return { ok: true, paths }
}
