// @ts-check
// The summary table that ends `npm run bench`: one row per target of the replay and heap
// benchmarks, each with its measured figure, the reference it is measured against, the target
// and the verdict. The replay benchmark prints its rows and saves them; the heap benchmark, the
// last step of `npm run bench`, prints its own row under the saved ones, so the run ends with
// every row in one table.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const saved = join(fileURLToPath(new URL('..', import.meta.url)), 'test-results/bench-summary.json')

/**
 * @typedef {object} Row
 * @property {string} what the figure and the configuration it was measured in
 * @property {string} measured
 * @property {string} reference what the figure is measured against
 * @property {string} target
 * @property {boolean | null} met no target: null
 */

/** @param {Row[]} rows */
export function printSummary(rows) {
  const header = ['what', 'measured', 'reference', 'target', 'verdict']
  const cells = rows.map((r) => [r.what, r.measured, r.reference, r.target, verdict(r.met)])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)))
  /** @param {string[]} line */
  const format = (line) =>
    line
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(`\nSummary\n${format(header)}`)
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const line of cells) console.log(format(line))
}

/** @param {boolean | null} met @returns {string} `—` for a figure that has no target */
export const verdict = (met) => (met === null ? '—' : met ? 'MET' : 'NOT MET')

/**
 * Saves the replay benchmark's rows for the heap benchmark to print with its own.
 * @param {Row[]} rows
 */
export function saveRows(rows) {
  mkdirSync(dirname(saved), { recursive: true })
  writeFileSync(saved, JSON.stringify({ at: new Date().toISOString(), rows }, null, 2))
}

/**
 * The rows the replay benchmark saved, and when (none if it has not run in this folder).
 * @returns {{ at: string, rows: Row[] } | undefined}
 */
export function savedRows() {
  if (!existsSync(saved)) return undefined
  return JSON.parse(readFileSync(saved, 'utf8'))
}
