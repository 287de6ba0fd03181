import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli } from '../cli/cli-context.js'
import { docPages } from '../support/doc-blocks.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { resultsDir } from '../support/paths.js'

// Every `npx vitest-scenario …` command in a ```sh block of the README and docs/ is one the bin
// takes: run in an empty folder, it may find no report or no recordings, but never rejects its
// command or a flag. What the commands do on a real project is test/compare/compare-e2e.test.ts.

/** The bin's command lines of the docs, by page: the arguments after `npx vitest-scenario`. */
function commands(): { page: string; line: string; args: string[] }[] {
  return docPages().flatMap((page) =>
    codeBlocks(docSection(page), 'sh')
      .flatMap((block) => block.split('\n'))
      .flatMap((line) => {
        const at = line.indexOf('npx vitest-scenario ')
        if (at === -1) return []
        const command = line.slice(at + 'npx vitest-scenario '.length).replace(/\s+#.*$/, '')
        return [{ page, line: line.trim(), args: command.trim().split(/\s+/) }]
      }),
  )
}

describe('the bin commands of the docs', () => {
  const found = commands()

  test('the comparing guide and the recipe show compare and promote', () => {
    const pages = new Set(found.map((c) => c.page))
    expect(pages).toEqual(new Set(['docs/guide/comparing.md', 'docs/recipes/model-upgrade.md']))
    expect(found.some((c) => c.args[0] === 'compare')).toBe(true)
    expect(found.some((c) => c.args[0] === 'promote')).toBe(true)
  })

  test('each is a command the bin takes, with flags it knows', async () => {
    const dir = join(resultsDir, 'docs-cli-commands')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const { page, line, args } of found) {
      const run = await cli(args, dir)
      const where = `${page}: ${line}\n${run.stderr}`
      // In an empty folder: nothing to compare or promote, which is an input error (2) with its
      // own message, never a usage error.
      expect(run.code, where).toBe(2)
      expect(run.stderr, where).toMatch(
        /^\[vitest-scenario\] (No candidate report|No JSON report of candidate|The results report|No recordings of candidate)/,
      )
    }
  })
})
