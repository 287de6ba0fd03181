// `compare`'s outputs, written by the comparison's own writer, its failure as the bin's.
import type { Comparison } from '../compare/comparison.js'
import { writeComparisonFiles } from '../compare/write-outputs.js'
import { type CliResult, ok } from './cli-failure.js'

/** Writes compare.json, compare.md and compare.html into `outDir`; returns their paths. */
export function writeOutputs(
  comparison: Comparison,
  outDir: string,
  cwd: string,
): CliResult<string[]> {
  const written = writeComparisonFiles(comparison, outDir, cwd)
  return written.ok
    ? ok(written.paths)
    : { ok: false, failure: { code: 2, message: written.message } }
}
