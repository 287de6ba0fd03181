// The folders and files the bin's tests run their commands on, all under test-results/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { resultsDir } from '../support/paths.js'

/** A fresh, empty project folder `test-results/<group>/<name>`. */
export function freshProject(group: string, name: string): string {
  const dir = join(resultsDir, group, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return dir
}

/** Writes `text` to `path`, making its folders. */
export function writeText(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}
