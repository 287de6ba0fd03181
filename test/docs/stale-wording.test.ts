import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { docPages } from '../support/doc-blocks.js'
import { repoRoot } from '../support/paths.js'

// Wording the docs once had for behaviour the library no longer has. Each rule names what is
// true now and the test that proves it, so a page that brings the old wording back fails here.
// The pages that tell the library's history on purpose (decisions, performance) are left out.

/** A wording that describes replaced behaviour, and what is true now. */
interface StaleWording {
  pattern: RegExp
  now: string
  /** The old sentence, as a page had it: the pattern must still catch it. */
  example: string
}

const STALE: StaleWording[] = [
  {
    // test/runner/conversation-plain-array.test.ts: an agent, a question function get a plain array.
    pattern:
      /\bProxy snapshot\b|\b(can ?not|can't|could not) be cloned\b|structuredClone[^.]*\b(fails|throws)\b/i,
    now: 'the conversation user code gets is a plain array, structuredClone-able',
    example:
      'The conversation is a Proxy snapshot of the transcript: it cannot be cloned, so structuredClone(conversation) throws.',
  },
  {
    pattern: /\bconversation\b[^.]*\bread-only view\b/i,
    now: "a question function's context.conversation is a plain array of its own copies",
    example:
      '`conversation` is the messages so far — the seed, then every earlier question — as a read-only view (a write throws a `ReadOnlyStateError`).',
  },
  {
    // test/reporter/scenario-meta.test.ts: a stateful condition is evaluated once per routing,
    // and the report names the edge it chose.
    pattern: /\bre-?runs? the routing\b|\brouting on the state rebuilt\b|\bcannot be re-run\b/i,
    now: "the reporter reads each turn's recorded route ({ edge, reason })",
    example:
      'the reporter re-runs the routing on the state rebuilt from the history. A condition that reads `accumulated` cannot be re-run that way',
  },
]

/** Pages that tell what earlier versions did, on purpose. */
const HISTORY = new Set(['docs/decisions.md', 'docs/performance.md'])

/** A page's text with its line breaks folded, so a sentence split over lines is one string. */
function folded(page: string): string {
  return readFileSync(join(repoRoot, page), 'utf8').replace(/\s+/g, ' ')
}

const pages = docPages().filter((page) => !HISTORY.has(page))

describe('the docs describe the library as it is', () => {
  test.each(STALE.map((rule) => [rule.now, rule] as const))('%s', (_, rule) => {
    expect(rule.pattern.test(rule.example)).toBe(true)
    const found = pages.filter((page) => rule.pattern.test(folded(page)))
    expect(found).toEqual([])
  })

  test('the pages that describe the conversation and the routes say what is true now', () => {
    const says = (page: string, text: RegExp): boolean => text.test(folded(page))
    expect(says('docs/guide/running-scenarios.md', /The conversation is a plain array/)).toBe(true)
    expect(says('docs/guide/running-scenarios.md', /structuredClone\(conversation\)/)).toBe(true)
    expect(
      says('docs/guide/writing-scenarios.md', /as a plain array of the function's own copies/),
    ).toBe(true)
    expect(
      says('docs/guide/reports.md', /records the edge routing took \(`route: \{ edge, reason \}`/),
    ).toBe(true)
  })
})
