import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot } from '../support/paths.js'
import { prepareSample, runVitest } from '../support/sample-project.js'

/** The first ```ts block under "## Quick start" in the README. */
function quickStart(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Quick start'))
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (block === undefined) throw new Error('README.md has no ```ts block under "## Quick start"')
  return block
}

test("the README's quick start runs as written against the packed package", () => {
  const cwd = prepareSample('readme')
  writeFileSync(join(cwd, 'pushback.test.ts'), quickStart())
  const result = runVitest(cwd)
  expect(result.output).toMatch(/✓ pushback\.test\.ts > the agent keeps its correct answer/)
  expect(result.output).toMatch(/Tests\s+1 passed \(1\)/)
  expect(result.code, result.output).toBe(0)
}, 120_000)
