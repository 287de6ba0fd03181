import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { matchers } from 'vitest-scenario/matchers'
import { repoRoot } from '../support/paths.js'

// The matcher reference lists every matcher the setup entries register, and no other: the table's
// first column against the `matchers` object, and the two the setup entries make with the
// entry's factories (`createToMatchConversationSnapshot` from the runner's own `toMatchSnapshot`,
// `createToSatisfyJudge` with the host's recording and parsing model).

/** The matcher names of the reference's table, from its first column (`toX(…)`). */
function documentedMatchers(): string[] {
  const page = readFileSync(join(repoRoot, 'docs/reference/matchers.md'), 'utf8')
  return [...page.matchAll(/^\| `(?:await )?(to\w+)\(/gm)].map((match) => match[1] ?? '')
}

test('the matcher table lists exactly the registered matchers', () => {
  const made = ['toMatchConversationSnapshot', 'toSatisfyJudge', 'toAgreeWithLabels']
  const registered = [...Object.keys(matchers), ...made].sort()
  expect(registered.length).toBeGreaterThan(10)
  expect(documentedMatchers().sort()).toEqual(registered)
})
