import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './paths.js'

/**
 * The part of a Markdown page of the repository (`file`, relative to its root) under `heading`
 * (the whole heading line, e.g. `'## Quick start'`), up to the next heading of the same or a
 * higher level; the whole page when `heading` is left out. Tests read the docs' code blocks from
 * here, so the blocks they run are the ones a reader copies.
 */
export function docSection(file: string, heading?: string): string {
  const page = readFileSync(join(repoRoot, file), 'utf8')
  if (heading === undefined) return page
  const lines = page.split('\n')
  const start = lines.indexOf(heading)
  if (start === -1) throw new Error(`${file} has no heading '${heading}'`)
  const level = heading.indexOf(' ')
  let fenced = false
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index] ?? ''
    // A `#` line inside a code block (a shell comment, a transcript) is not a heading.
    if (/^```\w*$/.test(line)) fenced = !fenced
    if (fenced) continue
    const hashes = /^(#+) /.exec(line)?.[1]?.length
    if (hashes !== undefined && hashes <= level) return lines.slice(start, index).join('\n')
  }
  return lines.slice(start).join('\n')
}

/** The code blocks of `markdown` in `language` (e.g. `'ts'`), in order, without their fences. */
export function codeBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === language)
    .map((match) => match[2] ?? '')
}

/** A Markdown table line's cells, trimmed, split at pipes that are not escaped (`\|` stays in its cell). */
export function tableCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'))
}
