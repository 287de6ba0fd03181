// The calibration a report shows: the run's own judge verdicts against the labels files next to
// its test files (`__labels__/<test file>.labels.json`). A report is not a test, so a labels file
// that cannot be read is named in the section, never thrown.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ResultsTest } from '../results/results-report.js'
import type { Calibration } from './calibration.js'
import { calibrationOf } from './calibration-of.js'
import { labelsPathFor, readLabelsFile } from './labels-file.js'
import type { SourcedLabels } from './match-labels.js'

/** A run's calibration section: the statistics, the labels files read and those that failed. */
export interface RunCalibration {
  calibration: Calibration
  /** The labels files read, relative to the root. */
  files: string[]
  /** Why a labels file could not be read, one line each. */
  problems: string[]
}

/**
 * The calibration of `tests` (a run's entries) against the labels files of their test files,
 * paths under `root`; `undefined` when no test file has one.
 */
export function runCalibration(
  tests: readonly ResultsTest[],
  root: string,
): RunCalibration | undefined {
  const read: SourcedLabels[] = []
  const files: string[] = []
  const problems: string[] = []
  for (const file of new Set(tests.map((test) => test.file))) {
    const path = labelsPathFor(file)
    const absolute = resolve(root, path)
    if (!existsSync(absolute)) continue
    files.push(path)
    try {
      read.push({ source: path, content: readLabelsFile(absolute) })
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  if (files.length === 0) return undefined
  // Only the labels files of the run's own test files are read, so matchLabels cannot meet a
  // file the run did not run (unless a labels file names another test file than its own).
  try {
    return { calibration: calibrationOf(read, tests, 'this run'), files, problems }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error))
    return { calibration: calibrationOf([], tests, 'this run'), files, problems }
  }
}
