import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { JUDGE_SYSTEM_PROMPT } from '../../src/models/judge-conversation.js'
import { repoRoot } from '../support/paths.js'

test("the docs quote the judge's prompt verbatim", () => {
  const readme = readFileSync(join(repoRoot, 'docs/guide/testing-agents.md'), 'utf8')
  const intro = readme.indexOf("The judge's prompt is the library's own.")
  expect(intro).toBeGreaterThan(0)
  const block = /```text\n([\s\S]*?)\n```/.exec(readme.slice(intro))
  expect(block?.[1]).toBe(JUDGE_SYSTEM_PROMPT)
})
