import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { type Block, docPages, tsBlocks, where } from '../support/doc-blocks.js'
import { repoRoot, resultsDir } from '../support/paths.js'

// Every ```ts block of the README, CONTRIBUTING.md and docs/ is type-checked here, in a strict
// project that imports the built package by name, as a reader's project would. A block is a
// complete module unless an HTML comment right before it says otherwise (CONTRIBUTING.md,
// "Documentation"): `<!-- fragment -->`, `<!-- continues -->`, `<!-- excerpt: <file> -->`, and
// `<!-- file: <name>.ts -->` names a block that another block of the page imports. The parsing
// is test/support/doc-blocks.ts, shared with test/docs/run-blocks.test.ts.

/**
 * What a fragment may use without declaring it: a builder `s`, a validated `definition`, a test
 * body's `run`, a run's `result`, and Vitest's `expect`. Each is declared only when the fragment
 * does not declare or import it itself.
 */
const FRAGMENT_PRELUDE: [name: string, declaration: string][] = [
  ['s', 'declare const s: DocsPrelude.Scenario'],
  ['definition', 'declare const definition: DocsPrelude.ScenarioDefinition'],
  ['run', 'declare const run: () => Promise<DocsPrelude.ScenarioExecutionResult>'],
  ['result', 'declare const result: DocsPrelude.ScenarioExecutionResult'],
  ['expect', "import { expect } from 'vitest'"],
]

function prelude(code: string): string {
  const own = (name: string) =>
    new RegExp(`\\b(const|let|function) ${name}\\b|import \\{[^}]*\\b${name}\\b[^}]*\\}`).test(code)
  const lines = FRAGMENT_PRELUDE.filter(([name]) => !own(name)).map(([, line]) => line)
  return ["import type * as DocsPrelude from 'vitest-scenario'", ...lines].join('\n')
}

/** The module a block is checked as: its own code, after what it continues. */
function moduleText(block: Block, previous: string | undefined): string {
  if (block.marker?.kind === 'continues') {
    if (previous === undefined) throw new Error(`${where(block)}: continues no earlier block`)
    return `${previous}\n${block.code}`
  }
  if (block.marker?.kind === 'fragment') return `${prelude(block.code)}\n${block.code}`
  return block.code
}

const pages = docPages()
const blocks = pages.flatMap(tsBlocks)

describe('the code blocks of the docs', () => {
  test('there are pages and blocks to check (the walk finds them)', () => {
    expect(pages).toContain('README.md')
    expect(pages).toContain('docs/guide/recordings.md')
    expect(blocks.length).toBeGreaterThan(40)
  })

  test('every excerpt is still in the file it quotes', () => {
    const stale = blocks
      .filter((block) => block.marker?.kind === 'excerpt')
      .filter((block) => {
        const file = block.marker?.kind === 'excerpt' ? block.marker.file : ''
        return !readFileSync(join(repoRoot, file), 'utf8').includes(block.code)
      })
      .map((block) => `${where(block)} is not in its file any more`)
    expect(stale).toEqual([])
  })

  test('every other block type-checks in a strict project with the built package', () => {
    const folder = join(resultsDir, 'docs-blocks')
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(folder, { recursive: true })
    const files = new Map<string, Block>()
    let previous: string | undefined
    for (const [index, block] of blocks.entries()) {
      if (block.marker?.kind === 'excerpt') continue
      const text = moduleText(block, block.page === blocks[index - 1]?.page ? previous : undefined)
      previous = text
      // One folder per page, so a block can import a `file:` block of its page by name.
      const pageFolder = join(folder, block.page.replaceAll('/', '__'))
      mkdirSync(pageFolder, { recursive: true })
      const name =
        block.marker?.kind === 'file' ? block.marker.file : `${String(index).padStart(3, '0')}.ts`
      const file = join(pageFolder, name)
      // `export {}`: each block is a module of its own, even one without imports.
      writeFileSync(file, `${text}\nexport {}\n`)
      files.set(file, block)
    }
    const program = ts.createProgram([...files.keys()], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    })
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const block = diagnostic.file === undefined ? undefined : files.get(diagnostic.file.fileName)
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      if (block === undefined || diagnostic.file === undefined) return text
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
      return `${where(block)} (${relative(repoRoot, diagnostic.file.fileName)}:${line + 1}): ${text}`
    })
    expect(problems).toEqual([])
  }, 120_000)
})
