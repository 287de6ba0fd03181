import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli } from '../cli/cli-context.js'
import { fakeTerminal } from '../cli/label-fixtures.js'
import { docPages } from '../support/doc-blocks.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { resultsDir } from '../support/paths.js'

// Every `npx vitest-scenario …` command in a ```sh block of the README and docs/ is one the bin
// takes: run in an empty folder, it may find no report or no recordings, but never rejects its
// command or a flag. What the commands do on a real project is test/compare/compare-e2e.test.ts
// and test/github/github-e2e.test.ts; the workflow files' commands are
// test/docs/workflow-file.test.ts.

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

  test('the comparing guide, the recipe, the CI review and calibration pages and the reference show the commands', () => {
    const pages = new Set(found.map((c) => c.page))
    expect(pages).toEqual(
      new Set([
        'docs/guide/calibration.md',
        'docs/guide/ci-review.md',
        'docs/guide/comparing.md',
        'docs/recipes/model-upgrade.md',
        'docs/reference/cli.md',
      ]),
    )
    for (const command of ['compare', 'promote', 'github', 'label']) {
      expect(found.some((c) => c.args[0] === command)).toBe(true)
    }
    expect(found.filter((c) => c.args[0] === 'label').map((c) => c.page)).toEqual([
      'docs/guide/calibration.md',
      'docs/reference/cli.md',
      'docs/reference/cli.md',
    ])
    const review = found.filter((c) => c.page === 'docs/guide/ci-review.md')
    expect(review.map((c) => c.args[0])).toEqual(['compare', 'github', 'github'])
  })

  test('each is a command the bin takes, with flags it knows', async () => {
    const dir = join(resultsDir, 'docs-cli-commands')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    // Outside GitHub Actions: `github` finds no token, no repository and no event.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(GITHUB_|RUNNER_|ACTIONS_)/.test(name)),
    )
    for (const { page, line, args } of found) {
      // `label` needs a terminal: a fake one, so it gets as far as the missing report.
      const run = await cli(args, dir, env, args[0] === 'label' ? fakeTerminal() : undefined)
      const where = `${page}: ${line}\n${run.stderr}`
      // In an empty folder: nothing to compare, promote, merge or post, which is an input error
      // (2) with its own message, never a usage error. `github` stops at the missing report or
      // at the missing GITHUB_TOKEN / GITHUB_REPOSITORY, whichever it checks first.
      expect(run.code, where).toBe(2)
      expect(run.stderr, where).toMatch(
        /^\[vitest-scenario\] (No candidate report|No JSON report of candidate|The results report|No recordings of candidate|[^\n]*\bGITHUB_(TOKEN|REPOSITORY)\b)/,
      )
    }
  })
})
