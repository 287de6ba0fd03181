// What `calibrateJudge` and `toAgreeWithLabels` take as labels: a labels file's path, a folder of
// them, a labels file's parsed content, or a list of those — read into labels files that each say
// where they came from, so a message can name the one that is wrong.
import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { type LabelsFile, parseLabels, readLabelsFile } from './labels-file.js'
import type { SourcedLabels } from './match-labels.js'

/** Labels as `calibrateJudge` takes them: a path (file or folder), parsed content, or a list. */
export type LabelsInput = string | LabelsFile | readonly (string | LabelsFile)[]

const SUFFIX = '.labels.json'

/** Reads `input` (paths relative to `root`) into labels files, in a stable order. */
export function readLabelsInput(input: unknown, root: string, where: string): SourcedLabels[] {
  const items: readonly unknown[] = Array.isArray(input) ? input : [input]
  const read: SourcedLabels[] = []
  for (const [i, item] of items.entries()) {
    const at = Array.isArray(input) ? `${where}[${i}]` : where
    if (typeof item === 'string') read.push(...readPath(item, root, at))
    else if (typeof item === 'object' && item !== null) {
      read.push({ source: '(content)', content: parseLabels(item, at) })
    } else {
      throw new InvalidArgumentError(
        `${at} must be a labels file's path, a folder of labels files or a labels file's content, got ${describeValue(item)}`,
        "Pass e.g. 'test/__labels__/refunds.test.ts.labels.json', 'test' (every *.labels.json under it) or the parsed JSON.",
      )
    }
  }
  return read
}

function readPath(path: string, root: string, where: string): SourcedLabels[] {
  if (path.trim() === '') {
    throw new InvalidArgumentError(
      `${where} is an empty path`,
      "Pass a labels file's path or a folder, e.g. 'test'.",
    )
  }
  const absolute = resolve(root, path)
  let folder: boolean
  try {
    folder = statSync(absolute).isDirectory()
  } catch {
    throw new InvalidArgumentError(
      `${where}: there is no labels file or folder ${JSON.stringify(path)} (looked for ${absolute})`,
      'Label the last run first (npx vitest-scenario label), or give the path of a labels file that exists.',
    )
  }
  if (!folder) return [{ source: shown(absolute, root), content: readLabelsFile(absolute) }]
  const found = labelsFilesUnder(absolute)
  if (found.length === 0) {
    throw new InvalidArgumentError(
      `${where}: the folder ${JSON.stringify(path)} holds no *${SUFFIX} file`,
      'Label the last run first (npx vitest-scenario label), or point at the folder that holds the __labels__ folders.',
    )
  }
  return found.map((file) => ({ source: shown(file, root), content: readLabelsFile(file) }))
}

/** Every `*.labels.json` under `folder`, recursively, sorted; `node_modules` is skipped. */
export function labelsFilesUnder(folder: string): string[] {
  const found: string[] = []
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )
  for (const entry of entries) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '.git')
        found.push(...labelsFilesUnder(path))
    } else if (entry.isFile() && entry.name.endsWith(SUFFIX)) found.push(path)
  }
  return found
}

/** A path as messages show it: relative to the root with `/`, or absolute outside it. */
export function shown(path: string, root: string): string {
  const inside = relative(root, path)
  return inside.startsWith('..') ? path : inside.split(sep).join('/')
}
