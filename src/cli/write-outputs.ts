// Writing the comparison's three files: each through a temporary file and a rename, so a reader
// (a CI step uploading the folder, a browser reloading) never sees a half-written one.
import { join, relative } from 'node:path'
import type { Comparison } from '../compare/comparison.js'
import { comparisonHtml } from '../compare/views/html.js'
import { comparisonMarkdown } from '../compare/views/markdown.js'
import { replaceFile } from '../recordings/index.js'
import { type CliResult, describeError, fail, ok } from './cli-failure.js'

/** The files `compare` writes into its output folder. */
export const OUTPUT_FILES = ['compare.json', 'compare.md', 'compare.html'] as const

/** Writes compare.json, compare.md and compare.html into `outDir`; returns their paths. */
export function writeOutputs(
  comparison: Comparison,
  outDir: string,
  cwd: string,
): CliResult<string[]> {
  const contents: Record<(typeof OUTPUT_FILES)[number], string> = {
    // One line: at 1,000 tests × 5 samples an indented file is 60 % larger and slower to write.
    'compare.json': `${JSON.stringify(comparison)}\n`,
    'compare.md': comparisonMarkdown(comparison),
    'compare.html': comparisonHtml(comparison),
  }
  const written: string[] = []
  for (const name of OUTPUT_FILES) {
    const path = join(outDir, name)
    try {
      replaceFile(path, contents[name])
    } catch (error) {
      return fail(
        2,
        `Could not write ${relative(cwd, path) || path}: ${describeError(error)}`,
        'Pass --out <dir> with a folder this process may write.',
      )
    }
    written.push(path)
  }
  return ok(written)
}
