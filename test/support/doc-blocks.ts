import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './paths.js'

// The ```ts blocks of the README, CONTRIBUTING.md and docs/, with the marker comments that say
// what each one is (CONTRIBUTING.md, "Documentation"): a block is a complete module unless an
// HTML comment right before it says otherwise — `<!-- fragment -->`, `<!-- continues -->`,
// `<!-- excerpt: <file> -->`, and `<!-- file: <name>.ts -->` names a block that another block of
// the page imports. test/docs/code-blocks.test.ts type-checks them all;
// test/docs/run-blocks.test.ts runs the ones that are complete test files.

/** The marker comment right before a block's fence, if any. */
export type BlockMarker =
  | { kind: 'fragment' | 'continues' }
  | { kind: 'excerpt' | 'file'; file: string }
  | undefined

/** A ```ts block and where it is. */
export interface Block {
  /** The page, relative to the repository root. */
  page: string
  /** The line of the opening fence (1-based). */
  line: number
  /** The heading line the block is under (`'## Quick start'`); `''` before the first heading. */
  heading: string
  /**
   * Which ```ts block of its section it is (1-based), as `codeBlocks(docSection(page, heading),
   * 'ts')` counts them.
   */
  ordinal: number
  code: string
  marker: BlockMarker
}

/** The Markdown pages whose blocks are checked: the README, CONTRIBUTING.md and docs/**. */
export function docPages(): string[] {
  const pages = ['README.md', 'CONTRIBUTING.md']
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(repoRoot, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) pages.push(path)
    }
  }
  walk('docs')
  return pages.sort()
}

/** The ```ts blocks of a page, with their markers and sections. */
export function tsBlocks(page: string): Block[] {
  const lines = readFileSync(join(repoRoot, page), 'utf8').split('\n')
  const blocks: Block[] = []
  let heading = ''
  let ordinal = 0
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] ?? ''
    if (/^#+ /.test(text)) {
      heading = text
      ordinal = 0
      continue
    }
    const fence = /^```(\w*)$/.exec(text)
    if (fence === null) continue
    const end = lines.indexOf('```', index + 1)
    if (end === -1) throw new Error(`${page}:${index + 1}: a code block is never closed`)
    if (fence[1] === 'ts') {
      ordinal++
      blocks.push({
        page,
        line: index + 1,
        heading,
        ordinal,
        code: lines.slice(index + 1, end).join('\n'),
        marker: markerBefore(lines, index),
      })
    }
    index = end
  }
  return blocks
}

/** Every ```ts block of every page of `docPages()`, page by page, in order. */
export function allDocBlocks(): Block[] {
  return docPages().flatMap(tsBlocks)
}

function markerBefore(lines: string[], fence: number): BlockMarker {
  let before = fence - 1
  while (before >= 0 && (lines[before] ?? '').trim() === '') before--
  const comment = /^<!-- (fragment|continues|(excerpt|file): (\S+)) -->$/.exec(lines[before] ?? '')
  if (comment === null) return undefined
  const [, kind = '', named, file = ''] = comment
  if (named === 'excerpt' || named === 'file') return { kind: named, file }
  return { kind: kind === 'fragment' ? 'fragment' : 'continues' }
}

/** `page:line`, for messages. */
export function where(block: Block): string {
  return `${block.page}:${block.line}`
}

/**
 * A block's name that survives edits around it: its page, its section's heading and which ```ts
 * block of the section it is, e.g. `README.md › ## Quick start › 2`.
 */
export function blockId(block: Block): string {
  return `${block.page} › ${block.heading} › ${block.ordinal}`
}

/**
 * Whether a block is a complete test file a reader can save and run: a module of its own (no
 * `fragment`, `continues` or `excerpt` marker) that imports the package (`vitest-scenario` or one
 * of its entry points) and declares a test at its top level — a line that starts with
 * `scenario(`, `scenario.each(`, `test(`, `it(`, `describe(` or one of their modifiers
 * (`test.skip(`, `scenario.concurrent(`, … and `` .each` `` tables).
 */
export function isCompleteTestFile(block: Block): boolean {
  if (block.marker !== undefined && block.marker.kind !== 'file') return false
  const importsPackage = /^import [^;]* from 'vitest-scenario(\/[\w/-]+)?'$/m.test(block.code)
  const declaresTest = /^(scenario|test|it|describe)(\.\w+)*\s*[(`]/m.test(block.code)
  return importsPackage && declaresTest
}
