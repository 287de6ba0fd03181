// Where a candidate's recordings are: `__recordings__/.candidates/<name>/` beside each test file
// (the default layout), and `<recordings.dir>/.candidates/<name>/` when the project sets
// `recordings.dir`. Each mirrors the baseline folder it sits in, file for file.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The folder of candidate recordings inside a baseline recordings folder. */
export const CANDIDATES_FOLDER = '.candidates'

/** The default recordings folder beside the test files. */
const RECORDINGS_FOLDER = '__recordings__'

/** A baseline recordings folder and the candidate folders inside it. */
export interface RecordingsRoot {
  /** The baseline's folder: `…/__recordings__` or the `recordings.dir`. */
  baseline: string
  /** The candidates found in its `.candidates/`, by name. */
  candidates: string[]
}

/**
 * Every recordings folder with a `.candidates/` folder: the `__recordings__` folders under `cwd`
 * (`node_modules` and dot-folders skipped: dependencies, version control, caches), and
 * `recordingsDir` when given.
 */
export function recordingsRoots(cwd: string, recordingsDir: string | undefined): RecordingsRoot[] {
  const baselines = new Set<string>()
  if (recordingsDir !== undefined) baselines.add(recordingsDir)
  const walk = (folder: string) => {
    for (const name of listFolder(folder)) {
      if (name === 'node_modules' || name.startsWith('.')) continue
      const path = join(folder, name)
      if (!isFolder(path)) continue
      if (name === RECORDINGS_FOLDER) baselines.add(path)
      walk(path)
    }
  }
  walk(cwd)
  return [...baselines]
    .sort()
    .map((baseline) => ({
      baseline,
      candidates: listFolder(join(baseline, CANDIDATES_FOLDER))
        .filter((name) => isFolder(join(baseline, CANDIDATES_FOLDER, name)))
        .sort(),
    }))
    .filter((root) => root.candidates.length > 0)
}

/** Every file under `folder`, as paths relative to it (`/`-separated), sorted. */
export function filesUnder(folder: string, prefix = ''): string[] {
  return listFolder(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name)
      const relative = prefix === '' ? name : `${prefix}/${name}`
      return isFolder(path) ? filesUnder(path, relative) : [relative]
    })
}

function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    return []
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
