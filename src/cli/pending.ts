// A stand-in for the results report reader, with the signature the real one has; replaced by it
// once it is in.
import { readFileSync } from 'node:fs'
import type { ResultsReport } from '../results/results-report.js'

/** Reads a results report (stand-in). */
export function readResultsReport(path: string): ResultsReport {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as ResultsReport
  if (parsed.kind !== 'vitest-scenario.results') throw new Error(`${path} is no results report`)
  return parsed
}
