// Saving a labelling session: the labels given are grouped by test file, merged into each test
// file's labels file (a re-label replaces the label with the same key; every other label, stale
// ones included, is kept as it was) and written atomically, so a killed save leaves the old file.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import {
  LABELS_KIND,
  LABELS_VERSION,
  type Label,
  type LabelsFile,
  labelsPathFor,
  readLabelsFile,
  sameLabelKey,
  writeLabelsFile,
} from '../calibration/labels-file.js'

/** A label given in the session, with the test file it belongs to. */
export interface GivenLabel {
  /** The test file, relative to the project root, as the report writes it. */
  file: string
  label: Label
}

/** One labels file written: where, how many labels of the session went in, how many it holds. */
export interface SavedLabels {
  /** The labels file's path, relative to the project root. */
  path: string
  saved: number
  total: number
}

/**
 * Merges `given` into `existing` (the file's labels before the session, or undefined when it has
 * none yet): a label with the same key as a given one is replaced, the others are kept.
 */
export function mergeLabels(
  file: string,
  existing: LabelsFile | undefined,
  given: readonly Label[],
): LabelsFile {
  const kept = (existing?.labels ?? []).filter(
    (label) => !given.some((mine) => sameLabelKey(label, mine)),
  )
  // A key given twice in one session (a later re-label): the last one counts.
  const latest = given.filter(
    (label, i) => !given.slice(i + 1).some((later) => sameLabelKey(label, later)),
  )
  return { kind: LABELS_KIND, version: LABELS_VERSION, file, labels: [...kept, ...latest] }
}

/**
 * Writes the session's labels into each test file's labels file under `root` (read again now,
 * so labels saved meanwhile by another session are kept). Throws the labels files' own
 * `InvalidArgumentError` when one cannot be read or written.
 */
export function saveLabels(root: string, given: readonly GivenLabel[]): SavedLabels[] {
  const files = [...new Set(given.map((one) => one.file))].sort()
  return files.map((file) => {
    const path = labelsPathFor(file)
    const absolute = join(root, path)
    const existing = existsSync(absolute) ? readLabelsFile(absolute) : undefined
    const mine = given.filter((one) => one.file === file).map((one) => one.label)
    const merged = mergeLabels(file.replaceAll('\\', '/'), existing, mine)
    writeLabelsFile(absolute, merged)
    return { path: path.replaceAll('\\', '/'), saved: mine.length, total: merged.labels.length }
  })
}
