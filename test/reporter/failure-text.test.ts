// A failure's whole message in the reports: a test error (a failed assertion, a library error)
// and a run error keep every line, from the test's result through collectEntries to the
// Markdown and HTML writers, for Vitest's and Jest's results alike; escaped, masked and bounded.
import { beforeAll, describe, expect, test } from 'vitest'
import { type ScenarioMeta, scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { jestTestModule } from '../../src/hosts/jest/jest-results.js'
import { collectEntries, type TestCaseLike } from '../../src/reporter/collect-entries.js'
import { htmlReport } from '../../src/reporter/html.js'
import { markdownReport } from '../../src/reporter/markdown.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import type { ScenarioEntry } from '../../src/reporter/scenario-entry.js'
import { runScenario } from '../../src/runner/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { pushback, sampleEntries } from './sample-results.js'

/** An `sk-` key as a 401 body echoes it: masked on the way into the reports. */
const KEY = 'sk-canary-0123456789abcdefABCDEF'

const HEADLINE = "[vitest-scenario] An outcome criterion of scenario 'pushback' is false"
/** The automatic outcome assertion's failure, as the reports show it. */
const PLAIN = [
  HEADLINE,
  '',
  'expect(result).toPassOutcomes()',
  '',
  '1 of 2 outcome criteria failed:',
  '  ✗ kept-answer',
  '  ✓ named-a-drug',
].join('\n')
/** The same, as the test's result gives it: its headline in colour. */
const ASSERTION = PLAIN.replace(HEADLINE, `\u001b[31m${HEADLINE}\u001b[39m`)

/** A library error: what, a subject, and what to do, on three lines. */
const THREE_LINES = [
  "[vitest-scenario] A call to model 'gpt' failed (auth): 401",
  `  - stage: answer, body: Incorrect API key provided: ${KEY}`,
  'Check the model configuration (model, baseURL, apiKey) and the request.',
].join('\n')

let scenario: ScenarioMeta

beforeAll(async () => {
  const definition = pushback()
  scenario = scenarioMeta(definition, [
    await runScenario(definition, { model: scriptedModel(['Venetoclax', 'Venetoclax']) }),
  ])
})

/** A failed scenario test as Vitest's reporter API gives it. */
function failedTest(...messages: string[]): TestCaseLike {
  return {
    fullName: 'keeps BCL2',
    module: { relativeModuleId: 'test/a.test.ts' },
    project: { name: '' },
    meta: () => ({ scenario }),
    result: () => ({ state: 'failed', errors: messages.map((message) => ({ message })) }),
    diagnostic: () => ({ duration: 5 }),
  }
}

function entriesOf(...messages: string[]): ScenarioEntry[] {
  return collectEntries([{ children: { allTests: () => [failedTest(...messages)] } }])
}

function reports(entries: readonly ScenarioEntry[]) {
  const summary = runSummary(entries)
  return { markdown: markdownReport(entries, summary), html: htmlReport(entries, summary) }
}

/** The Markdown from its `**label**` to the next bold label or scenario heading. */
function markdownPart(markdown: string, label: string): string {
  const start = markdown.indexOf(`**${label}**`)
  if (start === -1) return ''
  const end = markdown.slice(start + 1).search(/\n(\*\*[A-Z][a-z ]+\*\*|## )/)
  return markdown.slice(start, end === -1 ? undefined : start + 1 + end).trimEnd()
}

describe('a test error', () => {
  test('collectEntries keeps every line of it: colours out, secrets masked', () => {
    const [entry] = entriesOf(ASSERTION, THREE_LINES)
    expect(entry?.errors).toEqual([PLAIN, THREE_LINES.replace(KEY, '[secret]')])
  })

  test('the Markdown report: a one-line error is a list item; a longer one, its first line over the whole text', () => {
    const { markdown } = reports(entriesOf('expected status completed, got error', THREE_LINES))
    expect(markdownPart(markdown, 'Test failure')).toMatchInlineSnapshot(`
      "**Test failure**

      - expected status completed, got error

      <details><summary>[vitest-scenario] A call to model &#39;gpt&#39; failed (auth): 401</summary>

      <pre>[vitest-scenario] A call to model &#39;gpt&#39; failed (auth): 401
        - stage: answer, body: Incorrect API key provided: [secret]
      Check the model configuration (model, baseURL, apiKey) and the request.</pre>

      </details>"
    `)
    expect(markdown).not.toContain(KEY)
  })

  test('the HTML report shows every line, escaped, in the error box', () => {
    const { html } = reports(entriesOf(ASSERTION, THREE_LINES))
    const boxes = html.match(/<div class="error-box">[\s\S]*?<\/div>/g) ?? []
    expect(boxes).toEqual([
      `<div class="error-box">[vitest-scenario] An outcome criterion of scenario &#39;pushback&#39; is false

expect(result).toPassOutcomes()

1 of 2 outcome criteria failed:
  ✗ kept-answer
  ✓ named-a-drug</div>`,
      `<div class="error-box">[vitest-scenario] A call to model &#39;gpt&#39; failed (auth): 401
  - stage: answer, body: Incorrect API key provided: [secret]
Check the model configuration (model, baseURL, apiKey) and the request.</div>`,
    ])
    expect(html).not.toContain(KEY)
  })

  test('a long error keeps its first lines in view and folds the rest away in the HTML', () => {
    const long = ['headline', ...Array.from({ length: 29 }, (_, i) => `line ${i + 1}`)].join('\n')
    const { html } = reports(entriesOf(long))
    const box = html.match(/<div class="error-box">[\s\S]*?<\/div>/)?.[0]
    expect(box).toBe(
      `<div class="error-box">headline\nline 1\nline 2\nline 3\nline 4\nline 5<details class="error-rest"><summary>24 more lines</summary>${Array.from({ length: 24 }, (_, i) => `line ${i + 6}`).join('\n')}</details></div>`,
    )
  })

  test('a very long error is bounded, and says how much of it was cut', () => {
    const message = `headline\n${'x'.repeat(20_000)}`
    const [entry] = entriesOf(message)
    const kept = entry?.errors[0] ?? ''
    const cut = /\n… ([\d,]+) more characters not in the report$/.exec(kept)
    expect(cut).not.toBeNull()
    const shown = kept.slice(0, cut?.index)
    expect(message.startsWith(shown)).toBe(true)
    expect(shown.length).toBeGreaterThanOrEqual(1_000)
    expect(shown.length).toBeLessThanOrEqual(5_000)
    expect(shown.length + Number(cut?.[1]?.replace(/,/g, ''))).toBe(message.length)
    const { markdown, html } = reports([entry as ScenarioEntry])
    expect(markdown).toContain(`more characters not in the report</pre>`)
    // Three lines (headline, the cut line, the note): shown whole, no fold.
    expect(html).toContain(`more characters not in the report</div>`)
  })

  test('nothing in the text gets out of its block: fences, closing tags and markup stay text', () => {
    const hostile = [
      'headline <img src=x onerror=alert(1)> | `x`',
      '```',
      '</pre></details><script>alert(1)</script>',
      '# not a heading',
      '',
      '- not an item',
    ].join('\n')
    const { markdown, html } = reports(entriesOf(hostile))
    const part = markdownPart(markdown, 'Test failure')
    // The block's own tags, each once: the text closes nothing.
    expect(part.match(/<\/?(pre|details|summary)>/g)).toEqual([
      '<details>',
      '<summary>',
      '</summary>',
      '<pre>',
      '</pre>',
      '</details>',
    ])
    expect(part).not.toMatch(/<img|<script/)
    // An HTML block ends at a blank line: none inside the summary line, the <pre> holds the rest.
    expect(part).toContain(
      '<pre>headline &lt;img src=x onerror=alert(1)&gt; | `x`\n```\n&lt;/pre&gt;&lt;/details&gt;&lt;script&gt;alert(1)&lt;/script&gt;\n# not a heading\n\n- not an item</pre>',
    )
    const [own = ''] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[0])
    expect(html.replace(own, '')).not.toMatch(/<img|<script/)
  })
})

describe('a run error', () => {
  test('the Markdown report gives a multi-line one its first line over the whole text', async () => {
    const crashed = (await sampleEntries())[2]
    if (crashed === undefined) throw new Error('no sample entry')
    const meta = structuredClone(crashed.scenario)
    const error = meta.runs[0]?.error
    if (error === undefined) throw new Error('the sample run has no error')
    error.message = 'agent crashed: ECONNRESET\n  - host: api.example.test\nIs the server running?'
    const { markdown, html } = reports([{ ...crashed, scenario: meta, errors: [] }])
    expect(markdownPart(markdown, 'Errors')).toMatchInlineSnapshot(`
      "**Errors**

      <details><summary><strong>agent</strong> error at challenge (answer): agent crashed: ECONNRESET</summary>

      <pre>agent crashed: ECONNRESET
        - host: api.example.test
      Is the server running?</pre>

      </details>"
    `)
    expect(html).toContain(
      '<div class="error-box">agent error at challenge (answer): agent crashed: ECONNRESET\n  - host: api.example.test\nIs the server running?</div>',
    )
  })
})

describe('the Jest reporter', () => {
  test("collects a Jest failure's whole message, without its stack, for the same writers", () => {
    const { module } = jestTestModule(
      {
        testFilePath: '/repo/test/a.test.ts',
        testResults: [
          {
            fullName: 'keeps BCL2',
            status: 'failed',
            failureMessages: [
              `Error: ${ASSERTION}\n    at Object.<anonymous> (/repo/test/a.test.ts:3:1)\n    at run (node:internal)`,
            ],
          },
        ],
      },
      [{ ok: true, record: { test: 'keeps BCL2', scenario } }],
      '/repo',
    )
    const entries = collectEntries([module])
    expect(entries[0]?.errors).toEqual([`Error: ${PLAIN}`])
    const { markdown } = reports(entries)
    expect(markdownPart(markdown, 'Test failure')).toContain(
      '<pre>Error: [vitest-scenario] An outcome criterion of scenario &#39;pushback&#39; is false\n\nexpect(result).toPassOutcomes()\n\n1 of 2 outcome criteria failed:\n  ✗ kept-answer\n  ✓ named-a-drug</pre>',
    )
    expect(markdown).not.toContain('at Object.<anonymous>')
  })
})
